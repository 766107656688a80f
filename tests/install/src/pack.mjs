// @ts-check
// Packs every public workspace package with pnpm (workspace: and catalog: ranges become versions) and reads the
// tarballs back for the checks.
import { mkdir, readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { parse } from "yaml";
import { run } from "./processes.mjs";

/**
 * @typedef {{ dir: string, name: string, version: string, private: boolean }} WorkspacePackage
 */

/**
 * Every package of the workspace (from pnpm-workspace.yaml's globs of the form `dir` or `dir/*`).
 *
 * @param {string} root
 * @returns {Promise<WorkspacePackage[]>}
 * @example
 * (await workspacePackages(root)).filter((p) => !p.private).map((p) => p.name); // ["@pgi/client", ...]
 */
export async function workspacePackages(root) {
  const { packages: globs } = parse(await readFile(join(root, "pnpm-workspace.yaml"), "utf8"));
  const dirs = [];
  for (const glob of /** @type {string[]} */ (globs)) {
    if (!glob.endsWith("/*")) dirs.push(join(root, glob));
    else {
      const parent = join(root, glob.slice(0, -2));
      for (const d of await readdir(parent, { withFileTypes: true }))
        if (d.isDirectory()) dirs.push(join(parent, d.name));
    }
  }
  const out = [];
  for (const dir of dirs) {
    const text = await readFile(join(dir, "package.json"), "utf8").catch(() => undefined);
    if (!text) continue;
    const m = JSON.parse(text);
    out.push({ dir, name: m.name, version: m.version, private: m.private === true });
  }
  return out;
}

/** The workspace's catalog (shared versions), e.g. the TypeScript the merchant's project installs. */
export async function catalog(/** @type {string} */ root) {
  return /** @type {Record<string, string>} */ (
    parse(await readFile(join(root, "pnpm-workspace.yaml"), "utf8")).catalog ?? {}
  );
}

/**
 * Packs one package into `dest` and extracts it into `dest/<tarball name>/`; returns the tarball and its files.
 *
 * @param {WorkspacePackage} pkg
 * @param {string} dest
 * @example
 * const { tarball, packed } = await packOne(pkg, "/tmp/x");
 */
export async function packOne(pkg, dest) {
  await mkdir(dest, { recursive: true });
  const before = new Set(await readdir(dest));
  await run("pnpm", ["pack", "--pack-destination", dest], { cwd: pkg.dir, timeoutMs: 60_000 });
  const made = (await readdir(dest)).filter((f) => f.endsWith(".tgz") && !before.has(f));
  if (made.length !== 1) throw new Error(`${pkg.name}: pnpm pack made ${made.length} tarballs in ${dest}`);
  const tarball = join(dest, /** @type {string} */ (made[0]));
  const unpacked = join(dest, `${made[0]}.d`);
  await mkdir(unpacked);
  await run("tar", ["-xzf", tarball, "-C", unpacked], { cwd: dest, timeoutMs: 30_000 });
  const base = join(unpacked, "package");
  const files = (await walk(base)).map((f) => relative(base, f).split("\\").join("/"));
  const contents = new Map();
  for (const f of files) contents.set(f, await readFile(join(base, f), "utf8"));
  const manifest = JSON.parse(contents.get("package.json") ?? "{}");
  return { tarball, packed: { manifest, files, read: (/** @type {string} */ f) => contents.get(f) ?? "" } };
}

/** All files under a directory. */
async function walk(/** @type {string} */ dir) {
  /** @type {string[]} */
  const out = [];
  for (const d of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, d.name);
    if (d.isDirectory()) out.push(...(await walk(p)));
    else out.push(p);
  }
  return out;
}
