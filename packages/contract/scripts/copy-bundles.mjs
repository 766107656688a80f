// Build step: copies the bundled specs (specs/dist/<host>.yaml) into dist/specs/ as YAML and JSON with an index of
// hosts, and writes dist/mock-defaults.json (the mock's default ports and test credentials, from @pgi/mock's
// exports) for the Postman environment. The published package depends on neither @pgi/specs nor @pgi/mock.
import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { CREDENTIAL_ENV, DEFAULT_CREDENTIALS, DEFAULT_PORTS } from "@pgi/mock";
import { HOSTS } from "@pgi/specs/hosts";
import { parse } from "yaml";

const require = createRequire(import.meta.url);
const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
const out = join(dist, "specs");
await mkdir(out, { recursive: true });

const hosts = [];
for (const { host, title, port, env } of HOSTS) {
  // Host facts from the specs' host list; what it does not carry comes from the bundle, the mock and the naming rule.
  const text = await readFile(require.resolve(`@pgi/specs/dist/${host}.yaml`), "utf8");
  const doc = parse(text);
  await writeFile(join(out, `${host}.yaml`), text);
  await writeFile(join(out, `${host}.json`), `${JSON.stringify(doc, null, 2)}\n`);
  hosts.push({
    host,
    title: title ?? doc.info?.title ?? host,
    apiTitle: doc.info?.title ?? title,
    version: String(doc.info?.version ?? ""),
    port: port ?? DEFAULT_PORTS[host],
    env: env ?? `PGI_${host.toUpperCase()}_URL`,
    yaml: `${host}.yaml`,
    json: `${host}.json`,
    sha256: createHash("sha256").update(text).digest("hex"),
  });
}
await writeFile(join(out, "index.json"), `${JSON.stringify({ hosts }, null, 2)}\n`);

const credentials = Object.fromEntries(
  Object.entries(CREDENTIAL_ENV).map(([field, name]) => [name, DEFAULT_CREDENTIALS[field]]),
);
await writeFile(
  join(dist, "mock-defaults.json"),
  `${JSON.stringify({ ports: DEFAULT_PORTS, credentials }, null, 2)}\n`,
);
console.log(`contract: ${hosts.length} bundles (YAML and JSON) and the index in dist/specs/`);
