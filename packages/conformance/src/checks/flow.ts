// flow: a multi-step flow (src/flows/) behaves as the interface describes; each expectation of a flow is one finding.
import type { VerdictCheck } from "../checking/types.js";

export const check = {
  id: "flow",
  description: "a multi-step flow behaves as the interface describes",
  kind: "verdict",
} as const satisfies VerdictCheck<"flow">;
