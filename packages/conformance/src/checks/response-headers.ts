// response_headers: every header the documented response requires is present.

import type { ResponseCheck } from "../checking/types.js";
import { fail, pass } from "../model/finding.js";

export const check = {
  id: "response_headers",
  description: "the documented required response headers are present",
  kind: "response",
  stage: 30,
  run({ ex, documented }) {
    const missing = (documented?.requiredHeaders ?? []).filter((h) => ex.response.headers[h] === undefined);
    return [
      missing.length
        ? fail("response_headers", { expected: missing.join(", "), actual: "absent" })
        : pass("response_headers"),
    ];
  },
} as const satisfies ResponseCheck<"response_headers">;
