// response_schema: the answer parses as its media type and is valid against the documented schema, JSON carried in
// string fields (contentSchema) included.

import type { ResponseCheck } from "../checking/types.js";
import { fail, pass } from "../model/finding.js";
import { ajvFindings } from "../spec/ajv-findings.js";
import { contentBreaks } from "../spec/content-schema.js";

export const check = {
  id: "response_schema",
  description: "the body is valid against the documented schema",
  kind: "response",
  stage: 50,
  run({ specs, op, documented, mediaType, parsed }) {
    const body = parsed();
    if (!body.ok) {
      const finding = fail("response_schema", {
        pointer: "/",
        expected: `parseable ${mediaType}`,
        actual: body.error,
      });
      return { findings: [finding], stop: true };
    }
    const validate = documented?.media.get(mediaType);
    if (!validate) return [];
    const out = validate(body.value)
      ? [pass("response_schema")]
      : ajvFindings(validate.errors, "response_schema", { params: true });
    for (const b of contentBreaks(specs, op.host, documented?.schemas.get(mediaType), body.value))
      out.push(fail("response_schema", b));
    return out;
  },
} as const satisfies ResponseCheck<"response_schema">;
