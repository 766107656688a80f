// status_code_documented: the operation documents the answer's status (exactly, as nXX, or as default).

import type { ResponseCheck } from "../checking/types.js";
import { fail, pass } from "../model/finding.js";

export const check = {
  id: "status_code_documented",
  description: "the status code is documented for the operation",
  kind: "response",
  stage: 20,
  run({ op, ex, documented }) {
    if (documented) return [pass("status_code_documented")];
    const finding = fail("status_code_documented", {
      expected: [...op.responses.keys()].join(", "),
      actual: String(ex.response.status),
    });
    return { findings: [finding], stop: true };
  },
} as const satisfies ResponseCheck<"status_code_documented">;
