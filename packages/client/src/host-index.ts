// The hosts and the configuration names as the client uses them, derived from the generated host index.
import { CONFIGURATION, HOSTS, type HostName } from "./generated/hosts.js";
import type { Credentials } from "./options.js";

export type { HostName } from "./generated/hosts.js";

/** One host as the client describes it: title, spec version, base-URL variable and default URL (the local mock). */
export interface HostInfo {
  readonly title: string;
  readonly version: string;
  /** The base-URL configuration name, e.g. PGI_PAYOUT_URL. */
  readonly env: string;
  readonly defaultUrl: string;
  readonly serverUrl: string;
  readonly variables: Readonly<Record<string, string>>;
}

/**
 * Each host by name.
 *
 * @example
 * hosts.payout.env; // "PGI_PAYOUT_URL"
 */
export const hosts: Readonly<Record<HostName, HostInfo>> = Object.fromEntries(
  HOSTS.map((h): [HostName, HostInfo] => [
    h.id,
    {
      title: h.title,
      version: h.version,
      env: h.baseUrlName,
      defaultUrl: h.defaultUrl,
      serverUrl: h.serverUrl,
      variables: h.variables,
    },
  ]),
) as Record<HostName, HostInfo>;

// Compile-time checks that the specs name only options the client has: a wrong name in x-pgi-host fails the build.
type Entry = (typeof CONFIGURATION)[number];
type ParameterName = Extract<Entry["use"], { parameters: readonly string[] }>["parameters"][number];
const parametersAreOptions: ParameterName extends keyof Credentials ? true : false = true;
const clientOptionsExist: Entry["clientOptions"][number] extends keyof Credentials ? true : false = true;
void parametersAreOptions;
void clientOptionsExist;

/**
 * The credential option that fills each header parameter (lower-cased name), from the configuration names whose
 * value the interface sends as a parameter: `clientType`, `pid`, `mid`, `payoutMerchantId`.
 */
export const HEADER_CREDENTIAL: Readonly<Record<string, keyof Credentials>> = Object.fromEntries(
  CONFIGURATION.flatMap((c) =>
    "parameters" in c.use ? c.use.parameters.map((p) => [p.toLowerCase(), p as keyof Credentials]) : [],
  ),
);

/**
 * The body fields each host's requests take from a credential option when the body leaves them out (the gateway's
 * `key` from `merchantKey`, the wallet's `mid` from `walletMid`), from the configuration names used as body fields.
 */
export const BODY_CREDENTIAL: Readonly<Partial<Record<HostName, readonly [string, keyof Credentials][]>>> =
  Object.fromEntries(
    HOSTS.map((h) => [
      h.id,
      CONFIGURATION.filter(
        (c) => c.host === h.id && "bodyFields" in c.use && c.clientOptions.length > 0,
      ).flatMap((c) =>
        "bodyFields" in c.use
          ? c.use.bodyFields.map((f) => [f, c.clientOptions[0] as keyof Credentials] as const)
          : [],
      ),
    ]),
  );
