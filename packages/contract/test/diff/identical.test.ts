// Identical contracts give no change at all: copies, YAML against JSON, keys and unordered lists reordered,
// every $ref inlined, allOf wrappers, and the split sources against their bundles.
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { diffSpecSets } from "../../src/diff/diff-specs.js";
import { loadPathSet } from "../../src/diff/load-specs.js";
import { bundle, type Doc, HOSTS, REPO_DIR, SPECS_DIR, tempDir, writeBundles } from "../helpers.js";

const temp = tempDir();
afterAll(() => temp.remove());

/** Reverses the keys of every object and the order of `required`, `enum` and `type` lists. */
function reorder(value: Doc, key = ""): Doc {
  if (Array.isArray(value)) {
    const items = value.map((v) => reorder(v));
    return ["required", "enum", "type"].includes(key) ? items.reverse() : items;
  }
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.keys(value)
      .reverse()
      .map((k) => [k, reorder(value[k], k)]),
  );
}

/** Replaces every local $ref by a copy of its target (keywords beside the $ref win). */
function inline(doc: Doc, value: Doc = doc, depth = 0): Doc {
  if (depth > 40) throw new Error("too deep: recursive schema?");
  if (Array.isArray(value)) return value.map((v) => inline(doc, v, depth + 1));
  if (value === null || typeof value !== "object") return value;
  if (typeof value.$ref === "string" && value.$ref.startsWith("#/")) {
    const target = value.$ref
      .slice(2)
      .split("/")
      .reduce((o: Doc, k: string) => o[k.replace(/~1/g, "/").replace(/~0/g, "~")], doc);
    const { $ref: _ref, ...siblings } = value;
    return inline(doc, { ...structuredClone(target), ...siblings }, depth + 1);
  }
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, k === "components" ? v : inline(doc, v, depth + 1)]),
  );
}

function diffOf(
  name: string,
  before: Record<string, Doc>,
  after: Record<string, Doc>,
  format: "yaml" | "json" = "yaml",
) {
  const a = writeBundles(join(temp.dir, `${name}-old`), before);
  const b = writeBundles(join(temp.dir, `${name}-new`), after, format);
  return diffSpecSets(loadPathSet(a), loadPathSet(b));
}

describe("identical inputs give no change", () => {
  it("every built bundle against itself (the package's YAML against its JSON copies)", () => {
    const yaml = loadPathSet(SPECS_DIR); // <host>.yaml wins over <host>.json
    const json = loadPathSet(
      writeBundles(join(temp.dir, "json"), Object.fromEntries(HOSTS.map((h) => [h, bundle(h)])), "json"),
    );
    expect([...yaml.hosts.keys()].sort()).toEqual([...HOSTS].sort());
    const { changes, summary } = diffSpecSets(yaml, json);
    expect(changes).toEqual([]);
    expect(summary).toEqual({ breaking: 0, nonBreaking: 0, informational: 0 });
  });

  it("the payout spec against an identical copy (a peer tool reports 4 breaking changes here)", () => {
    expect(diffOf("payout", { payout: bundle("payout") }, { payout: bundle("payout") }).changes).toEqual([]);
  });

  it.each(HOSTS)("%s with every key and unordered list reordered", (host) => {
    expect(
      diffOf(`reorder-${host}`, { [host]: bundle(host) }, { [host]: reorder(bundle(host)) }).changes,
    ).toEqual([]);
  });

  it.each(HOSTS)("%s with every $ref inlined", (host) => {
    const doc = bundle(host);
    expect(diffOf(`inline-${host}`, { [host]: bundle(host) }, { [host]: inline(doc) }).changes).toEqual([]);
  });

  it("a schema wrapped in allOf compares equal to the schema", () => {
    const next = bundle("wallet");
    const content =
      next.paths["/tokengenerate"].post.requestBody.content["application/x-www-form-urlencoded"];
    content.schema = { allOf: [content.schema] };
    expect(diffOf("allof", { wallet: bundle("wallet") }, { wallet: next }).changes).toEqual([]);
  });

  it("the split sources (specs/<host>/openapi.yaml and their $ref'd files) against the bundles", () => {
    const { changes } = diffSpecSets(loadPathSet(join(REPO_DIR, "specs")), loadPathSet(SPECS_DIR));
    expect(changes).toEqual([]);
  });
});
