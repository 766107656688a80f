// Strict top-level scanner of a flat JSON object that keeps number literals exactly as written.
import { type CanonicalEntry, MAX_CANONICAL_KEYS, tooManyKeys } from "./canonical-entry.js";
import { CanonicalFormError } from "./errors.js";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Decodes raw body bytes as strict UTF-8 (invalid bytes are an error, not U+FFFD).
 *
 * @example
 * bodyText("webhook-signature", Buffer.from('{"a":1}')) // => '{"a":1}'
 */
export function bodyText(scheme: string, body: string | Uint8Array): string {
  if (typeof body === "string") return body;
  try {
    return utf8.decode(body);
  } catch (cause) {
    throw new CanonicalFormError(
      scheme,
      undefined,
      "body is not valid UTF-8; sign and verify the exact bytes as received.",
      cause,
    );
  }
}

function isWs(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

function describe(c: number): string {
  return Number.isNaN(c) ? "end of body" : JSON.stringify(String.fromCharCode(c));
}

const FLAT = "; the body must be a flat JSON object of strings, integers, booleans and nulls.";

/** Top-level scanner over one body text; state in fields so the loops stay in optimised code. */
class Scanner {
  i = 0;
  readonly n: number;

  constructor(
    readonly scheme: string,
    readonly text: string,
    readonly lenient: boolean,
  ) {
    this.n = text.length;
  }

  bad(what: string, key?: string): never {
    throw new CanonicalFormError(this.scheme, key, what + FLAT);
  }

  tooMany(): never {
    throw tooManyKeys(this.scheme);
  }

  invalid(key?: string): never {
    const at = this.i;
    return this.bad(
      `body is not valid JSON: unexpected ${describe(this.text.charCodeAt(at))} at position ${at}`,
      key,
    );
  }

  skipWs(): void {
    const { text, n } = this;
    let i = this.i;
    while (i < n && isWs(text.charCodeAt(i))) i++;
    this.i = i;
  }

  /** Reads the string literal at `i` (text[i] is '"') and leaves `i` after its closing quote. */
  readString(key?: string): string {
    const { text, n } = this;
    const start = this.i;
    let i = start + 1;
    let escaped = false;
    for (;;) {
      if (i >= n) {
        this.i = i;
        this.invalid(key);
      }
      const c = text.charCodeAt(i);
      if (c === 34) break;
      if (c < 32) {
        this.i = i;
        this.invalid(key);
      }
      if (c === 92) {
        escaped = true;
        i++;
      }
      i++;
    }
    this.i = i + 1;
    if (!escaped) return text.slice(start + 1, i);
    try {
      return JSON.parse(text.slice(start, i + 1)) as string;
    } catch (cause) {
      throw new CanonicalFormError(
        this.scheme,
        key,
        `string at position ${start} has an invalid escape.`,
        cause,
      );
    }
  }

  /** Skips the nested object or array at `i` (lenient mode only). */
  skipNested(key: string): void {
    let depth = 0;
    do {
      const c = this.text.charCodeAt(this.i);
      if (c === 34) {
        this.readString(key);
        continue;
      }
      if (c === 123 || c === 91) depth++;
      else if (c === 125 || c === 93) depth--;
      else if (this.i >= this.n) this.invalid(key);
      this.i++;
    } while (depth > 0);
  }

  /** Reads a number literal at `i` (text[i] is '-' or a digit). */
  readNumber(key: string): CanonicalEntry {
    const { text, n } = this;
    const start = this.i;
    let i = start;
    if (text.charCodeAt(i) === 45) i++;
    const digits = i;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c < 48 || c > 57) break;
      i++;
    }
    this.i = i;
    if (i === digits || (text.charCodeAt(digits) === 48 && i - digits > 1)) this.invalid(key);
    const next = text.charCodeAt(i);
    if (next !== 46 && next !== 101 && next !== 69) {
      const literal = text.slice(start, i);
      return { key, value: literal, raw: literal, type: "integer" };
    }
    while (i < n && !isWs(text.charCodeAt(i)) && text.charCodeAt(i) !== 44 && text.charCodeAt(i) !== 125) i++;
    this.i = i;
    const literal = text.slice(start, i);
    if (!this.lenient)
      this.bad(`value ${literal} is not an integer (fractions and exponents have no canonical text)`, key);
    if (!/^-?(0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?$/.test(literal)) this.invalid(key);
    return { key, value: literal, raw: literal, type: "number" };
  }

  /** Reads the value at `i` for `key`. */
  readValue(key: string): CanonicalEntry {
    const { text } = this;
    const start = this.i;
    const c = text.charCodeAt(start);
    if (c === 34) {
      const value = this.readString(key);
      return { key, value, raw: text.slice(start, this.i), type: "string" };
    }
    if (c === 45 || (c >= 48 && c <= 57)) return this.readNumber(key);
    if (c === 116 && text.startsWith("true", start)) {
      this.i += 4;
      return { key, value: "true", raw: "true", type: "boolean" };
    }
    if (c === 102 && text.startsWith("false", start)) {
      this.i += 5;
      return { key, value: "false", raw: "false", type: "boolean" };
    }
    if (c === 110 && text.startsWith("null", start)) {
      this.i += 4;
      return { key, value: "", raw: "null", type: "null" };
    }
    if (c === 123 || c === 91) {
      if (!this.lenient)
        this.bad(`value is ${c === 123 ? "an object" : "an array"}, which has no canonical form`, key);
      this.skipNested(key);
      const raw = text.slice(start, this.i);
      return { key, value: raw, raw, type: "nested" };
    }
    return this.invalid(key);
  }

  /** Scans the whole body. */
  entries(): CanonicalEntry[] {
    const { text } = this;
    const entries: CanonicalEntry[] = [];
    this.skipWs();
    const first = text.charCodeAt(this.i);
    if (first !== 123) {
      this.bad(
        first === 91
          ? "body is a JSON array, not an object"
          : `body is not a JSON object (starts with ${describe(first)})`,
      );
    }
    this.i++;
    this.skipWs();
    if (text.charCodeAt(this.i) === 125) this.i++;
    else {
      for (;;) {
        if (text.charCodeAt(this.i) !== 34) this.invalid();
        if (entries.length === MAX_CANONICAL_KEYS) this.tooMany();
        const key = this.readString();
        this.skipWs();
        if (text.charCodeAt(this.i) !== 58) this.invalid(key);
        this.i++;
        this.skipWs();
        entries.push(this.readValue(key));
        this.skipWs();
        const sep = text.charCodeAt(this.i);
        if (sep === 125) {
          this.i++;
          break;
        }
        if (sep !== 44) this.invalid(key);
        this.i++;
        this.skipWs();
      }
    }
    this.skipWs();
    if (this.i < this.n) this.invalid();
    return entries;
  }
}

/**
 * Scans a JSON object's top level without building nested values and returns its entries in body order.
 * Integers keep their exact literal text; strings are decoded; nested values, non-integers and
 * invalid JSON are rejected with a {@link CanonicalFormError} naming the key. With `lenient`, nested
 * values and non-integer numbers are returned as raw text instead (used by the CLI to keep number
 * literals of request fields exactly as written).
 *
 * @example
 * entriesFromText("webhook-signature", '{"mid":12345678901234567890,"a":"x"}').map((e) => e.value)
 * // => ["12345678901234567890", "x"]
 */
export function entriesFromText(scheme: string, text: string, lenient = false): CanonicalEntry[] {
  return new Scanner(scheme, text, lenient).entries();
}
