// The x-pgi-* extensions in the bundles are exactly the shared sources, and every shared recipe and rule is used.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { HOSTS, loadBundle } from "./helpers.js";

const read = (name: string) => parse(readFileSync(new URL(`../shared/${name}`, import.meta.url), "utf8"));
const signatures: Record<string, { id: string }> = read("signatures.yaml");
const rules: Record<string, unknown> = read("rules.yaml");

function collect(node: unknown, key: string, out: unknown[] = []): unknown[] {
  if (Array.isArray(node)) for (const n of node) collect(n, key, out);
  else if (node && typeof node === "object") {
    for (const [k, v] of Object.entries(node)) {
      if (k === key) out.push(v);
      else collect(v, key, out);
    }
  }
  return out;
}

const bundled = HOSTS.map((host) => ({ host, doc: loadBundle(host) }));

describe("x-pgi-signature", () => {
  const found = bundled.flatMap(({ host, doc }) =>
    collect(doc, "x-pgi-signature").map((value) => ({ host, value: value as { id: string } })),
  );
  it.each(found.map((f) => [f.host, f.value.id, f.value] as const))(
    "%s %s equals the shared recipe",
    (_h, id, value) => {
      expect(signatures[id]).toBeDefined();
      expect(value).toEqual(signatures[id]);
    },
  );
  it.each(Object.keys(signatures))("recipe %s is used by some operation", (id) => {
    expect(found.some((f) => f.value.id === id)).toBe(true);
  });
});

describe("x-pgi-rule", () => {
  const found = bundled.flatMap(({ doc }) => collect(doc, "x-pgi-rule"));
  it.each(Object.entries(rules))("rule %s appears, unchanged, in the specs", (_id, rule) => {
    expect(found).toContainEqual(rule);
  });
});
