// Copies the bundled specs (specs/dist/<host>.yaml) into dist/specs/ so the published suite carries its contract.
import { copyFile, mkdir } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { HOSTS } from "@pgi/specs/hosts";

const require = createRequire(import.meta.url);
const out = join(dirname(fileURLToPath(import.meta.url)), "..", "dist", "specs");
await mkdir(out, { recursive: true });
for (const { host } of HOSTS) {
  await copyFile(require.resolve(`@pgi/specs/dist/${host}.yaml`), join(out, `${host}.yaml`));
}
