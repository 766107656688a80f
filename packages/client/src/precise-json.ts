// JSON parsing that keeps integers beyond 2^53 exact: they become strings instead of rounded numbers.

const UNSAFE = 15; // 16+ digit integers may exceed Number.MAX_SAFE_INTEGER (9007199254740991, 16 digits)

/**
 * Quotes integer literals too large for a double (outside strings), then parses.
 *
 * @example
 * parsePreciseJson('{"mihpayid": 403993715531234567}'); // { mihpayid: "403993715531234567" }
 */
export function parsePreciseJson(text: string): unknown {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (c === "-" || (c >= "0" && c <= "9")) {
      let j = i + 1;
      while (j < text.length && /[0-9.eE+-]/.test(text[j] as string)) j++;
      const literal = text.slice(i, j);
      const digits = literal.replace("-", "");
      if (/^-?\d+$/.test(literal) && digits.length > UNSAFE && !Number.isSafeInteger(Number(literal)))
        out += `"${literal}"`;
      else out += literal;
      i = j;
      continue;
    }
    out += c;
    i++;
  }
  return JSON.parse(out);
}

/** A JSON string (escapes included), or a number literal of 16 or more digits outside strings. */
const LONG_NUMBER = /"(?:[^"\\]|\\.)*"|-?\d{16,}/g;

/**
 * Whether a JSON text holds a number literal of 16 or more digits outside its strings (only those can be integers
 * beyond 2^53); digit runs inside strings (a mihpayid sent as text) do not count.
 *
 * @example
 * hasLongNumber('{"mihpayid":"403993715531234567"}'); // false
 * hasLongNumber('{"mihpayid":403993715531234567}'); // true
 */
export function hasLongNumber(text: string): boolean {
  if (!/\d{16}/.test(text)) return false;
  for (const m of text.matchAll(LONG_NUMBER)) if (m[0].charCodeAt(0) !== 34) return true;
  return false;
}
