import { brotliCompressSync, constants, deflateRawSync, deflateSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { decodeCaptured } from "./decode.js";

const captured = (bytes: Buffer) => ({ bytes, size: bytes.length, complete: true });
const JSON_TEXT = Buffer.from('{"status":"success"}');
/** 64 MiB of zeros in each coding: a few KiB to a few dozen KiB on the wire. */
const ZEROS = Buffer.alloc(64 * 1024 * 1024);
const BOMBS: [string, Buffer][] = [
  ["gzip", gzipSync(ZEROS)],
  ["deflate", deflateSync(ZEROS)],
  ["br", brotliCompressSync(ZEROS, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } })],
];

describe("decodeCaptured", () => {
  it.each([
    ["gzip", gzipSync(JSON_TEXT)],
    ["x-gzip", gzipSync(JSON_TEXT)],
    ["deflate", deflateSync(JSON_TEXT)],
    ["Deflate", deflateRawSync(JSON_TEXT)], // deflate without its zlib wrapper, as some servers send it
    ["br", brotliCompressSync(JSON_TEXT)],
  ])("decodes %s, keeping the size on the wire", async (coding, wire) => {
    const out = await decodeCaptured(captured(wire), coding, 1024);
    expect(out.bytes.toString()).toBe(JSON_TEXT.toString());
    expect(out).toMatchObject({ size: wire.length, complete: true });
  });

  it.each(BOMBS)("stops a %s bomb at the limit and says so", async (coding, wire) => {
    const out = await decodeCaptured(captured(wire), coding, 1024 * 1024);
    expect(out.complete).toBe(false);
    expect(out.bytes.length).toBe(0);
    expect(out.note).toMatch(/inflates past the capture limit of 1048576 bytes and was forwarded unchecked/);
  });

  it("leaves identity and uncoded bodies as they are, and a cut body unchecked as it was", async () => {
    const plain = captured(JSON_TEXT);
    expect(await decodeCaptured(plain, undefined, 4)).toBe(plain);
    expect(await decodeCaptured(plain, " identity ", 4)).toBe(plain);
    const cut = { bytes: Buffer.alloc(4), size: 10_000, complete: false };
    expect(await decodeCaptured(cut, "gzip", 4)).toBe(cut);
  });

  it("does not check a coding it does not decode, naming it", async () => {
    const out = await decodeCaptured(captured(gzipSync(JSON_TEXT)), "gzip, br", 1024);
    expect(out.complete).toBe(false);
    expect(out.note).toMatch(/content-coding "gzip, br" is not one the proxy decodes/);
  });

  it("decodes a body that is not valid in its coding to nothing (its checks then fail)", async () => {
    const out = await decodeCaptured(captured(Buffer.from("not gzip")), "gzip", 1024);
    expect(out).toMatchObject({ complete: true, size: 8 });
    expect(out.bytes.length).toBe(0);
  });
});
