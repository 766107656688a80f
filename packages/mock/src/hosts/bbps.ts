// Bill-payment complaints: any well-formed id starts CAPTURED and moves to ASSIGNED, then RESOLVED, by a control call.
import type { ControlRoute, HostBehaviour, MockResponse } from "../types.js";

const ORDER = ["CAPTURED", "ASSIGNED", "RESOLVED"] as const;
const EXAMPLE = { CAPTURED: "captured", ASSIGNED: "assigned", RESOLVED: "resolved" } as const;
/** Ids starting with this prefix are unknown to the biller: the documented code-600 failure. */
export const UNKNOWN_COMPLAINT_PREFIX = "UNKNOWN";

/** Creates the bill-payment behaviour. */
export function createBbpsBehaviour(): HostBehaviour {
  const complaints = new Map<string, (typeof ORDER)[number]>();

  const advance: ControlRoute = {
    method: "POST",
    path: "/__mock/complaints/:complaintId/advance",
    description: "move a complaint one step: CAPTURED → ASSIGNED → RESOLVED",
    handle(req): MockResponse {
      const id = req.params.complaintId as string;
      const current = complaints.get(id) ?? "CAPTURED";
      const next = ORDER[Math.min(ORDER.indexOf(current) + 1, ORDER.length - 1)] as (typeof ORDER)[number];
      complaints.set(id, next);
      return { status: 200, body: { complaintId: id, previous: current, complaintStatus: next } };
    },
  };

  return {
    host: "bbps",
    control: [advance],
    handle(req, ctx) {
      const id = req.query.complaintId as string;
      if (id.startsWith(UNKNOWN_COMPLAINT_PREFIX))
        return ctx.documentedResponse(req.operationId, 200, "requestFailed");
      const status = complaints.get(id) ?? "CAPTURED";
      complaints.set(id, status);
      const res = ctx.documentedResponse(req.operationId, 200, EXAMPLE[status]);
      const payload = (res?.body as { payload?: Record<string, unknown> } | undefined)?.payload;
      if (payload) payload.complaintId = id;
      return res;
    },
    snapshot: () => ({ complaints: Object.fromEntries(complaints) }),
    reset: () => complaints.clear(),
  };
}
