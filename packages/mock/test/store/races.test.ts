// Races between instances of one Redis sandbox (three stores, three connections, one namespace): every change is
// one atomic script, so concurrent calls count exactly and a job runs on exactly one instance.
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import type { Job, MockStore } from "../../src/state/types.js";
import { openInstances, redisUrl, T0, useStores } from "./stores.js";

useStores();
const N = 30;
const tally = (outcomes: unknown[]) => {
  const out: Record<string, number> = {};
  for (const o of outcomes) {
    const key = typeof o === "string" ? o : JSON.stringify(o);
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
};
const spread = <T>(stores: MockStore[], call: (s: MockStore, i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: N }, (_, i) => call(stores[i % stores.length] as MockStore, i)));

describe("races between three instances", () => {
  it(`${N} concurrent cancels of one link: one cancelled, the rest alreadyCancelled (1122)`, async () => {
    const stores = (await openInstances(3)).map((o) => o.store);
    const [a] = stores as [MockStore];
    await a.payout.create(
      {
        merchantRefId: "R1",
        payoutMerchantId: "1111312",
        linkId: "L1",
        link: "https://x/1",
        amount: "1",
        custName: "A",
        custMobile: "9868888568",
        custEmail: null,
        description: null,
        addedOn: T0,
        updatedOn: T0,
        expiresAt: T0 + 86_400_000,
        state: "ACTIVE",
      },
      T0,
    );
    const outcomes = await spread(stores, (s) => s.payout.cancel("R1", "1111312", T0 + 1));
    expect(tally(outcomes)).toEqual({ cancelled: 1, alreadyCancelled: N - 1 });
  });

  it(`${N} concurrent wrong OTP attempts: exactly three counted, then too many`, async () => {
    const stores = (await openInstances(3)).map((o) => o.store);
    await stores[0]?.otp.send(
      { uuid: "u1", identity: "9876543210", otp: "123456", expiresAt: T0 + 300_000 },
      T0,
    );
    const outcomes = await spread(stores, (s) => s.otp.verify("u1", "000000", undefined, T0));
    expect(tally(outcomes)).toEqual({
      '{"wrong":2}': 1,
      '{"wrong":1}': 1,
      '{"wrong":0}': 1,
      tooManyAttempts: N - 3,
    });
  });

  it(`${N} concurrent redemptions of one wallet OTP: one token; the cell and merchant keep that one token`, async () => {
    const stores = (await openInstances(3)).map((o) => o.store);
    await stores[0]?.wallet.sendOtp("9876543210", "123456", T0 + 300_000, T0);
    const fresh = (i: number) => ({ token: `T${i}`, issuedAt: T0, expiresAt: T0 + 86_400_000 });
    const outcomes = await spread(stores, (s, i) =>
      s.wallet.redeem("9876543210", "M1", "123456", T0, fresh(i)),
    );
    const tokens = outcomes.filter((o): o is { token: string } => typeof o === "object");
    expect(tokens).toHaveLength(1);
    expect(tally(outcomes).missing).toBe(N - 1);
    // Concurrent fresh OTP rounds on each instance, one after another: always the same token.
    for (const s of stores) {
      await s.wallet.sendOtp("9876543210", "222222", T0 + 300_000, T0);
      expect(await s.wallet.redeem("9876543210", "M1", "222222", T0, fresh(99))).toEqual(tokens[0]);
    }
  });

  it(`${N} concurrent first-time BNPL registrations of one phone: one links it`, async () => {
    const stores = (await openInstances(3)).map((o) => o.store);
    const outcomes = await spread(stores, (s) => s.gateway.linkBnplUser("9876543213"));
    expect(tally(outcomes)).toEqual({ true: 1, false: N - 1 });
  });

  it(`${N} concurrent status changes of one item that read the same previous status: one starts, the rest must re-read`, async () => {
    const stores = (await openInstances(3)).map((o) => o.store);
    for (const s of stores) s.jobs.start(async () => undefined);
    const outcomes = await spread(stores, (s, i) =>
      s.deliveries.start(
        {
          url: "https://127.0.0.1:9/h",
          payload: { i },
          signature: "s",
          body: "{}",
          item: { merchant: "M", event: "E", current: `S${i}`, expected: null },
          limitMs: 30_000,
        },
        T0,
      ),
    );
    const started = outcomes.filter((o) => typeof o === "object");
    expect(started).toHaveLength(1);
    expect(tally(outcomes).conflict).toBe(N - 1);
  });

  it("100 jobs due on the scaled real clock, three instances taking them: each runs exactly once", async () => {
    const instances = await openInstances(3, { timeFactor: 0.001 });
    const runs: { by: number; id: string }[] = [];
    for (const [by, o] of instances.entries()) {
      o.store.jobs.start(async (job: Job) => void runs.push({ by, id: job.id }));
    }
    for (let i = 0; i < 100; i++) {
      const s = instances[i % 3]?.store as MockStore;
      await s.jobs.schedule({ id: `job-${i}`, kind: "count", payload: { i } }, (i % 10) * 100);
    }
    const client = new Redis(redisUrl(), { lazyConnect: true });
    await client.connect();
    try {
      const jobsKey = `pgi-mock:{${instances.namespace}}:jobs`;
      const deadline = Date.now() + 20_000;
      // Done when every job ran and none is left in Redis (acknowledged, so none can run again).
      while (Date.now() < deadline) {
        if (runs.length >= 100 && (await client.hlen(jobsKey)) === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(await client.hlen(jobsKey)).toBe(0);
    } finally {
      client.disconnect();
    }
    const ids = runs.map((r) => r.id);
    console.log(
      `jobs: 100 scheduled, ${runs.length} runs, ${new Set(ids).size} distinct, by instance ${JSON.stringify(tally(runs.map((r) => String(r.by))))}`,
    );
    expect(new Set(ids).size).toBe(100);
    expect(ids).toHaveLength(100);
  });
});
