// Reads the two sides of a diff: a bundle file, a folder of bundles, a folder of split sources, or a git ref.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, extname, join, resolve } from "node:path";
import { parse } from "yaml";
import { InputError } from "../errors.js";
import { SpecDocument } from "./spec-document.js";

/** One side of a diff: the hosts' documents and a label saying where they came from. */
export interface SpecSet {
  readonly label: string;
  readonly hosts: ReadonlyMap<string, SpecDocument>;
}

const SPEC_EXTENSIONS = new Set([".yaml", ".yml", ".json"]);

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

/** True when the text is a YAML or JSON document with a top-level `openapi` key. */
function looksLikeOpenApi(text: string): boolean {
  try {
    const doc: unknown = parse(text, { maxAliasCount: -1 });
    return doc !== null && typeof doc === "object" && !Array.isArray(doc) && "openapi" in doc;
  } catch {
    return false;
  }
}

function fileSet(path: string, hostName?: string): SpecSet {
  const text = readText(path);
  if (text === undefined) throw new InputError(`cannot read ${path}`);
  if (!looksLikeOpenApi(text))
    throw new InputError(`${path} is not an OpenAPI document (YAML or JSON with a top-level "openapi" key)`);
  const host = hostName ?? basename(path, extname(path));
  const name = basename(path);
  const doc = new SpecDocument(host, name, (p) => (p === name ? text : readText(join(path, "..", p))));
  return { label: path, hosts: new Map([[host, doc]]) };
}

/** Split sources: `<dir>/<host>/openapi.yaml`, each with its `$ref`ed files beside it. */
function sourceHosts(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => existsSync(join(dir, name, "openapi.yaml")))
    .sort();
}

function folderSet(dir: string): SpecSet {
  const hosts = new Map<string, SpecDocument>();
  const split = sourceHosts(dir);
  if (split.length > 0) {
    for (const host of split) {
      hosts.set(host, new SpecDocument(host, `${host}/openapi.yaml`, (p) => readText(join(dir, p))));
    }
    return { label: dir, hosts };
  }
  const files = readdirSync(dir)
    .filter((name) => SPEC_EXTENSIONS.has(extname(name)))
    .sort((a, b) => Number(extname(a) === ".json") - Number(extname(b) === ".json") || a.localeCompare(b));
  for (const name of files) {
    const host = basename(name, extname(name));
    if (hosts.has(host)) continue; // <host>.yaml wins over <host>.json
    const text = readText(join(dir, name));
    if (text === undefined || !looksLikeOpenApi(text)) continue;
    hosts.set(host, new SpecDocument(host, name, (p) => (p === name ? text : readText(join(dir, p)))));
  }
  if (hosts.size === 0) {
    throw new InputError(`${dir} holds no OpenAPI bundle (<host>.yaml or .json) and no <host>/openapi.yaml`);
  }
  return { label: dir, hosts };
}

/**
 * Loads a bundle file or a folder (of bundles, or of split sources `<host>/openapi.yaml`). A single file's host is
 * its file name, or `hostName` (so two files of one host compare whatever they are called).
 *
 * @example
 * const old = loadPathSet("released/"); // released/payout.yaml, ...
 */
export function loadPathSet(path: string, hostName?: string): SpecSet {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(path);
  } catch {
    throw new InputError(`${path} does not exist (give a bundle file, a folder of bundles, or --base REF)`);
  }
  return stat.isDirectory() ? folderSet(path) : fileSet(path, hostName);
}

function git(cwd: string, args: string[]): string {
  return execFileSync("git", args, { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024, stdio: "pipe" });
}

/**
 * Loads the split sources under `specsDir` (default `specs`) as they are at git `ref` of the repository around
 * `cwd`, without checking anything out.
 *
 * @example
 * const old = loadGitSet("main"); // specs/<host>/openapi.yaml at main
 */
export function loadGitSet(ref: string, cwd = process.cwd(), specsDir = "specs"): SpecSet {
  let top: string;
  try {
    top = git(cwd, ["rev-parse", "--show-toplevel"]).trim();
  } catch {
    throw new InputError(`--base ${ref}: ${resolve(cwd)} is not inside a git repository`);
  }
  try {
    git(top, ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]);
  } catch {
    throw new InputError(`--base ${ref}: no such git ref (a branch, tag or commit)`);
  }
  const dir = specsDir.replace(/\/+$/, "");
  const listing = git(top, ["ls-tree", "-r", "--name-only", ref, "--", `${dir}/`]).split("\n");
  const hosts = new Map<string, SpecDocument>();
  const cache = new Map<string, string | undefined>();
  const read = (p: string) => {
    if (!cache.has(p)) {
      let text: string | undefined;
      try {
        text = git(top, ["show", `${ref}:${dir}/${p}`]);
      } catch {
        text = undefined;
      }
      cache.set(p, text);
    }
    return cache.get(p);
  };
  for (const line of listing) {
    const m = line.slice(dir.length + 1).match(/^([^/]+)\/openapi\.yaml$/);
    if (m?.[1]) hosts.set(m[1], new SpecDocument(m[1], `${m[1]}/openapi.yaml`, read));
  }
  if (hosts.size === 0) throw new InputError(`--base ${ref}: no ${dir}/<host>/openapi.yaml at that ref`);
  return { label: `${ref}:${dir}`, hosts };
}

/**
 * The working tree's split sources (`<repository>/specs`), the default NEW side of `--base`.
 *
 * @example
 * const current = loadWorkingSet();
 */
export function loadWorkingSet(cwd = process.cwd(), specsDir = "specs"): SpecSet {
  let top: string;
  try {
    top = git(cwd, ["rev-parse", "--show-toplevel"]).trim();
  } catch {
    throw new InputError(`${resolve(cwd)} is not inside a git repository; give NEW explicitly`);
  }
  return { ...folderSet(join(top, specsDir)), label: `working tree (${specsDir}/)` };
}
