// webhook_retry: a merchant status webhook answered non-200 is delivered again, with the same body.
import type { VerdictCheck } from "../checking/types.js";

export const check = {
  id: "webhook_retry",
  description: "a webhook answered non-200 is delivered again",
  kind: "verdict",
} as const satisfies VerdictCheck<"webhook_retry">;
