import { describe, expect, it } from "vitest";
import { findSecret, secretEquals } from "./secret-compare.js";

describe("secretEquals", () => {
  it.each([
    ["same", "pgi-test-salt", "pgi-test-salt", true],
    ["one character off", "pgi-test-salX", "pgi-test-salt", false],
    ["a prefix", "pgi-test", "pgi-test-salt", false],
    ["longer", "pgi-test-salt-and-more", "pgi-test-salt", false],
    ["empty", "", "pgi-test-salt", false],
  ])("%s", (_, received, expected, want) => {
    expect(secretEquals(received, expected)).toBe(want);
  });
});

describe("findSecret", () => {
  const table = { "token-a": { scopes: ["a"] }, "token-b": { scopes: ["b"] } };
  it("finds an own key and nothing else", () => {
    expect(findSecret(table, "token-b")).toEqual({ scopes: ["b"] });
    expect(findSecret(table, "token-c")).toBeUndefined();
    expect(findSecret(table, "token-")).toBeUndefined();
  });
  it("never answers with an inherited property (a keyed lookup of 'constructor' did)", () => {
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty"])
      expect(findSecret(table, name)).toBeUndefined();
  });
});
