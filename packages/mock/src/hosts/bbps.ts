// Bill-payment complaints: any well-formed id starts CAPTURED and moves to ASSIGNED, then RESOLVED, by a control call.
import { capSize, DEFAULT_STATE_LIMITS, type StateLimits } from "../core/bounded-store.js";
import type { ControlRoute, HostBehaviour, MockResponse } from "../types.js";

const ORDER = ["CAPTURED", "ASSIGNED", "RESOLVED"] as const;
type ComplaintStatus = (typeof ORDER)[number];
/** The documented example (by name) that answers each status. */
const EXAMPLE: Readonly<Record<ComplaintStatus, string>> = {
  CAPTURED: "captured",
  ASSIGNED: "assigned",
  RESOLVED: "resolved",
};
/** Ids starting with this prefix are unknown to the biller: the documented code-600 failure. */
export const UNKNOWN_COMPLAINT_PREFIX = "UNKNOWN";

const problem = (status: number, title: string, detail: string): MockResponse => ({
  status,
  contentType: "application/problem+json",
  body: { type: `https://pgi.dev/mock/problems/${status}`, title, status, detail },
});

/** Creates the bill-payment behaviour. */
export function createBbpsBehaviour(limits: StateLimits = DEFAULT_STATE_LIMITS): HostBehaviour {
  const complaints = new Map<string, ComplaintStatus>();

  const advance: ControlRoute = {
    method: "POST",
    path: "/__mock/complaints/:complaintId/advance",
    description: "move a complaint one step: CAPTURED → ASSIGNED → RESOLVED",
    handle(req): MockResponse {
      const id = req.params.complaintId ?? "";
      if (id === "" || id.startsWith(UNKNOWN_COMPLAINT_PREFIX)) {
        return problem(
          404,
          "Unknown complaint",
          `params.complaintId: ids starting ${UNKNOWN_COMPLAINT_PREFIX} are unknown to the biller and cannot move`,
        );
      }
      const current = complaints.get(id) ?? "CAPTURED";
      const next = ORDER[ORDER.indexOf(current) + 1];
      if (next === undefined) {
        return problem(409, "Complaint already resolved", `complaint ${id} is RESOLVED, the last status`);
      }
      complaints.set(id, next);
      return { status: 200, body: { complaintId: id, previous: current, complaintStatus: next } };
    },
  };

  return {
    host: "bbps",
    control: [advance],
    handle(req, ctx) {
      // Both designations (GET and POST) take complaintId in the query.
      const id = req.query.complaintId ?? "";
      if (id.startsWith(UNKNOWN_COMPLAINT_PREFIX)) {
        return ctx.documentedResponse(req.operationId, 200, "requestFailed");
      }
      const status = complaints.get(id) ?? "CAPTURED";
      complaints.set(id, status);
      capSize(complaints, limits.maxRecords);
      const res = ctx.documentedResponse(req.operationId, 200, EXAMPLE[status]);
      const payload = (res?.body as { payload?: Record<string, unknown> } | undefined)?.payload;
      if (payload) payload.complaintId = id;
      return res;
    },
    snapshot: () => ({ counts: { complaints: complaints.size }, complaints: Object.fromEntries(complaints) }),
    reset: () => complaints.clear(),
  };
}
