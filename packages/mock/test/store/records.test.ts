// Store contract, records: payout links, gateway payments, complaints and partner state behave the same in memory
// and in Redis.
import { describe, expect, it } from "vitest";
import type { Link } from "../../src/state/types.js";
import { KINDS, openStore, T0, useStores } from "./stores.js";

useStores();
const DAY = 86_400_000;
const link = (ref: string, id: string, expiresAt = T0 + DAY): Link => ({
  merchantRefId: ref,
  payoutMerchantId: "1111312",
  linkId: id,
  link: `https://test.payumoney.com/url/${id}`,
  amount: "10.50",
  custName: "DIVIK",
  custMobile: "9868888568",
  custEmail: null,
  description: "Refund",
  addedOn: T0,
  updatedOn: T0,
  expiresAt,
  state: "ACTIVE",
});

describe.each(KINDS)("%s store: payout links", (kind) => {
  it("create, read by reference and id, extend, cancel twice (1122), claim; only the creator's pid", async () => {
    const { payout } = await openStore(kind);
    await payout.create(link("R1", "L1"), T0);
    await payout.create(link("R2", "L2"), T0);
    expect(await payout.byRef("R1", T0)).toEqual(link("R1", "L1"));
    expect(await payout.byId("L2", T0)).toEqual(link("R2", "L2"));
    expect(await payout.extend("L1", "999", T0 + 2 * DAY, T0)).toBe("notFound");
    expect(await payout.extend("L1", "1111312", T0 - 1, T0)).toBe("notFuture");
    expect(await payout.extend("L1", "1111312", Number.NaN, T0)).toBe("notFuture");
    expect(await payout.extend("L1", "1111312", T0 + 2 * DAY, T0 + 5)).toBe("extended");
    expect(await payout.byRef("R1", T0 + 6)).toMatchObject({ expiresAt: T0 + 2 * DAY, updatedOn: T0 + 5 });
    expect(await payout.cancel("R1", "999", T0)).toBe("notFound");
    expect(await payout.cancel("R1", "1111312", T0 + 7)).toBe("cancelled");
    expect(await payout.cancel("R1", "1111312", T0 + 8)).toBe("alreadyCancelled");
    expect(await payout.extend("L1", "1111312", T0 + 3 * DAY, T0 + 9)).toEqual({ refused: "CANCELLED" });
    expect(await payout.claim("R1", T0 + 9)).toEqual({ refused: "CANCELLED" });
    expect(await payout.claim("R2", T0 + 10)).toEqual({
      claimed: { ...link("R2", "L2"), state: "SUCCESS", succeededAt: T0 + 10, updatedOn: T0 + 10 },
    });
    expect(await payout.cancel("R2", "1111312", T0 + 11)).toEqual({ refused: "SUCCESS" });
    expect(await payout.claim("R3", T0)).toBe("notFound");
    expect((await payout.snapshot(T0 + 12)).map((l) => [l.merchantRefId, l.state])).toEqual([
      ["R1", "CANCELLED"],
      ["R2", "SUCCESS"],
    ]);
  });

  it("an active link past its expiry reads EXPIRED and cannot change; links live until their end plus the retention", async () => {
    const { payout } = await openStore(kind);
    await payout.create(link("R1", "L1", T0 + 1_000), T0);
    expect(await payout.byRef("R1", T0 + 1_000)).toMatchObject({ state: "EXPIRED", updatedOn: T0 + 1_000 });
    expect(await payout.cancel("R1", "1111312", T0 + 1_000)).toEqual({ refused: "EXPIRED" });
    expect(await payout.byId("L1", T0 + 1_000 + 3_600_000)).toMatchObject({ state: "EXPIRED" });
    expect(await payout.byId("L1", T0 + 1_000 + 3_600_001)).toBeUndefined();
    expect(await payout.snapshot(T0 + 1_000 + 3_600_001)).toEqual([]);
  });

  it("a new link under a used reference replaces it by reference; the old id still reads the old link", async () => {
    const { payout } = await openStore(kind);
    await payout.create(link("R1", "L1"), T0);
    await payout.create(link("R1", "L2"), T0);
    expect((await payout.byRef("R1", T0))?.linkId).toBe("L2");
    expect((await payout.byId("L1", T0))?.linkId).toBe("L1");
    expect(await payout.cancel("R1", "1111312", T0)).toBe("cancelled");
    expect((await payout.byId("L1", T0))?.state).toBe("ACTIVE");
  });
});

