// content_type_documented: the answer's media type is one the documented response lists (or it documents no body).

import type { ResponseCheck } from "../checking/types.js";
import { fail, pass } from "../model/finding.js";

export const check = {
  id: "content_type_documented",
  description: "the Content-Type is documented for that status",
  kind: "response",
  stage: 40,
  run({ documented, mediaType }) {
    const media = documented?.media ?? new Map();
    // A response documented without a body: nothing more to judge.
    if (media.size === 0) return { findings: [pass("content_type_documented")], stop: true };
    if (media.has(mediaType)) return [pass("content_type_documented")];
    const finding = fail("content_type_documented", {
      expected: [...media.keys()].join(" or "),
      actual: mediaType || "(none)",
    });
    return { findings: [finding], stop: true };
  },
} as const satisfies ResponseCheck<"content_type_documented">;
