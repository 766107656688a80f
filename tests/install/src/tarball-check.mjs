// @ts-check
// What a packed tarball must satisfy before anyone installs it: files present, no private or workspace
// dependency, every export, bin, import and source map resolving inside the tarball, no test files.
import { builtinModules } from "node:module";
import { posix } from "node:path";

const DEP_FIELDS = ["dependencies", "peerDependencies", "optionalDependencies"];
const REQUIRED_FILES = ["package.json", "LICENSE", "README.md", "CHANGELOG.md"];
const TEST_FILE = /(^|\/)(__tests__\/|[^/]*\.test(-d)?\.(js|mjs|cjs|ts|d\.ts|map)$|[^/]*\.spec\.(js|d\.ts)$)/;
const BUILTINS = new Set(builtinModules);

/**
 * @typedef {object} Packed
 * @property {Record<string, any>} manifest  the package.json inside the tarball
 * @property {string[]} files  paths inside the tarball, relative to its `package/` folder
 * @property {(path: string) => string} read  text of one of those files
 */

/**
 * Every problem of one packed package, as sentences naming the package, the file and the rule.
 *
 * @param {Packed} packed
 * @param {{ privateNames: ReadonlySet<string>, license: string, repositoryUrl: string }} expect
 * @returns {string[]}
 * @example
 * problems({ manifest, files, read }, { privateNames: new Set(["@pgi/specs"]), license, repositoryUrl });
 * // ["@pgi/x: dependencies.@pgi/specs is private: it cannot be installed from a registry", ...]
 */
export function problems(packed, expect) {
  const { manifest, files } = packed;
  const name = String(manifest.name);
  const have = new Set(files);
  const out = [];
  const say = (/** @type {string} */ s) => out.push(`${name}: ${s}`);

  for (const f of REQUIRED_FILES) if (!have.has(f)) say(`${f} is missing from the tarball`);
  if (have.has("LICENSE") && packed.read("LICENSE").trim() !== expect.license.trim())
    say("LICENSE differs from the repository's LICENSE");
  for (const field of ["homepage", "bugs"]) if (!manifest[field]) say(`package.json has no ${field}`);
  if (manifest.repository?.url !== expect.repositoryUrl)
    say(`repository.url is ${JSON.stringify(manifest.repository?.url)}, want ${expect.repositoryUrl}`);
  if (manifest.private) say("is private: it would not be published");

  for (const field of [...DEP_FIELDS, "devDependencies"]) {
    for (const [dep, range] of Object.entries(manifest[field] ?? {})) {
      if (/^(workspace|catalog|link|file):/.test(String(range)))
        say(`${field}.${dep} is "${range}": a workspace range left in the packed manifest`);
      if (field !== "devDependencies" && expect.privateNames.has(dep))
        say(`${field}.${dep} is private: it cannot be installed from a registry`);
    }
  }

  for (const target of entryTargets(manifest))
    if (!have.has(target)) say(`package.json points at ${target}, which is not in the tarball`);

  for (const f of files) {
    if (TEST_FILE.test(f)) say(`${f} is a test file: keep tests out of dist`);
    if (/\.(m?js|d\.ts)$/.test(f)) for (const p of importProblems(packed, f, have)) say(p);
    if (f.endsWith(".map")) {
      const p = mapProblem(packed, f, have);
      if (p) say(p);
    }
  }
  return out;
}

/**
 * Files that package.json's exports, main, types and bin point at, normalised to tarball paths.
 *
 * @param {Record<string, any>} manifest
 * @returns {string[]}
 */
export function entryTargets(manifest) {
  const targets = new Set();
  const walk = (/** @type {unknown} */ v) => {
    if (typeof v === "string") targets.add(posix.normalize(v));
    else if (v && typeof v === "object") for (const x of Object.values(v)) walk(x);
  };
  walk(manifest.exports);
  walk(manifest.bin);
  for (const f of ["main", "types", "module"]) walk(manifest[f]);
  return [...targets].filter((t) => !t.includes("*"));
}

/** Specifiers of static and dynamic imports and require() calls, comments removed first. */
export function specifiers(/** @type {string} */ code) {
  const text = code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const found = [];
  const re = /(?<![\w$."'])(?:from\s*|import\s*\(\s*|import\s+|require\s*\(\s*)["']([\w@./][^"'\s]*)["']/g;
  for (const m of text.matchAll(re)) found.push(/** @type {string} */ (m[1]));
  return found;
}

/**
 * Relative imports that point at no file, and bare ones to packages the manifest does not declare.
 *
 * @param {Packed} packed
 * @param {string} file
 * @param {Set<string>} have
 */
function importProblems(packed, file, have) {
  const declared = new Set(DEP_FIELDS.flatMap((f) => Object.keys(packed.manifest[f] ?? {})));
  const out = [];
  for (const spec of specifiers(packed.read(file))) {
    if (spec.startsWith(".")) {
      const target = posix.normalize(posix.join(posix.dirname(file), spec));
      const candidates = file.endsWith(".d.ts") ? [target, target.replace(/\.js$/, ".d.ts")] : [target];
      if (!candidates.some((c) => have.has(c)))
        out.push(`${file} imports ${spec}, which is not in the tarball`);
      continue;
    }
    if (spec.startsWith("node:") || BUILTINS.has(spec)) continue;
    const pkg = spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : String(spec.split("/")[0]);
    if (pkg === packed.manifest.name) continue;
    if (!declared.has(pkg)) out.push(`${file} imports ${spec}, but ${pkg} is not a dependency`);
  }
  return out;
}

/**
 * A source map must carry its sources (sourcesContent) or point at files in the tarball.
 *
 * @param {Packed} packed
 * @param {string} file
 * @param {Set<string>} have
 * @returns {string | undefined}
 */
function mapProblem(packed, file, have) {
  /** @type {{ sources?: string[], sourcesContent?: (string | null)[] }} */
  let map;
  try {
    map = JSON.parse(packed.read(file));
  } catch {
    return `${file} is not valid JSON`;
  }
  const sources = map.sources ?? [];
  const missing = sources.filter(
    (s, i) =>
      typeof map.sourcesContent?.[i] !== "string" &&
      !have.has(posix.normalize(posix.join(posix.dirname(file), s))),
  );
  return missing.length > 0
    ? `${file} points at ${missing.join(", ")}, neither shipped nor embedded (sourcesContent)`
    : undefined;
}
