// Copies the bundled specs (specs/dist/<host>.yaml) into dist/specs/ so the published mock carries its contract,
// and writes beside each one <host>.json: the parsed bundle and Prism's view of its operations, computed once here
// so the mock starts without parsing YAML or loading Prism (the file names the SHA-256 of the YAML it came from).
// It also copies the host index (specs/dist/hosts.ts: hosts and configuration names) into src/generated/.
import { createHash } from "node:crypto";
import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { HOSTS } from "@pgi/specs/hosts";
import { parse } from "yaml";

const require = createRequire(import.meta.url);
const { getHttpOperationsFromSpec } = require("@stoplight/prism-http");
const pkg = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(pkg, "dist", "specs");
await mkdir(out, { recursive: true });
await mkdir(join(pkg, "src", "generated"), { recursive: true });
await copyFile(require.resolve("@pgi/specs/dist/hosts.ts"), join(pkg, "src", "generated", "hosts.ts"));
for (const { host } of HOSTS) {
  const text = await readFile(require.resolve(`@pgi/specs/dist/${host}.yaml`), "utf8");
  await writeFile(join(out, `${host}.yaml`), text);
  const doc = parse(text);
  const prismOperations = await getHttpOperationsFromSpec(structuredClone(doc));
  const sha256 = createHash("sha256").update(text).digest("hex");
  await writeFile(join(out, `${host}.json`), JSON.stringify({ sha256, doc, prismOperations }));
}
