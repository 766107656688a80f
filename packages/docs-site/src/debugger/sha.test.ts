// The debugger's pure SHA-256, SHA-512 and HMAC-SHA256 (and the node:crypto shim over them) equal node:crypto on
// a seeded set of inputs: empty, one byte, both hashes' block boundaries, multi-byte UTF-8 and 1 MB.
import * as nodeCrypto from "node:crypto";
import { describe, expect, it } from "vitest";
import * as shim from "./node-crypto.js";
import { hmacSha256, hmacSha512, sha256, sha512, toHex, utf8 } from "./sha.js";

/** Deterministic bytes (mulberry32): the same inputs on every run. */
function seededBytes(length: number, seed: number): Uint8Array {
  let state = seed >>> 0;
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    out[i] = ((t ^ (t >>> 14)) >>> 0) & 0xff;
  }
  return out;
}

/** Lengths around SHA-256's 64-byte block (55 is the last that pads in one block) and SHA-512's 128-byte one. */
const LENGTHS = [0, 1, 55, 56, 63, 64, 65, 111, 112, 119, 120, 127, 128, 129, 1000];
const MEGABYTE = 1024 * 1024;
const UTF8_TEXTS = [
  "amount=1.00|कुमार|ünïcödé",
  "€",
  "😀🇮🇳 emoji and flags",
  "日本語のテキスト".repeat(9),
  `${"é".repeat(27)}x`,
];

const inputs: [string, Uint8Array][] = [
  ...LENGTHS.map((n, i) => [`${n} seeded bytes`, seededBytes(n, 1000 + i)] as [string, Uint8Array]),
  ...UTF8_TEXTS.map(
    (t) => [`UTF-8 "${t.slice(0, 12)}…" (${utf8(t).length} bytes)`, utf8(t)] as [string, Uint8Array],
  ),
];
const nodeHex = (algorithm: string, data: Uint8Array) =>
  nodeCrypto.createHash(algorithm).update(data).digest("hex");

describe("pure SHA-256 and SHA-512", () => {
  it.each(inputs)("%s", (_name, data) => {
    expect(toHex(sha256(data))).toBe(nodeHex("sha256", data));
    expect(toHex(sha512(data))).toBe(nodeHex("sha512", data));
  });

  it("1 MB of seeded bytes", { timeout: 60_000 }, () => {
    const data = seededBytes(MEGABYTE, 42);
    expect(toHex(sha256(data))).toBe(nodeHex("sha256", data));
    expect(toHex(sha512(data))).toBe(nodeHex("sha512", data));
  });

  it("the standard 'abc' vectors (FIPS 180-4)", () => {
    expect(toHex(sha256(utf8("abc")))).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
    expect(toHex(sha512(utf8("abc")))).toBe(
      "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
    );
  });
});

describe("pure HMAC-SHA256 and HMAC-SHA512", () => {
  /** Keys shorter than, equal to and longer than the 64-byte (SHA-256) and 128-byte (SHA-512) blocks. */
  const keys: [string, Uint8Array][] = [
    ["empty key", new Uint8Array(0)],
    ["1-byte key", seededBytes(1, 7)],
    ["UTF-8 key", utf8("whsec-tëst-秘密")],
    ["64-byte key", seededBytes(64, 8)],
    ["65-byte key", seededBytes(65, 9)],
    ["128-byte key", seededBytes(128, 14)],
    ["129-byte key", seededBytes(129, 15)],
    ["200-byte key", seededBytes(200, 10)],
  ];
  const cases = keys.flatMap(([keyName, key]) =>
    inputs.map(([name, data]) => [`${keyName}, ${name}`, key, data] as const),
  );

  it.each(cases)("%s", (_name, key, data) => {
    expect(toHex(hmacSha512(key, data))).toBe(
      nodeCrypto.createHmac("sha512", key).update(data).digest("hex"),
    );
    expect(toHex(hmacSha256(key, data))).toBe(
      nodeCrypto.createHmac("sha256", key).update(data).digest("hex"),
    );
  });

  it("1 MB message", { timeout: 60_000 }, () => {
    const key = seededBytes(32, 11);
    const data = seededBytes(MEGABYTE, 12);
    expect(toHex(hmacSha256(key, data))).toBe(
      nodeCrypto.createHmac("sha256", key).update(data).digest("hex"),
    );
  });
});

describe("node:crypto shim used by the bundle", () => {
  it.each(inputs)("%s: hash, chunked createHash and createHmac", (_name, data) => {
    const text = new TextDecoder().decode(data);
    expect(shim.hash("sha512", text)).toBe(nodeCrypto.createHash("sha512").update(text).digest("hex"));
    const half = Math.floor(data.length / 2);
    const chunked = shim.createHash("sha256").update(data.subarray(0, half)).update(data.subarray(half));
    expect(chunked.digest("hex")).toBe(nodeHex("sha256", data));
    const mac = shim
      .createHmac("sha256", "whsec-test")
      .update(data.subarray(0, half))
      .update(data.subarray(half));
    expect(mac.digest("hex")).toBe(nodeCrypto.createHmac("sha256", "whsec-test").update(data).digest("hex"));
  });

  it("timingSafeEqual compares like node:crypto and refuses different lengths", () => {
    const a = seededBytes(32, 13);
    const b = Uint8Array.from(a);
    expect(shim.timingSafeEqual(a, b)).toBe(true);
    b[31] = b[31]! ^ 1;
    expect(shim.timingSafeEqual(a, b)).toBe(nodeCrypto.timingSafeEqual(a, b));
    expect(() => shim.timingSafeEqual(a, b.subarray(1))).toThrow(RangeError);
  });

  it("names the algorithm it cannot provide", () => {
    expect(() => shim.createHash("md5")).not.toThrow();
    expect(() => shim.createHash("md5").digest("hex")).toThrow(/md5 is not available/);
    expect(() => shim.createHmac("md5", "k")).toThrow(/HMAC-md5 is not available/);
    expect(shim.createHmac("sha512", "k").update("x").digest("hex")).toBe(
      nodeCrypto.createHmac("sha512", "k").update("x").digest("hex"),
    );
  });
});
