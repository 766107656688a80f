// Store contract, bounds: the same caps and retention per store (and, in Redis, per namespace) as in memory.
import { describe, expect, it } from "vitest";
import { KINDS, openInstances, openStore, T0, useStores } from "./stores.js";

useStores();

describe.each(KINDS)("%s store: caps and retention", (kind) => {
  it("each collection holds maxRecords, the oldest going first; records with a lifetime go after it", async () => {
    const store = await openStore(kind, { maxRecords: 3, retentionMs: 1_000 });
    for (const uuid of ["a", "b", "c", "d"]) {
      await store.otp.send({ uuid, identity: "9876543210", otp: "123456", expiresAt: T0 + 10_000 }, T0);
    }
    expect((await store.otp.snapshot(T0)).requests.map((r) => r.uuid)).toEqual(["b", "c", "d"]);
    expect((await store.otp.snapshot(T0 + 11_000)).requests).toHaveLength(3);
    expect((await store.otp.snapshot(T0 + 11_001)).requests).toEqual([]);
    for (const id of ["C1", "C2", "C3", "C1", "C4"]) await store.bbps.status(id);
    expect((await store.bbps.snapshot()).map(([id]) => id)).toEqual(["C2", "C3", "C4"]);
    for (const phone of ["1", "2", "3", "4"]) await store.gateway.linkBnplUser(phone);
    expect((await store.gateway.snapshot()).linkedBnplUsers).toEqual(["2", "3", "4"]);
  });

  it("reset forgets everything, and delivery ids do not start over", async () => {
    const store = await openStore(kind);
    store.jobs.start(async () => undefined);
    const start = () =>
      store.deliveries.start(
        {
          url: "https://127.0.0.1:9/h",
          payload: {},
          signature: "s",
          body: "{}",
          item: { merchant: "M", event: "E", current: "A" },
          limitMs: 30_000,
        },
        T0,
      );
    const first = await start();
    await store.bbps.status("C1");
    await store.reset();
    expect(await store.bbps.snapshot()).toEqual([]);
    expect(await store.deliveries.list(T0)).toEqual([]);
    expect(await store.partner.itemStatus("M", "E")).toBeUndefined();
    const second = await start();
    if (typeof first === "string" || typeof second === "string") throw new Error("not started");
    expect(second.delivery.id).not.toBe(first.delivery.id);
  });
});

describe("redis namespaces", () => {
  it("two namespaces on one Redis see nothing of each other; a reset clears one", async () => {
    const [a] = await openInstances(1);
    const [b] = await openInstances(1);
    if (!a || !b) throw new Error("not opened");
    await a.store.bbps.advance("C1");
    expect(await b.store.bbps.snapshot()).toEqual([]);
    await b.store.bbps.status("C2");
    await b.store.reset();
    expect(await a.store.bbps.snapshot()).toEqual([["C1", "ASSIGNED"]]);
    await a.clock.advance(5_000);
    await b.store.sync?.();
    expect(b.clock.offset()).toBe(0);
  });
});
