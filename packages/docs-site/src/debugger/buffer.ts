// The little of Node's Buffer that @pgi/signing uses at run time (hex decoding), injected as a global by esbuild.

/** A Uint8Array with Node's `Buffer.from(hex, "hex")` and `toString("hex")`. */
export class BrowserBuffer extends Uint8Array {
  /** Wraps existing bytes. */
  static fromBytes(bytes: Uint8Array): BrowserBuffer {
    const out = new BrowserBuffer(bytes.length);
    out.set(bytes);
    return out;
  }

  /** Like Node: hex decoding stops at the first pair that is not hex; strings default to UTF-8. */
  static override from(value: unknown, encoding?: unknown): BrowserBuffer {
    if (typeof value === "string" && encoding === "hex") {
      const out: number[] = [];
      for (let i = 0; i + 1 < value.length; i += 2) {
        const pair = value.slice(i, i + 2);
        if (!/^[0-9a-fA-F]{2}$/.test(pair)) break;
        out.push(Number.parseInt(pair, 16));
      }
      return BrowserBuffer.fromBytes(Uint8Array.from(out));
    }
    if (typeof value === "string") return BrowserBuffer.fromBytes(new TextEncoder().encode(value));
    return BrowserBuffer.fromBytes(Uint8Array.from(value as ArrayLike<number>));
  }

  override toString(encoding?: string): string {
    if (encoding === "hex") return Array.from(this, (b) => b.toString(16).padStart(2, "0")).join("");
    return new TextDecoder().decode(this);
  }
}

export { BrowserBuffer as Buffer };
