// Reads specs/shared/signatures.yaml and writes src/generated/recipes.ts, the recipe table the schemes interpret.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

const here = dirname(fileURLToPath(import.meta.url));
const source = join(here, "../../../specs/shared/signatures.yaml");
const target = join(here, "../src/generated/recipes.ts");

const ALGORITHMS = new Set(["sha512", "hmac-sha256"]);
const SECRETS = new Set(["salt", "signing-secret"]);
const FORMATS = new Set(["joined", "sorted-key-value"]);
const CARRIERS = new Set(["body", "header"]);

/** @param {string} message */
function fail(message) {
  console.error(`generate-recipes: ${message} (in ${source})`);
  process.exit(1);
}

/**
 * Turns one YAML part into its normalised form.
 * @param {string} id
 * @param {unknown} part
 */
function normalisePart(id, part) {
  if (part === "$secret") return { kind: "secret" };
  if (part === "$empty") return { kind: "empty" };
  if (typeof part === "string") {
    if (part.startsWith("$")) fail(`${id}: unknown special part "${part}"`);
    return { kind: "field", name: part };
  }
  if (part && typeof part === "object" && typeof part.field === "string") {
    if (part.optional !== true) fail(`${id}: part {field: ${part.field}} must say optional: true`);
    return { kind: "optional", name: part.field };
  }
  return fail(`${id}: cannot read part ${JSON.stringify(part)}`);
}

const doc = parse(readFileSync(source, "utf8"));
if (!doc || typeof doc !== "object") fail("expected a mapping of recipe ids");

const recipes = {};
for (const [key, r] of Object.entries(doc)) {
  if (r.id !== key) fail(`${key}: id "${r.id}" differs from its key`);
  if (!ALGORITHMS.has(r.algorithm)) fail(`${key}: unsupported algorithm "${r.algorithm}"`);
  if (!SECRETS.has(r.secret)) fail(`${key}: unsupported secret kind "${r.secret}"`);
  if (!FORMATS.has(r.format)) fail(`${key}: unsupported format "${r.format}"`);
  if (r.output !== "hex-lower") fail(`${key}: unsupported output "${r.output}"`);
  if (!r.carrier || !CARRIERS.has(r.carrier.in) || typeof r.carrier.name !== "string") {
    fail(`${key}: carrier must be {in: body|header, name}`);
  }
  if (typeof r.join !== "string" || typeof r.quote !== "string")
    fail(`${key}: join and quote must be strings`);
  if (!Array.isArray(r.parts)) fail(`${key}: parts must be a list`);
  const parts = r.parts.map((p) => normalisePart(key, p));
  if (r.format === "joined" && parts.filter((p) => p.kind === "secret").length > 1) {
    fail(`${key}: at most one $secret part`);
  }
  recipes[key] = {
    id: r.id,
    title: String(r.title ?? r.id),
    algorithm: r.algorithm,
    secret: r.secret,
    output: r.output,
    carrier: { in: r.carrier.in, name: r.carrier.name },
    format: r.format,
    join: r.join,
    quote: r.quote,
    parts,
    notes: String(r.notes ?? "").trim(),
  };
}

/**
 * Straight-line pre-image builder for a joined recipe (the recipe's interpretation done once, at build
 * time): non-empty strings are used as they are, anything else goes through \`slow(slotIndex, value)\`,
 * the interpreter's own conversion (empty slots, numbers, JSON-in-form objects, typed errors).
 * Returns undefined when the recipe's shape is not covered (the interpreter is used instead).
 * @param {{ parts: any[], join: string, quote: string }} recipe
 */
function fastBuilder(recipe) {
  const { parts, join, quote } = recipe;
  if (parts.length > 1 && parts[0].kind === "optional" && parts[1].kind === "optional") return undefined;
  const lines = [];
  /** @type {(string | { expr: string })[]} literal text, or an expression */
  const pieces = [];
  parts.forEach((part, i) => {
    const sep = i === 0 || (i === 1 && parts[0].kind === "optional") ? "" : join;
    if (part.kind === "secret") pieces.push(sep + quote, { expr: "s" }, quote);
    else if (part.kind === "empty") pieces.push(sep + quote + quote);
    else if (part.kind === "field") {
      lines.push(`let v${i} = f[${JSON.stringify(part.name)}];`);
      lines.push(`if (typeof v${i} !== "string" || v${i} === "") v${i} = slow(${i}, v${i});`);
      pieces.push(sep + quote, { expr: `v${i}` }, quote);
    } else {
      const [before, after] = i === 0 ? [quote, quote + join] : [join + quote, quote];
      const value = `(typeof o${i} === "string" ? o${i} : slow(${i}, o${i}))`;
      const piece = [before && JSON.stringify(before), value, after && JSON.stringify(after)]
        .filter(Boolean)
        .join(" + ");
      lines.push(`const o${i} = f[${JSON.stringify(part.name)}];`);
      lines.push(`const p${i} = o${i} === undefined || o${i} === null || o${i} === "" ? "" : ${piece};`);
      pieces.push({ expr: `p${i}` });
    }
  });
  const merged = [];
  for (const piece of pieces) {
    const last = merged[merged.length - 1];
    if (typeof piece === "string" && typeof last === "string") merged[merged.length - 1] = last + piece;
    else merged.push(piece);
  }
  const expr = merged
    .filter((p) => p !== "")
    .map((p) => (typeof p === "string" ? JSON.stringify(p) : p.expr))
    .join(" + ");
  return `(f, s, slow) => {\n${lines.map((l) => `    ${l}`).join("\n")}\n    return ${expr};\n  }`;
}

const builders = Object.values(recipes)
  .filter((r) => r.format === "joined")
  .map((r) => [r.id, fastBuilder(r)])
  .filter(([, code]) => code !== undefined)
  .map(([id, code]) => `  ${JSON.stringify(id)}: ${code},`)
  .join("\n");

const body = `// generated from specs/shared/signatures.yaml, do not edit
// Run \`node scripts/generate-recipes.mjs\` (part of \`pnpm build\`) after changing the YAML.
import type { PreimageBuilder, Recipe } from "../recipe-types.js";

export const RECIPES = ${JSON.stringify(recipes, null, 2)} as const satisfies Record<string, Recipe>;

/** Identifier of a signing scheme, as keyed in signatures.yaml. */
export type SchemeId = keyof typeof RECIPES;

/** Every scheme id, in the order of signatures.yaml. */
export const SCHEME_IDS = ${JSON.stringify(Object.keys(recipes))} as const satisfies readonly SchemeId[];

/**
 * Pre-image builders of the joined recipes, compiled from the parts above (same rules as the
 * interpreter in joined.ts, which property tests check them against). \`slow\` converts any value
 * that is not a non-empty string: empty slots, numbers, JSON-in-form objects, typed errors.
 */
export const PREIMAGE_BUILDERS: { readonly [id: string]: PreimageBuilder } = {
${builders}
};
`;

mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, body);
console.log(`generate-recipes: wrote ${Object.keys(recipes).length} recipes to src/generated/recipes.ts`);
