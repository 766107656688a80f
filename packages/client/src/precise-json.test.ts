import { describe, expect, it } from "vitest";
import { hasLongNumber, parsePreciseJson } from "./precise-json.js";

describe("hasLongNumber", () => {
  it.each([
    ['{"mihpayid":"403993715531234567"}', false],
    ['{"mihpayid":403993715531234567}', true],
    ['{"a":"x\\"403993715531234567"}', false],
    ['{"a":"x\\\\","b":4039937155312345}', true],
    ['{"amount":123456789012345}', false],
    ["[-1234567890123456]", true],
  ])("%s: %s", (text, want) => {
    expect(hasLongNumber(text)).toBe(want);
  });
  it("never misses a long number, and where it sees none, JSON.parse gives what the exact parser gives", () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let i = 0; i < 500; i++) {
      const digits = String(next())
        .repeat(3)
        .slice(0, 10 + (next() % 12));
      const escaped = next() % 2 ? `\\"${digits}` : digits;
      const text = `{"s":"${escaped}","n":${next() % 2 ? digits : 1},"t":"\\\\"}`;
      const long = digits.length >= 16 && text.includes(`"n":${digits}`);
      expect(hasLongNumber(text), text).toBe(long);
      if (!long) expect(parsePreciseJson(text)).toEqual(JSON.parse(text));
    }
  });
});
