// Release step: records the bundles being released as the baseline of the release gate (released/<host>.yaml).
// `pnpm version-packages` runs it after `changeset version`, so the next gate compares against this release.
import { copyFileSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const from = join(root, "dist", "specs");
const to = join(root, "released");
const bundles = readdirSync(from).filter((n) => n.endsWith(".yaml"));
if (bundles.length === 0) {
  console.error("contract: dist/specs/ holds no bundle; run pnpm build first");
  process.exit(1);
}
mkdirSync(to, { recursive: true });
for (const name of readdirSync(to)) if (name.endsWith(".yaml")) rmSync(join(to, name));
for (const name of bundles) copyFileSync(join(from, name), join(to, name));
console.log(`contract: released/ now holds the ${bundles.length} bundles of this release`);
