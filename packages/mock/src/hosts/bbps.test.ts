import { beforeEach, describe, expect, it } from "vitest";
import {
  answerErrors,
  control,
  createTestContext,
  request,
  type TestContext,
} from "../../test/hosts/host-context.js";
import type { HostBehaviour, MockResponse } from "../types.js";
import { createBbpsBehaviour } from "./bbps.js";

let t: TestContext;
let bbps: HostBehaviour;
beforeEach(() => {
  t = createTestContext();
  bbps = createBbpsBehaviour();
});

type Answer = { code: number; status: string; payload: Record<string, unknown> };

async function check(complaintId: string, operationId = "checkComplaintStatus"): Promise<Answer> {
  const res = (await bbps.handle(
    request(operationId, { method: "GET", query: { complaintId } }),
    t.ctx,
  )) as MockResponse;
  expect(res.status).toBe(200);
  expect(answerErrors(operationId, res)).toEqual([]);
  return res.body as Answer;
}
const advance = (complaintId: string) =>
  control(bbps, t.ctx, "POST", "/__mock/complaints/:complaintId/advance", { params: { complaintId } });

describe("bill-payment complaints", () => {
  it.each(["checkComplaintStatus", "checkComplaintStatusPost"])(
    "%s: CAPTURED on first query, ASSIGNED, then RESOLVED by the control route",
    async (operationId) => {
      expect(await check("CMP-7", operationId)).toMatchObject({
        code: 200,
        status: "SUCCESS",
        payload: { complaintId: "CMP-7", complaintStatus: "CAPTURED" },
      });
      expect((await advance("CMP-7")).body).toEqual({
        complaintId: "CMP-7",
        previous: "CAPTURED",
        complaintStatus: "ASSIGNED",
      });
      expect((await check("CMP-7", operationId)).payload.complaintStatus).toBe("ASSIGNED");
      await advance("CMP-7");
      expect((await check("CMP-7", operationId)).payload.complaintStatus).toBe("RESOLVED");
      const past = await advance("CMP-7");
      expect(past.status).toBe(409);
      expect((await check("CMP-7", operationId)).payload.complaintStatus).toBe("RESOLVED");
    },
  );

  it("a complaint advanced before any query starts from CAPTURED; complaints are independent", async () => {
    await advance("CMP-A");
    expect((await check("CMP-A")).payload.complaintStatus).toBe("ASSIGNED");
    expect((await check("CMP-B")).payload.complaintStatus).toBe("CAPTURED");
  });

  it("an id starting UNKNOWN gets the documented code-600 failure, and cannot be advanced", async () => {
    expect(await check("UNKNOWN-42")).toMatchObject({
      code: 600,
      status: "FAILURE",
      payload: { type: "non_bbps_complain_status", message: "complaint_request_failed" },
    });
    const res = await advance("UNKNOWN-42");
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).toContain("params.complaintId");
  });

  it("snapshot shows each complaint's status; reset forgets them", async () => {
    await check("CMP-1");
    await advance("CMP-1");
    expect(await bbps.snapshot(t.clock.now(), t.ctx)).toEqual({
      counts: { complaints: 1 },
      complaints: { "CMP-1": "ASSIGNED" },
    });
    await t.store.reset();
    expect(await bbps.snapshot(t.clock.now(), t.ctx)).toEqual({ counts: { complaints: 0 }, complaints: {} });
    expect((await check("CMP-1")).payload.complaintStatus).toBe("CAPTURED");
  });
});