describe.each(KINDS)("%s store: gateway, complaints, partner", (kind) => {
  it("payments by txnid; a UPI completion runs once; the callback's answer is recorded", async () => {
    const { gateway } = await openStore(kind);
    const p = { txnid: "T1", flow: "upi-collect" as const, state: "pending", mihpayid: "M1", createdAt: "c" };
    await gateway.record(p);
    expect(await gateway.payment("T1")).toEqual(p);
    expect(await gateway.complete("T1", "OTHER", { state: "success", completedAt: "d" })).toBe(false);
    const update = { state: "success", completedAt: "d", callback: { url: "https://m.example.in/s" } };
    expect(await gateway.complete("T1", "M1", update)).toBe(true);
    // Completed, but no answer to the callback recorded yet: a second run posts it again.
    expect(await gateway.complete("T1", "M1", update)).toBe(true);
    await gateway.recordCallback("T1", "M1", { status: 200 });
    expect(await gateway.complete("T1", "M1", update)).toBe(false);
    expect(await gateway.payment("T1")).toEqual({
      ...p,
      state: "success",
      completedAt: "d",
      callback: { url: "https://m.example.in/s", status: 200 },
    });
    expect(await gateway.linkBnplUser("9876543213")).toBe(true);
    expect(await gateway.linkBnplUser("9876543213")).toBe(false);
    expect(await gateway.snapshot()).toMatchObject({
      linkedBnplUsers: ["9876543213"],
      payments: [{ txnid: "T1" }],
    });
    expect(await gateway.payment("nope")).toBeUndefined();
  });

  it("complaints start CAPTURED and move to ASSIGNED, RESOLVED, then stop", async () => {
    const { bbps } = await openStore(kind);
    expect(await bbps.status("C1")).toBe("CAPTURED");
    expect(await bbps.advance("C1")).toEqual({ previous: "CAPTURED", next: "ASSIGNED" });
    expect(await bbps.advance("C2")).toEqual({ previous: "CAPTURED", next: "ASSIGNED" });
    expect(await bbps.advance("C1")).toEqual({ previous: "ASSIGNED", next: "RESOLVED" });
    expect(await bbps.advance("C1")).toBe("resolved");
    expect(await bbps.status("C1")).toBe("RESOLVED");
    expect(await bbps.snapshot()).toEqual([
      ["C1", "RESOLVED"],
      ["C2", "ASSIGNED"],
    ]);
  });

  it("partner endpoints, agreements and item statuses", async () => {
    const { partner } = await openStore(kind);
    expect(await partner.endpoint("R")).toBeUndefined();
    await partner.register("R", { url: "https://p.example.in/h", registeredAt: "t" });
    expect(await partner.endpoint("R")).toEqual({ url: "https://p.example.in/h", registeredAt: "t" });
    await partner.recordAgreement("M", { status: "Generated", at: "t" });
    expect(await partner.itemStatus("M", "Event")).toBeUndefined();
    expect(await partner.snapshot()).toEqual({
      endpoints: [["R", { url: "https://p.example.in/h", registeredAt: "t" }]],
      merchants: [],
      agreements: [["M", { status: "Generated", at: "t" }]],
    });
  });

  it("forced answers queue per operation, taken one by one", async () => {
    const store = await openStore(kind);
    await store.forced.push("bbps:check", { status: 200, example: "requestFailed" }, 2);
    await store.forced.push("otp:send", { status: 503 }, 1);
    await store.sync?.();
    expect(await store.forced.take("bbps:check")).toEqual({ status: 200, example: "requestFailed" });
    expect(await store.forced.take("otp:send")).toEqual({ status: 503 });
    expect(await store.forced.take("otp:send")).toBeUndefined();
    expect(await store.forced.take("bbps:check")).toEqual({ status: 200, example: "requestFailed" });
    await store.sync?.();
    expect(store.forced.take("bbps:check")).toBeUndefined(); // nothing forced anywhere: no lookup at all
  });
});
