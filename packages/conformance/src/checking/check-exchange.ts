// Runs the response checks of the registry on one exchange of an operation, in stage order, until one says stop.
import type { Exchange, Finding } from "../model/finding.js";
import type { Credentials } from "../model/target.js";
import type { Operation, SpecSet } from "../spec/spec-set.js";
import { RESPONSE_CHECKS } from "./registry.js";
import { mediaTypeOf } from "./request-validators.js";
import type { ParsedBody, ResponseContext } from "./types.js";

function parse(mediaType: string, text: string): ParsedBody {
  try {
    if (mediaType.includes("json")) return { ok: true, value: text.length ? JSON.parse(text) : undefined };
    if (mediaType === "application/x-www-form-urlencoded")
      return { ok: true, value: Object.fromEntries(new URLSearchParams(text)) };
    return { ok: true, value: text };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

/**
 * Every response check's findings on one exchange of `op`; `credentials` supply the secrets that verify signed answers.
 *
 * @example
 * const findings = checkExchange(specs, op, exchange, target.credentials);
 * findings.filter((f) => !f.ok && !f.warning);
 */
export function checkExchange(
  specs: SpecSet,
  op: Operation,
  ex: Exchange,
  credentials: Credentials = {},
): Finding[] {
  const { status, headers, body } = ex.response;
  const mediaType = mediaTypeOf(headers["content-type"]);
  let parsed: ParsedBody | undefined;
  const ctx: ResponseContext = {
    specs,
    op,
    ex,
    credentials,
    documented:
      op.responses.get(String(status)) ??
      op.responses.get(`${String(status)[0]}XX`) ??
      op.responses.get("default"),
    mediaType,
    parsed: () => {
      parsed ??= parse(mediaType, body);
      return parsed;
    },
  };
  const out: Finding[] = [];
  for (const check of RESPONSE_CHECKS) {
    const outcome = check.run(ctx);
    if (Array.isArray(outcome)) out.push(...outcome);
    else {
      out.push(...outcome.findings);
      break;
    }
  }
  return out;
}
