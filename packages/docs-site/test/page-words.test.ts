// What a reader sees on the reference pages and guides, checked on the documents and Markdown the pages are
// built from: no internal extension name, no rule as JSON, no host placeholder, and host names and mock URLs
// that agree with the specs' list of hosts.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { HostName } from "@pgi/client";
import { HOSTS } from "@pgi/specs/hosts";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { GUIDES_DIR, SPECS_DIST_DIR } from "../src/paths.js";
import { prepareForRedoc } from "../src/reference-page.js";
import type { Json } from "../src/spec-walk.js";

const bundles = HOSTS.map(({ host }) => ({
  host: host as HostName,
  doc: parse(readFileSync(join(SPECS_DIST_DIR, `${host}.yaml`), "utf8")) as Json,
}));

/** Every x-pgi-* key used as an extension anywhere in the bundles. */
function extensionKeys(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const n of node) extensionKeys(n, out);
  else if (node && typeof node === "object")
    for (const [k, v] of Object.entries(node)) {
      if (k.startsWith("x-pgi-")) out.add(k);
      extensionKeys(v, out);
    }
  return out;
}
const EXTENSIONS = [...new Set(bundles.flatMap(({ doc }) => [...extensionKeys(doc)]))];

/** Every description string of a document (examples and code samples excluded). */
function descriptions(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const n of node) descriptions(n, out);
  else if (node && typeof node === "object")
    for (const [k, v] of Object.entries(node)) {
      if (k === "description" && typeof v === "string") out.push(v);
      else if (k !== "example" && k !== "examples" && k !== "x-codeSamples") descriptions(v, out);
    }
  return out;
}

const guides = readdirSync(GUIDES_DIR)
  .filter((f) => /^\d\d-[a-z0-9-]+\.md$/.test(f))
  .map((file) => ({ file, text: readFileSync(join(GUIDES_DIR, file), "utf8") }));
const PLACEHOLDER = /\{(?:base|[a-z]+)_url\}/;

describe("reference pages as prepared for Redoc", () => {
  it("the bundles use extensions (the checks below are not vacuous)", () => {
    expect(EXTENSIONS).toEqual(expect.arrayContaining(["x-pgi-signature", "x-pgi-rule"]));
  });

  it.each(bundles)("$host: no extension left, none named, no rule as JSON", ({ host, doc }) => {
    const prepared = prepareForRedoc(host, doc);
    expect([...extensionKeys(prepared)]).toEqual([]);
    for (const text of descriptions(prepared)) {
      for (const name of EXTENSIONS) expect(text, `${host}: ${text.slice(0, 80)}`).not.toContain(name);
      expect(text).not.toMatch(PLACEHOLDER);
      const rules = text.split("#### Contract rules")[1];
      if (rules !== undefined) expect(rules, `${host}: contract rules`).not.toMatch(/[{[]\s*"|":|\]\s*`/);
    }
  });

  it.each(bundles)("$host: the overview names its base-URL variable and the mock's URL", ({ host, doc }) => {
    const facts = HOSTS.find((h) => h.host === host)!;
    const info = String((doc.info as Json).description);
    expect(info).toContain(`\`${facts.env}\``);
    expect(info).toContain(`http://127.0.0.1:${facts.port}`);
  });
});

describe("guides", () => {
  it.each(guides)("$file: no host placeholder", ({ text }) => {
    expect(text).not.toMatch(PLACEHOLDER);
  });

  it.each([
    ...guides,
    ...bundles.map(({ host, doc }) => ({ file: `${host} bundle`, text: JSON.stringify(doc) })),
  ])("$file: each PGI_*_URL quoted with a mock URL has the mock's port for that host", ({ text }) => {
    for (const m of text.matchAll(/(PGI_[A-Z]+_URL)\W[^.\n]{0,60}?127\.0\.0\.1:(\d+)/g)) {
      const facts = HOSTS.find((h) => h.env === m[1]);
      expect(facts, `${m[1]} is not a host's variable`).toBeDefined();
      expect(Number(m[2]), m[0]).toBe(facts!.port);
    }
  });
});
