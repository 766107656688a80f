import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canonicalString,
  entriesFromObject,
  entriesFromText,
  MAX_CANONICAL_KEYS,
  serialiseFlat,
} from "./canonical.js";
import { CanonicalFormError } from "./errors.js";

const S = "webhook-signature";

describe("canonical form", () => {
  it("scans the top level with whitespace anywhere JSON allows it", () => {
    const entries = entriesFromText(S, ' \n{ "b" : 2 ,\t"a":"x" }\r\n');
    expect(entries.map((e) => [e.key, e.value, e.type])).toEqual([
      ["b", "2", "integer"],
      ["a", "x", "string"],
    ]);
    expect(canonicalString(S, entries)).toBe("axb2");
    expect(entries.map((e) => e.key)).toEqual(["b", "a"]); // copy by default
  });

  it("accepts an empty object and negative integers", () => {
    expect(entriesFromText(S, "{}")).toEqual([]);
    expect(canonicalString(S, entriesFromText(S, '{"t":-0,"u":-15}'))).toBe("t-0u-15");
  });

  it("sorts by UTF-16 code unit, not locale", () => {
    const text = '{"b":1,"B":2,"_":3,"a":4,"é":5}';
    expect(canonicalString(S, entriesFromText(S, text))).toBe("B2_3a4b1é5");
  });

  it("decodes escapes in keys and values", () => {
    expect(canonicalString(S, entriesFromText(S, '{"k\\u0041":"line\\nbreak"}'))).toBe("kAline\nbreak");
  });

  it.each([
    '{"a":"x}',
    '{"a" 1}',
    '{"a":tru}',
    '{"a":1 "b":2}',
    '{"a":"\u0001"}',
    '{"a":-}',
    "{} x",
    '{"a":"\\x"}',
    "",
  ])("rejects invalid JSON %j", (text) => {
    expect(() => entriesFromText(S, text)).toThrow(CanonicalFormError);
  });

  it("keeps nested values and fractions as raw text in lenient mode", () => {
    const entries = entriesFromText(S, '{"amount":10.00,"info":{"a":[1,"]}"]},"n":1e3}', true);
    expect(entries.map((e) => [e.key, e.raw, e.type])).toEqual([
      ["amount", "10.00", "number"],
      ["info", '{"a":[1,"]}"]}', "nested"],
      ["n", "1e3", "number"],
    ]);
  });

  it("builds entries from an object and serialises them back in insertion order", () => {
    const entries = entriesFromObject(S, { z: "1", n: null, skip: undefined, big: 10n, t: true });
    expect(serialiseFlat(entries)).toBe('{"z":"1","n":null,"big":10,"t":true}');
    expect(canonicalString(S, entries)).toBe("big10nttruez1");
  });
});

describe("canonical form of large bodies", () => {
  const body = (n: number) =>
    `{${Array.from({ length: n }, (_, i) => `"k${(i * 7919) % n}":${i}`).join(",")}}`;

  it("sorts the most keys allowed like the default sort, in any order they arrive", () => {
    const entries = entriesFromText(S, body(MAX_CANONICAL_KEYS));
    const value = new Map(entries.map((e) => [e.key, e.value]));
    const want = [...value.keys()]
      .sort()
      .map((k) => k + value.get(k))
      .join("");
    expect(canonicalString(S, entries)).toBe(want);
    expect(canonicalString(S, entries.slice().reverse())).toBe(want);
  });

  it("property: the canonical string is every key+value in UTF-16 key order", () =>
    fc.assert(
      fc.property(fc.uniqueArray(fc.string(), { maxLength: 60 }), (keys) => {
        const entries = entriesFromObject(S, Object.fromEntries(keys.map((k, i) => [k, i])));
        const sorted = entries.map((e) => e.key).sort();
        expect(canonicalString(S, entries)).toBe(sorted.map((k) => k + String(keys.indexOf(k))).join(""));
      }),
      { numRuns: 200 },
    ));

  it.each([
    ["raw text", () => entriesFromText(S, body(100_000))],
    [
      "an object",
      () => entriesFromObject(S, Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`k${i}`, i]))),
    ],
    [
      "entries",
      () =>
        canonicalString(
          S,
          Array.from({ length: 1001 }, (_, i) => ({
            key: `k${i}`,
            value: "1",
            raw: "1",
            type: "integer" as const,
          })),
        ),
    ],
  ])("refuses a body over the key limit given as %s, naming the limit", (_n, scan) => {
    expect(scan).toThrow(CanonicalFormError);
    expect(scan).toThrow(`body has more than ${MAX_CANONICAL_KEYS} keys`);
  });

  it("refuses a 1 MB body of 100,000 keys quickly (the CLI once took 39 s on one)", () => {
    const text = body(100_000);
    expect(text.length).toBeGreaterThan(1_000_000);
    expect(() => entriesFromText(S, text, true)).toThrow(/more than 1000 keys/);
  });
});
