// Store contract, webhook deliveries: the start with its item change, attempts begun and ended once, retries and
// answer limits as jobs walked by the clock, the history and the pending bound, the same in memory and in Redis.
import { describe, expect, it } from "vitest";
import type { DeliveryStart, Job } from "../../src/state/types.js";
import { KINDS, openClocked, T0, useStores } from "./stores.js";

useStores();
const SCHEDULE = [3, 9, 27, 81, 243];

const start = (merchant: string, current: string, expected?: string | null): DeliveryStart => ({
  url: "https://127.0.0.1:9/hook",
  payload: { z: 1, a: merchant, current_status: current },
  signature: "sig",
  body: `{"z":1,"a":"${merchant}"}`,
  item: { merchant, event: "Bank", current, ...(expected !== undefined ? { expected } : {}) },
  limitMs: 30_000,
});

describe.each(KINDS)("%s store: deliveries", (kind) => {
  it("a start without an item (a delivery sent again) changes no item status", async () => {
    const { store } = await openClocked(kind, { retentionMs: 86_400_000 });
    expect(typeof (await store.deliveries.start(start("M9", "Declined", null), T0))).toBe("object");
    const { item: _item, ...again } = start("M9", "Approved");
    expect(typeof (await store.deliveries.start(again, T0))).toBe("object");
    expect(await store.partner.itemStatus("M9", "Bank")).toBe("Declined");
    expect(await store.deliveries.list(T0)).toHaveLength(2);
  });

  it("a start changes the item and begins attempt 1; ends once; a failure schedules the retry as a job", async () => {
    const { store, clock } = await openClocked(kind, { retentionMs: 86_400_000 });
    const jobs: Job[] = [];
    store.jobs.start(async (job) => void jobs.push(job));
    expect(await store.deliveries.start(start("M1", "Approved", "Pending"), T0)).toBe("conflict");
    const started = await store.deliveries.start(start("M1", "Approved", null), T0);
    if (typeof started === "string") throw new Error(started);
    const { delivery } = started;
    expect(delivery).toMatchObject({
      url: "https://127.0.0.1:9/hook",
      state: "pending",
      attempts: [{ n: 1, at: new Date(T0).toISOString() }],
    });
    // The payload keeps its key order; the body is the one signed.
    expect(Object.keys(delivery.payload)).toEqual(["z", "a", "current_status"]);
    expect(await store.partner.itemStatus("M1", "Bank")).toBe("Approved");
    expect(await store.deliveries.start(start("M1", "Declined", null), T0)).toBe("conflict");

    expect(
      await store.deliveries.end(
        delivery.id,
        1,
        { delivered: false, status: 500, error: "answered 500" },
        T0 + 10,
        SCHEDULE,
      ),
    ).toBe("retry");
    expect(
      await store.deliveries.end(delivery.id, 1, { delivered: true, status: 200 }, T0 + 11, SCHEDULE),
    ).toBe("stale");
    let [d] = await store.deliveries.list(T0 + 10);
    expect(d).toMatchObject({ state: "pending", nextAttemptAt: new Date(T0 + 10 + 3_000).toISOString() });
    expect(d?.attempts).toEqual([
      { n: 1, at: new Date(T0).toISOString(), status: 500, error: "answered 500" },
    ]);
    // The answer limit of attempt 1 was cancelled by its end: only the retry is due 3 s later.
    await clock.advance(2_999 + 10);
    expect(jobs).toEqual([]);
    await clock.advance(1);
    expect(jobs.map((j) => [j.kind, j.payload])).toEqual([["webhook-attempt", { id: delivery.id, n: 2 }]]);

    expect(await store.deliveries.begin(delivery.id, 2, T0 + 3_010, 30_000)).toEqual({
      url: "https://127.0.0.1:9/hook",
      body: start("M1", "x").body.replace("x", "M1"),
      signature: "sig",
    });
    expect(await store.deliveries.begin(delivery.id, 2, T0 + 3_010, 30_000)).toBeUndefined();
    // Unanswered: the limit job comes 30 s after the begin.
    await clock.advance(30_000);
    expect(jobs.map((j) => [j.kind, j.payload])).toEqual([
      ["webhook-attempt", { id: delivery.id, n: 2 }],
      ["webhook-limit", { id: delivery.id, n: 2 }],
    ]);
    expect(
      await store.deliveries.end(delivery.id, 2, { delivered: true, status: 200 }, T0 + 40_000, SCHEDULE),
    ).toBe("delivered");
    [d] = await store.deliveries.list(T0 + 40_000);
    expect(d).toMatchObject({ state: "delivered", finishedAt: T0 + 40_000 });
    expect(d?.nextAttemptAt).toBeUndefined();
    expect(await store.deliveries.counts(T0 + 40_000)).toEqual({ deliveries: 1, pending: 0 });
    // Finished ones go after the retention.
    expect(await store.deliveries.counts(T0 + 40_000 + 86_400_001)).toEqual({ deliveries: 0, pending: 0 });
  });

  it("the last failure ends it as failed; a start with no expected status does not check it", async () => {
    const { store } = await openClocked(kind);
    store.jobs.start(async () => undefined);
    const started = await store.deliveries.start(start("M1", "Approved"), T0);
    if (typeof started === "string") throw new Error(started);
    const id = started.delivery.id;
    for (let n = 1; n <= 6; n++) {
      if (n > 1) expect(await store.deliveries.begin(id, n, T0 + n, 30_000)).toBeDefined();
      const out = await store.deliveries.end(
        id,
        n,
        { delivered: false, error: "could not connect" },
        T0 + n,
        SCHEDULE,
      );
      expect(out).toBe(n === 6 ? "failed" : "retry");
    }
    const [d] = await store.deliveries.list(T0 + 7);
    expect(d).toMatchObject({ state: "failed", finishedAt: T0 + 6 });
    expect(d?.attempts).toHaveLength(6);
    expect(await store.deliveries.begin(id, 7, T0 + 8, 30_000)).toBeUndefined();
  });

  it("pending deliveries are bounded: at the bound a start is refused and changes nothing; the history keeps the newest", async () => {
    const { store } = await openClocked(kind, { maxPendingDeliveries: 2, maxDeliveries: 3 });
    store.jobs.start(async () => undefined);
    const ids: string[] = [];
    for (const m of ["M1", "M2"]) {
      const s = await store.deliveries.start(start(m, "Approved"), T0);
      if (typeof s === "string") throw new Error(s);
      ids.push(s.delivery.id);
    }
    expect(await store.deliveries.start(start("M3", "Approved"), T0)).toBe("full");
    expect(await store.partner.itemStatus("M3", "Bank")).toBeUndefined();
    await store.deliveries.end(ids[0] as string, 1, { delivered: true, status: 200 }, T0, SCHEDULE);
    for (const m of ["M3", "M4"]) {
      const s = await store.deliveries.start(start(m, "Approved"), T0);
      expect(typeof s === "string" ? s : "started").toBe(m === "M3" ? "started" : "full");
    }
    await store.deliveries.end(ids[1] as string, 1, { delivered: true, status: 200 }, T0, SCHEDULE);
    await store.deliveries.start(start("M4", "Approved"), T0);
    // Three kept at most, the finished oldest dropped first.
    const kept = await store.deliveries.list(T0);
    expect(kept.map((d) => [d.payload.a, d.state])).toEqual([
      ["M2", "delivered"],
      ["M3", "pending"],
      ["M4", "pending"],
    ]);
  });
});
