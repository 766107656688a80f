// The facts of each host the pages quote (base-URL variable, the mock's URL), read from the specs package's list.
import type { HostName } from "@pgi/client";
import { HOSTS } from "@pgi/specs/hosts";

/** What a page says about a host. */
export interface HostFacts {
  readonly host: HostName;
  readonly title: string;
  /** The configuration name of its base URL, e.g. `PGI_GATEWAY_URL`. */
  readonly env: string;
  /** The mock's URL when `pnpm mock` runs with no options, e.g. `http://127.0.0.1:4011`. */
  readonly mockUrl: string;
}

/** Every host, in the specs' order. */
export const HOST_FACTS: readonly HostFacts[] = HOSTS.map((h) => ({
  host: h.host as HostName,
  title: h.title,
  env: h.env,
  mockUrl: `http://127.0.0.1:${h.port}`,
}));

/**
 * The facts of one host.
 *
 * @example
 * hostFacts("gateway").env // => "PGI_GATEWAY_URL"
 */
export function hostFacts(host: HostName): HostFacts {
  const found = HOST_FACTS.find((h) => h.host === host);
  if (!found) throw new Error(`@pgi/specs/hosts has no host "${host}"`);
  return found;
}
