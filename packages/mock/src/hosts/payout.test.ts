import { beforeEach, describe, expect, it } from "vitest";
import {
  answerErrors,
  control,
  createTestContext,
  request,
  type TestContext,
} from "../../test/hosts/host-context.js";
import { exactJson } from "../core/exact-json.js";
import type { HostBehaviour, MockResponse } from "../types.js";
import { createPayoutBehaviour, smartSendTimestamp } from "./payout.js";

let t: TestContext;
let payout: HostBehaviour;
beforeEach(() => {
  t = createTestContext();
  payout = createPayoutBehaviour();
});

const PID = "1111312";
type Envelope = {
  status: number;
  msg: string | null;
  code: number | null;
  data: Record<string, unknown> | null;
};

async function call(operationId: string, parts: Parameters<typeof request>[1]): Promise<Envelope> {
  const res = (await payout.handle(request(operationId, parts), t.ctx)) as MockResponse;
  expect(res.status).toBe(200);
  expect(answerErrors(operationId, res)).toEqual([]);
  return JSON.parse(exactJson(res.body)) as Envelope;
}

const create = (merchantRefId: string, expiryDate = "2026-11-30T10:00:49.778+0000") =>
  call("createSmartSendLink", {
    headers: { pid: PID },
    body: {
      amount: "10.50",
      merchantRefId,
      custName: "DIVIK",
      custMobile: "9868888568",
      description: "Refund",
      expiryDate,
    },
  });
const details = (merchantRefId: string) =>
  call("getSmartSendDetails", { method: "GET", query: { payoutMerchantId: PID, merchantRefId } });
const status = (linkId: string) => call("getSmartSendStatus", { method: "GET", query: { linkId } });
const extend = (id: string, expiryDate: string) =>
  call("extendSmartSendExpiry", {
    method: "PUT",
    pathParams: { id },
    headers: { pid: PID },
    body: { expiryDate },
  });
const cancel = (merchantRefId: string) =>
  call("cancelSmartSendLink", { query: { merchantRefId }, headers: { payoutmerchantid: PID } });

describe("payout smart send", () => {
  it("create → details → status → extend → cancel → cancel again (1122) → status 1122", async () => {
    const created = await create("REF-1");
    const linkId = created.data?.linkId as string;
    expect(created).toMatchObject({ status: 0, data: { expiryDate: "2026-11-30T10:00:49.778+0000" } });
    expect((await details("REF-1")).data).toMatchObject({
      merchantRefId: "REF-1",
      payoutMerchantId: Number(PID),
      smartSendStatus: "ACTIVE",
      amount: 10.5,
      linkId,
      addedOn: smartSendTimestamp(t.clock.now()),
    });
    expect(await status(linkId)).toMatchObject({ status: 0, msg: "PENDING" });
    await t.advance(60);
    expect(await extend(linkId, "2026-12-26T18:29:59.000+0000")).toMatchObject({ status: 0 });
    expect((await details("REF-1")).data).toMatchObject({
      expiryDate: "2026-12-26T18:29:59.000+0000",
      updatedOn: "2026-11-23T06:01:00.000+0000",
    });
    expect(await cancel("REF-1")).toMatchObject({ status: 0 });
    expect(await cancel("REF-1")).toMatchObject({ status: 1, code: 1122 });
    expect(await status(linkId)).toMatchObject({ status: 1, code: 1122 });
    expect((await extend(linkId, "2027-01-01T00:00:00.000+0000")).status).toBe(1);
  });

  it("a link expires by the mock's clock at its expiryDate, and can then be neither extended nor cancelled", async () => {
    const linkId = (await create("REF-2", "2026-11-23T07:00:00.000+0000")).data?.linkId as string;
    await t.advance(3_599);
    expect((await details("REF-2")).data?.smartSendStatus).toBe("ACTIVE");
    await t.advance(1);
    expect((await details("REF-2")).data).toMatchObject({
      smartSendStatus: "EXPIRED",
      updatedOn: "2026-11-23T07:00:00.000+0000",
    });
    expect(await status(linkId)).toMatchObject({ status: 0, msg: "EXPIRED" });
    expect((await extend(linkId, "2026-12-01T00:00:00.000+0000")).msg).toMatch(/expired/);
    expect((await cancel("REF-2")).msg).toMatch(/expired/);
  });

  it("the beneficiary's claim (control route) makes an active link SUCCESS; a second claim is refused", async () => {
    const linkId = (await create("REF-3")).data?.linkId as string;
    const claim = () =>
      control(payout, t.ctx, "POST", "/__mock/smart-send/:merchantRefId/claim", {
        params: { merchantRefId: "REF-3" },
      });
    expect((await claim()).status).toBe(200);
    expect((await claim()).status).toBe(409);
    expect(await status(linkId)).toMatchObject({ msg: "SUCCESS" });
    expect((await details("REF-3")).data).toMatchObject({ smartSendStatus: "SUCCESS", txnStatus: "SUCCESS" });
    const missing = await control(payout, t.ctx, "POST", "/__mock/smart-send/:merchantRefId/claim", {
      params: { merchantRefId: "NOPE" },
    });
    expect(missing.status).toBe(404);
  });

  it.each<[string, () => Promise<Envelope>, Partial<Envelope>]>([
    ["details of an unknown reference: the documented not-found shape", () => details("NOPE"), { status: 1 }],
    ["status of an unknown link", () => status("NOPE"), { status: 1 }],
    ["extending an unknown link", () => extend("NOPE", "2027-01-01T00:00:00.000+0000"), { status: 1 }],
    ["cancelling an unknown reference", () => cancel("NOPE"), { status: 1 }],
  ])("%s", async (_name, act, want) => {
    const res = await act();
    expect(res).toMatchObject(want);
    if (res.data)
      expect(res.data).toMatchObject({ merchantRefId: "NOPE", payoutMerchantId: Number(PID), linkId: null });
  });

  it("an expiry in the past is refused; reset forgets every link", async () => {
    const linkId = (await create("REF-4")).data?.linkId as string;
    expect((await extend(linkId, "2026-11-23T05:00:00.000+0000")).msg).toMatch(/future/);
    await t.store.reset();
    expect(await payout.snapshot(t.clock.now(), t.ctx)).toEqual({ counts: { links: 0 }, links: [] });
    expect((await details("REF-4")).status).toBe(1);
  });
});
