// drift: properties an answer carries that its schema does not declare; a warning, never a failure.

import type { ResponseCheck } from "../checking/types.js";
import type { Finding } from "../model/finding.js";
import { deref } from "../spec/spec-set.js";

/** Properties present in `value` that `schema` does not declare (open objects only), a few levels deep. */
function undeclared(doc: unknown, schema: unknown, value: unknown, pointer: string, depth = 0): string[] {
  const s = deref(doc, schema) as Record<string, unknown> | undefined;
  if (!s || depth > 3 || !value || typeof value !== "object" || Array.isArray(value)) return [];
  for (const key of ["oneOf", "anyOf"]) if (s[key]) return [];
  const props = (s.properties ?? {}) as Record<string, unknown>;
  if (!s.properties || s.additionalProperties === false) return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (!(k in props)) out.push(`${pointer}/${k}`);
    else out.push(...undeclared(doc, props[k], v, `${pointer}/${k}`, depth + 1));
  }
  return out;
}

export const check = {
  id: "drift",
  description: "properties the schema does not declare (warning only)",
  kind: "response",
  stage: 60,
  run({ specs, op, documented, mediaType, parsed }) {
    const body = parsed();
    if (!body.ok || !documented?.media.get(mediaType)) return [];
    const doc = specs.docs.get(op.host);
    return undeclared(doc, documented.schemas.get(mediaType), body.value, "").map(
      (pointer): Finding => ({
        check: "drift",
        ok: false,
        warning: true,
        pointer,
        message: "not declared by the schema",
      }),
    );
  },
} as const satisfies ResponseCheck<"drift">;
