// Bill-payment complaints: any well-formed id starts CAPTURED and moves to ASSIGNED, then RESOLVED, by a control call.
import type { ComplaintStatus } from "../state/types.js";
import type { ControlRoute, HostBehaviour, MockResponse } from "../types.js";

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

const advance: ControlRoute = {
  method: "POST",
  path: "/__mock/complaints/:complaintId/advance",
  description: "move a complaint one step: CAPTURED → ASSIGNED → RESOLVED",
  async handle(req, ctx): Promise<MockResponse> {
    const id = req.params.complaintId ?? "";
    if (id === "" || id.startsWith(UNKNOWN_COMPLAINT_PREFIX)) {
      return problem(
        404,
        "Unknown complaint",
        `params.complaintId: ids starting ${UNKNOWN_COMPLAINT_PREFIX} are unknown to the biller and cannot move`,
      );
    }
    const moved = await ctx.state.bbps.advance(id);
    if (moved === "resolved") {
      return problem(409, "Complaint already resolved", `complaint ${id} is RESOLVED, the last status`);
    }
    return { status: 200, body: { complaintId: id, previous: moved.previous, complaintStatus: moved.next } };
  },
};

/** Creates the bill-payment behaviour; its state is ctx.state.bbps. */
export function createBbpsBehaviour(): HostBehaviour {
  return {
    host: "bbps",
    control: [advance],
    async handle(req, ctx) {
      // Both designations (GET and POST) take complaintId in the query.
      const id = req.query.complaintId ?? "";
      if (id.startsWith(UNKNOWN_COMPLAINT_PREFIX)) {
        return ctx.documentedResponse(req.operationId, 200, "requestFailed");
      }
      const status = await ctx.state.bbps.status(id);
      const res = ctx.documentedResponse(req.operationId, 200, EXAMPLE[status]);
      const payload = (res?.body as { payload?: Record<string, unknown> } | undefined)?.payload;
      if (payload) payload.complaintId = id;
      return res;
    },
    async snapshot(_now, ctx) {
      const complaints = await ctx.state.bbps.snapshot();
      return { counts: { complaints: complaints.length }, complaints: Object.fromEntries(complaints) };
    },
  };
}
