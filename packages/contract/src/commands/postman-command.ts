// `pgi-contract postman --out DIR`: writes the Postman collections and the mock environment.
import { mkdirSync, writeFileSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { contractHosts, mockDefaults, specsDir } from "../contract-files.js";
import { loadPathSet } from "../diff/load-specs.js";
import { UsageError } from "../errors.js";
import { buildCollections, type CollectionHost } from "../postman/build-collections.js";
import type { CliIo } from "./io.js";

/** Names of the files written into the output folder. */
export const POSTMAN_FILES = {
  collection: "pgi.postman_collection.json",
  receivers: "pgi-receivers.postman_collection.json",
  environment: "pgi-mock.postman_environment.json",
} as const;

/** Help of the postman command. */
export function postmanHelp(command: string): string {
  return `${command} postman: write Postman collections (v2.1) of the contract and an environment for the local mock.

Usage
  ${command} postman --out DIR [--host HOST]...

Writes into DIR:
  ${POSTMAN_FILES.collection}          every operation, a folder per host; each request computes its
                                        hash, checksum or signature from the spec's recipe before sending,
                                        and its tests check the documented status and the answer's hash
  ${POSTMAN_FILES.receivers}  signed webhooks and callbacks to send to your own endpoint ({{receiverUrl}})
  ${POSTMAN_FILES.environment}    the mock's URLs (ports 4010-4016) and test credentials

Options
  --out DIR     output folder (created if missing)
  --host HOST   only these hosts (repeatable): ${contractHosts()
    .map((h) => h.host)
    .join(", ")}
  -h, --help    this help

Then: Postman → Import → the three files; pick the environment "PGI mock (local)" (start the mock with
"npx pgi-mock") or set the PGI_* variables of your sandbox; send. newman runs them too:
  npx newman run DIR/${POSTMAN_FILES.collection} -e DIR/${POSTMAN_FILES.environment}

Example
  ${command} postman --out postman/
`;
}

/**
 * Runs `postman`; returns the exit code.
 *
 * @example
 * runPostman(["--out", "postman"], processIo(), "pgi-contract");
 */
export function runPostman(args: string[], io: CliIo, command: string): number {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      out: { type: "string" },
      host: { type: "string", multiple: true, default: [] },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    io.stdout.write(postmanHelp(command));
    return 0;
  }
  if (positionals.length > 0)
    throw new UsageError(`postman: unexpected argument "${positionals[0]}"; give the folder with --out DIR`);
  if (!values.out)
    throw new UsageError("postman: --out DIR is required (the folder to write the collections into)");
  const index = contractHosts();
  const wanted = values.host;
  for (const h of wanted) {
    if (!index.some((x) => x.host === h))
      throw new UsageError(`--host: "${h}" is not one of ${index.map((x) => x.host).join(", ")}`);
  }
  const set = loadPathSet(specsDir());
  const hosts: CollectionHost[] = index
    .filter((h) => wanted.length === 0 || wanted.includes(h.host))
    .map((h) => ({ host: h.host, title: h.title, urlVariable: h.env, doc: set.hosts.get(h.host)! }));
  const files = buildCollections(hosts, mockDefaults());
  const out = isAbsolute(values.out) ? values.out : resolve(io.cwd, values.out);
  mkdirSync(out, { recursive: true });
  for (const [key, name] of Object.entries(POSTMAN_FILES)) {
    writeFileSync(join(out, name), `${JSON.stringify(files[key as keyof typeof files], null, 2)}\n`);
  }
  const count = (c: Record<string, unknown>) =>
    (c.item as { item: unknown[] }[]).reduce((n, f) => n + f.item.length, 0);
  io.stdout.write(
    `wrote ${values.out}: ${POSTMAN_FILES.collection} (${count(files.collection)} requests in ${hosts.length} host folders), ${POSTMAN_FILES.receivers} (${count(files.receivers)}), ${POSTMAN_FILES.environment}\n`,
  );
  return 0;
}
