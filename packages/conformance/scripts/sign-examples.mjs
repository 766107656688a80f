// Rewrites the digests of the specs' signed examples so they verify under the mock's test credentials.
// Usage (after pnpm build): node packages/conformance/scripts/sign-examples.mjs
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_CREDENTIALS } from "@pgi/mock";
import { signedExamples } from "../dist/spec/signed-examples.js";
import { loadSpecSet } from "../dist/spec/spec-set.js";

const specsRoot = join(dirname(fileURLToPath(import.meta.url)), "../../../specs");
const wrong = signedExamples(loadSpecSet(join(specsRoot, "dist")), DEFAULT_CREDENTIALS).filter(
  (e) => e.written !== e.expected,
);
const replacements = new Map(wrong.map((e) => [e.written, e.expected]));
const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    if (name === "dist" || name === "node_modules") continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (name.endsWith(".yaml")) files.push(path);
  }
};
walk(specsRoot);
let changed = 0;
for (const file of files) {
  const text = readFileSync(file, "utf8");
  let next = text;
  for (const [from, to] of replacements) next = next.split(from).join(to);
  if (next !== text) {
    writeFileSync(file, next);
    changed++;
  }
}
console.log(
  `sign-examples: ${replacements.size} digest(s) rewritten in ${changed} file(s); run pnpm build to rebundle`,
);
