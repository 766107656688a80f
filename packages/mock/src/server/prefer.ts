// The Prefer and Accept headers checked against what the operation documents, before Prism sees them.
import { exampleNames, type HostSpec, type OperationInfo, resolve } from "../core/spec-index.js";
import type { Violation } from "./violations.js";

/** What the caller asked for with `Prefer: code=…, example=…`. */
export interface Preference {
  code?: number;
  example?: string;
}

const violation = (message: string): Violation => ({
  location: "header",
  field: "header.prefer",
  rule: "enum",
  message,
});

/**
 * Reads `Prefer` and checks it against the operation: the code must be documented, the example must be one of
 * that code's named examples (without a code, of any documented response, which then gives the code).
 *
 * @example
 * checkPrefer(spec, op, "code=401, example=accessDenied"); // { ok: true, preference: { code: 401, example: "accessDenied" } }
 */
export function checkPrefer(
  spec: HostSpec,
  op: OperationInfo,
  value: string | undefined,
): { ok: true; preference: Preference | undefined } | { ok: false; violation: Violation } {
  if (value === undefined) return { ok: true, preference: undefined };
  const out: Preference = {};
  for (const part of value.split(/[;,]/)) {
    const [key, raw] = part.split("=").map((s) => s.trim());
    if (key === "code") {
      if (!raw || !/^[1-5][0-9]{2}$/.test(raw))
        return { ok: false, violation: violation(`code=${raw ?? ""}: a 3-digit status`) };
      out.code = Number(raw);
    } else if (key === "example") {
      if (!raw) return { ok: false, violation: violation("example=: an example name is required") };
      out.example = raw.replace(/^"(.*)"$/, "$1");
    }
  }
  if (out.code === undefined && out.example === undefined) return { ok: true, preference: undefined };
  const statuses = op.documentedStatuses;
  if (out.code !== undefined && !statuses.includes(out.code)) {
    return {
      ok: false,
      violation: violation(
        `code=${out.code} is not documented for ${op.operationId}; use ${statuses.join(", ")}`,
      ),
    };
  }
  if (out.example !== undefined) {
    const candidates = out.code !== undefined ? [out.code] : statuses;
    const code = candidates.find((s) => exampleNames(spec, op, s).includes(out.example as string));
    if (code === undefined) {
      const known = candidates.flatMap((s) => exampleNames(spec, op, s).map((n) => `${s} ${n}`));
      return {
        ok: false,
        violation: violation(
          `example=${out.example.slice(0, 60)} is not an example of ${op.operationId}` +
            (known.length ? `; documented: ${known.join(", ")}` : ""),
        ),
      };
    }
    out.code = code;
  }
  return { ok: true, preference: out };
}

const mediaTypes = new WeakMap<OperationInfo, string[]>();

/** The media types of the operation's documented responses, worked out once per operation. */
function documentedMediaTypes(spec: HostSpec, op: OperationInfo): string[] {
  const known = mediaTypes.get(op);
  if (known) return known;
  const out = new Set<string>();
  for (const r of Object.values((op.raw.responses ?? {}) as Record<string, unknown>)) {
    const response = resolve(spec.doc, r) as { content?: Record<string, unknown> } | undefined;
    for (const type of Object.keys(response?.content ?? {})) out.add(type.toLowerCase());
  }
  mediaTypes.set(op, [...out]);
  return [...out];
}

/**
 * The Accept header to hand Prism: only the media ranges that match a type the operation documents. A header
 * that names none of them (or cannot be read) is dropped, so the documented type is answered (RFC 9110 lets a
 * server disregard Accept) instead of Prism's undocumented 406 or a failure on a malformed range.
 *
 * @example
 * negotiableAccept(spec, op, "text/html"); // undefined: answer the documented type
 */
export function negotiableAccept(
  spec: HostSpec,
  op: OperationInfo,
  accept: string | undefined,
): string | undefined {
  if (accept === undefined) return undefined;
  const documented = documentedMediaTypes(spec, op);
  const kept = accept
    .split(",")
    .map((range) => range.split(";")[0]?.trim().toLowerCase() ?? "")
    .filter((range) => {
      if (range === "*/*") return true;
      const [type, sub] = range.split("/");
      if (!type || !sub) return false;
      return documented.some((d) => d === range || (sub === "*" && d.startsWith(`${type}/`)));
    });
  return kept.length > 0 ? kept.join(", ") : undefined;
}
