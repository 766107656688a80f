import { describe, expect, it } from "vitest";
import { canonicalString, entriesFromObject, entriesFromText, serialiseFlat } from "./canonical.js";
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
