// not_a_server_error: whatever else an answer does wrong, it is not a 5xx.

import type { ResponseCheck } from "../checking/types.js";
import { fail, pass } from "../model/finding.js";

export const check = {
  id: "not_a_server_error",
  description: "the answer is not a 5xx",
  kind: "response",
  stage: 10,
  run({ ex }) {
    const { status, body } = ex.response;
    return [
      status >= 500
        ? fail("not_a_server_error", {
            expected: "< 500",
            actual: String(status),
            message: body.slice(0, 200),
          })
        : pass("not_a_server_error"),
    ];
  },
} as const satisfies ResponseCheck<"not_a_server_error">;
