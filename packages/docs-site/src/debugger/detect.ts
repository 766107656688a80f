// Reads what a reader pastes into the debugger (JSON, a form body, a gateway answer, a webhook body) and tells
// which signature scheme it carries, the fields to sign and the digest it carries, if any.
import { detectScheme, type SchemeId } from "@pgi/signing";
import { numberLiterals } from "./number-literals.js";

/** What the debugger will explain. */
export interface Detected {
  readonly scheme: SchemeId;
  /** Fields for joined schemes; for the webhook, the raw body text exactly as pasted. */
  readonly input: Record<string, unknown> | string;
  /** The digest the pasted input carries (hash or checksum field), if any. */
  readonly carried?: string;
  /** How the input was read, for the page. */
  readonly how: string;
}

/** Raised when the input cannot be read or its scheme cannot be told; the message says what to do. */
export class DetectError extends Error {
  override readonly name = "DetectError";
}

/** Number fields as their literal text (10.00 stays "10.00"), as the signing CLI reads them. */
function keepNumberLiterals(
  text: string,
  path: readonly string[],
  fields: Record<string, unknown>,
): Record<string, unknown> {
  const out = { ...fields };
  for (const [key, raw] of numberLiterals(text, path)) if (typeof out[key] === "number") out[key] = raw;
  return out;
}

function parse(text: string): { fields: Record<string, unknown>; how: string } {
  const trimmed = text.trim();
  if (trimmed === "") throw new DetectError("paste a request body, a JSON result or a webhook body first");
  if (trimmed.startsWith("{")) {
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch (error) {
      throw new DetectError(`the input starts with "{" but is not valid JSON: ${(error as Error).message}`);
    }
    if (!value || typeof value !== "object" || Array.isArray(value))
      throw new DetectError("the JSON must be an object");
    const record = value as Record<string, unknown>;
    if (record.result && typeof record.result === "object" && !Array.isArray(record.result))
      return {
        fields: keepNumberLiterals(trimmed, ["result"], record.result as Record<string, unknown>),
        how: "JSON answer: its result object",
      };
    return { fields: keepNumberLiterals(trimmed, [], record), how: "JSON object" };
  }
  if (/^[^=&\s]+=/.test(trimmed)) {
    const fields: Record<string, unknown> = {};
    for (const [k, v] of new URLSearchParams(trimmed.replace(/\+/g, "%2B"))) fields[k] = v;
    return { fields, how: "form body (application/x-www-form-urlencoded)" };
  }
  throw new DetectError("could not read the input: paste a JSON object or a form body such as key=…&txnid=…");
}

/**
 * Reads the pasted text; `chosen` forces a scheme ("detect" lets the fields decide).
 *
 * @example
 * detect("key=Jx7Kq2&txnid=T1&amount=1.00&productinfo=p&firstname=f&email=e&hash=ab", "detect").scheme
 * // => "payment-request"
 */
export function detect(text: string, chosen: SchemeId | "detect"): Detected {
  const { fields, how } = parse(text);
  const scheme = chosen === "detect" ? detectScheme(fields) : chosen;
  if (!scheme) throw new DetectError("could not tell the scheme from these fields: choose one in the list");
  if (scheme === "webhook-signature")
    return { scheme, input: text.trim(), how: `${how}; signed as the raw body` };
  const carrier = scheme.startsWith("wallet") ? "checksum" : "hash";
  const carried = typeof fields[carrier] === "string" ? (fields[carrier] as string) : undefined;
  return { scheme, input: fields, how, ...(carried ? { carried } : {}) };
}
