// Builds the collections from the package's built bundles, as `pgi-contract postman` does.
import { contractHosts, mockDefaults, specsDir } from "../../src/contract-files.js";
import { loadPathSet } from "../../src/diff/load-specs.js";
import { buildCollections, type CollectionHost } from "../../src/postman/build-collections.js";

/** The collections, the receivers' collection and the mock environment of every host. */
export function collections() {
  const set = loadPathSet(specsDir());
  const hosts: CollectionHost[] = contractHosts().map((h) => ({
    host: h.host,
    title: h.title,
    urlVariable: h.env,
    doc: set.hosts.get(h.host)!,
  }));
  return { hosts, files: buildCollections(hosts, mockDefaults()) };
}

/** The environment with the base URLs pointed at a running mock. */
export function environmentFor(
  environment: Record<string, unknown>,
  urls: Record<string, string>,
  overrides: Record<string, string> = {},
) {
  const env = structuredClone(environment) as { values: { key: string; value: string }[] };
  for (const v of env.values) {
    const m = v.key.match(/^PGI_([A-Z]+)_URL$/);
    if (m?.[1] && urls[m[1].toLowerCase()]) v.value = urls[m[1].toLowerCase()]!;
    if (overrides[v.key] !== undefined) v.value = overrides[v.key]!;
  }
  return env;
}
