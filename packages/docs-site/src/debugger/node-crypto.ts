// Browser stand-in for the node:crypto calls @pgi/signing makes (hash, createHash, createHmac,
// timingSafeEqual), over the pure implementations in sha.ts. esbuild maps `node:crypto` here for the debugger.

import { BrowserBuffer } from "./buffer.js";
import { hmacSha256, hmacSha512, sha256, sha512, toHex, utf8 } from "./sha.js";

type Input = string | Uint8Array;
const bytes = (input: Input) => (typeof input === "string" ? utf8(input) : input);

function digestOf(algorithm: string, data: Uint8Array): Uint8Array {
  if (algorithm === "sha512") return sha512(data);
  if (algorithm === "sha256") return sha256(data);
  throw new Error(`node:crypto shim: ${algorithm} is not available in the browser bundle`);
}

function encode(result: Uint8Array, encoding?: string): string | BrowserBuffer {
  if (encoding === "hex") return toHex(result);
  if (encoding === undefined || encoding === "buffer") return BrowserBuffer.fromBytes(result);
  throw new Error(`node:crypto shim: digest encoding ${encoding} is not supported`);
}

/** One-shot digest, as node:crypto's `hash(algorithm, data, encoding)`. */
export function hash(algorithm: string, data: Input, encoding = "hex"): string | BrowserBuffer {
  return encode(digestOf(algorithm, bytes(data)), encoding);
}

class Accumulator {
  private chunks: Uint8Array[] = [];
  constructor(private readonly finish: (data: Uint8Array) => Uint8Array) {}
  update(data: Input): this {
    this.chunks.push(bytes(data));
    return this;
  }
  digest(encoding?: string): string | BrowserBuffer {
    const total = new Uint8Array(this.chunks.reduce((n, c) => n + c.length, 0));
    let offset = 0;
    for (const c of this.chunks) {
      total.set(c, offset);
      offset += c.length;
    }
    return encode(this.finish(total), encoding);
  }
}

/** As node:crypto's `createHash`. */
export function createHash(algorithm: string): Accumulator {
  return new Accumulator((data) => digestOf(algorithm, data));
}

/** As node:crypto's `createHmac`: SHA-256 (the interface's HMAC) and SHA-512 (a mistake the diagnosis tries). */
export function createHmac(algorithm: string, key: Input): Accumulator {
  const mac = algorithm === "sha256" ? hmacSha256 : algorithm === "sha512" ? hmacSha512 : undefined;
  if (!mac) throw new Error(`node:crypto shim: HMAC-${algorithm} is not available`);
  return new Accumulator((data) => mac(bytes(key), data));
}

/** As node:crypto's `timingSafeEqual`: compares every byte, whatever differs first. */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) throw new RangeError("Input buffers must have the same byte length");
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}
