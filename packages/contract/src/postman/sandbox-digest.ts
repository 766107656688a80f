// Computes a recipe's pre-image and digest inside Postman's sandbox. Embedded with Function.prototype.toString(),
// so it refers to nothing outside itself; the unit tests run the same function against @pgi/signing.
import type { CryptoLike, RecipeData } from "./sandbox-types.js";

/** The values a recipe is computed over: form fields (or a JSON body's top-level values) and the raw JSON body. */
export interface DigestSource {
  readonly fields?: Readonly<Record<string, string>>;
  readonly raw?: string;
}

/**
 * The pre-image and lowercase hex digest of `recipe` over `source`, keyed with `secret`. Joined recipes take each
 * part in order (a missing field is an empty slot, an optional one is left out when absent or empty), quoted and
 * joined; sorted-key-value recipes take every top-level key of the raw JSON body in UTF-16 order, each followed by
 * its value as written (strings decoded, integers as written, true/false, null as nothing).
 *
 * @example
 * pgiDigest(CryptoJS, recipe, { fields: { key: "k", txnid: "t" } }, "salt").digest
 */
export function pgiDigest(
  CryptoJS: CryptoLike,
  recipe: RecipeData,
  source: DigestSource,
  secret: string,
): { preimage: string; digest: string } {
  const fail = (message: string): never => {
    throw new Error(`pgi ${recipe.id}: ${message}`);
  };
  const topLevel = (raw: string): [string, string][] => {
    let i = 0;
    const space = () => {
      while (i < raw.length && " \t\r\n".includes(raw[i] as string)) i++;
    };
    const string = (): string => {
      const start = i;
      if (raw[i] !== '"') fail(`expected a string at offset ${i} of the body`);
      i++;
      while (i < raw.length && raw[i] !== '"') i += raw[i] === "\\" ? 2 : 1;
      if (i >= raw.length) fail("unterminated string in the body");
      i++;
      return raw.slice(start, i);
    };
    const value = (): string => {
      const start = i;
      if (raw[i] === '"') return string();
      if (raw[i] === "{" || raw[i] === "[") {
        let depth = 0;
        do {
          if (raw[i] === '"') {
            string();
            continue;
          }
          if (raw[i] === "{" || raw[i] === "[") depth++;
          if (raw[i] === "}" || raw[i] === "]") depth--;
          i++;
        } while (depth > 0 && i < raw.length);
        return raw.slice(start, i);
      }
      while (i < raw.length && !",}] \t\r\n".includes(raw[i] as string)) i++;
      return raw.slice(start, i);
    };
    space();
    if (raw[i] !== "{") fail("the body is not a JSON object");
    i++;
    const entries: [string, string][] = [];
    space();
    if (raw[i] === "}") return entries;
    for (;;) {
      space();
      const key = JSON.parse(string()) as string;
      space();
      if (raw[i] !== ":") fail(`expected ':' after key ${key}`);
      i++;
      space();
      entries.push([key, value()]);
      space();
      if (raw[i] === ",") {
        i++;
        continue;
      }
      if (raw[i] === "}") break;
      fail("malformed JSON body");
    }
    return entries;
  };
  const render = (key: string, token: string): string => {
    if (token.startsWith('"')) return JSON.parse(token) as string;
    if (token === "true" || token === "false") return token;
    if (token === "null") return "";
    if (/^-?(0|[1-9][0-9]*)$/.test(token)) return token;
    return fail(
      `key ${key}: only strings, integers, booleans and null can be signed (got ${token.slice(0, 20)})`,
    );
  };
  let preimage: string;
  if (recipe.format === "sorted-key-value") {
    const entries = topLevel(source.raw ?? "");
    const keys = entries.map((e) => e[0]);
    const duplicate = keys.find((k, n) => keys.indexOf(k) !== n);
    if (duplicate !== undefined) fail(`key ${duplicate} appears twice in the body`);
    entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    preimage = entries.map(([k, v]) => k + render(k, v)).join("");
  } else if (recipe.format === "joined") {
    const fields = source.fields ?? {};
    const out: string[] = [];
    for (const part of recipe.parts) {
      if (part === "$secret") out.push(secret);
      else if (part === "$empty") out.push("");
      else if (typeof part === "string") out.push(fields[part] ?? "");
      else {
        const v = fields[part.field];
        if (!part.optional || (v !== undefined && v !== "")) out.push(v ?? "");
      }
    }
    preimage = out.map((v) => recipe.quote + v + recipe.quote).join(recipe.join);
  } else {
    return fail(`unknown recipe format ${recipe.format}`);
  }
  let digest: string;
  if (recipe.algorithm === "sha512") digest = CryptoJS.SHA512(preimage).toString(CryptoJS.enc.Hex);
  else if (recipe.algorithm === "hmac-sha256")
    digest = CryptoJS.HmacSHA256(preimage, secret).toString(CryptoJS.enc.Hex);
  else return fail(`unknown algorithm ${recipe.algorithm}`);
  if (recipe.output !== "hex-lower") fail(`unknown output encoding ${recipe.output}`);
  return { preimage, digest: digest.toLowerCase() };
}
