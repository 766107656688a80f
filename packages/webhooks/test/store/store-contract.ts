// The behaviour every DedupStore must have, run against the memory store and a real Redis.
import { expect, it } from "vitest";
import type { DedupStore } from "../../src/store.js";

/** A store under test and a way to let `ms` of its time pass. */
export interface StoreUnderTest {
  store: DedupStore;
  /** Lets `ms` pass for the store (a fake clock moves, or real time is waited). */
  pass(ms: number): Promise<void>;
  /** Leases and TTLs short enough for `pass` to outlive them. */
  shortMs: number;
}

let n = 0;
const fresh = () => `contract-${++n}`;

/** Registers the contract's cases in the calling describe block. */
export function storeContract(make: () => StoreUnderTest): void {
  it("claims an absent key once: the second claim sees it processing", async () => {
    const { store } = make();
    const key = fresh();
    const first = await store.claim(key, 60_000);
    expect(first.state).toBe("claimed");
    expect(await store.claim(key, 60_000)).toEqual({ state: "processing" });
  });

  it("a completed key answers done", async () => {
    const { store } = make();
    const key = fresh();
    const c = await store.claim(key, 60_000);
    if (c.state !== "claimed") throw new Error("not claimed");
    await store.complete(key, c.token, 60_000);
    expect(await store.claim(key, 60_000)).toEqual({ state: "done" });
  });

  it.each([
    ["another owner's token", false],
    ["the owner's token", true],
  ])("release with %s frees the key: %s", async (_n, own) => {
    const { store } = make();
    const key = fresh();
    const c = await store.claim(key, 60_000);
    if (c.state !== "claimed") throw new Error("not claimed");
    await store.release(key, own ? c.token : `not-${c.token}`);
    expect((await store.claim(key, 60_000)).state).toBe(own ? "claimed" : "processing");
  });

  it("release never removes a done marker", async () => {
    const { store } = make();
    const key = fresh();
    const c = await store.claim(key, 60_000);
    if (c.state !== "claimed") throw new Error("not claimed");
    await store.complete(key, c.token, 60_000);
    await store.release(key, c.token);
    expect(await store.claim(key, 60_000)).toEqual({ state: "done" });
  });

  it("a lease not renewed expires (a dead instance's claim), and a renewed one lives on", async () => {
    const { store, pass, shortMs } = make();
    const dead = fresh();
    const alive = fresh();
    const d = await store.claim(dead, shortMs);
    const a = await store.claim(alive, shortMs);
    if (d.state !== "claimed" || a.state !== "claimed") throw new Error("not claimed");
    expect(await store.renew(alive, `not-${a.token}`, 60_000)).toBe(false);
    expect(await store.renew(alive, a.token, 60_000)).toBe(true);
    await pass(shortMs * 2);
    expect((await store.claim(dead, shortMs)).state).toBe("claimed");
    expect(await store.claim(alive, shortMs)).toEqual({ state: "processing" });
    expect(await store.renew(dead, d.token, 60_000)).toBe(false);
  });

  it("a done marker expires after its TTL", async () => {
    const { store, pass, shortMs } = make();
    const key = fresh();
    const c = await store.claim(key, 60_000);
    if (c.state !== "claimed") throw new Error("not claimed");
    await store.complete(key, c.token, shortMs);
    await pass(shortMs * 2);
    expect((await store.claim(key, 60_000)).state).toBe("claimed");
  });
}
