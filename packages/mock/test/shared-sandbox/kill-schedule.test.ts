// Webhook retries live in Redis: the instance that scheduled them is killed (SIGKILL), then a second one, and the
// last makes every remaining attempt; no attempt is made twice, none early, and every delivery ends.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type MockInstance, startInstance, until } from "./mock-instance.js";
import { type Receiver, startReceiver } from "./receiver.js";
import { TestRedis } from "./redis-server.js";

/** Mock seconds per real second is 1/FACTOR: the 3, 9, 27, 81, 243 s schedule takes about 7 s. */
const FACTOR = 0.02;
const SCHEDULE = [3, 9, 27, 81, 243];
const MERCHANTS = Array.from({ length: 12 }, (_, i) => `m-kill-${i}`);
/** Failures before the 200: 1 to 4, and the last three fail every attempt (6). */
const failures = (i: number) => (i >= 9 ? 6 : (i % 4) + 1);

let redis: TestRedis;
let instances: MockInstance[] = [];
let rx: Receiver;

type Listed = {
  deliveries: {
    payload: { merchant_uuid: string };
    state: string;
    attempts: { n: number; status?: number; error?: string }[];
  }[];
};

beforeAll(async () => {
  redis = await TestRedis.start();
  const options = { redis: redis.url, namespace: "kill", timeFactor: FACTOR };
  instances = await Promise.all([startInstance(options), startInstance(options), startInstance(options)]);
  rx = await startReceiver((merchant) => {
    const i = MERCHANTS.indexOf(merchant);
    return Array.from({ length: failures(i) }, () => 500);
  });
}, 90_000);
afterAll(async () => {
  await Promise.all(instances.map((m) => m.stop()));
  await rx?.close();
  await redis?.destroy();
});

describe("an instance killed mid-schedule", () => {
  it("another makes the remaining attempts: every delivery ends, no attempt doubled or early", async () => {
    const [a, b, c] = instances as [MockInstance, MockInstance, MockInstance];
    const reg = await call(`${a.urls.partner}/api/v1/partners/register_webhook`, {
      headers: {
        authorization: "Bearer pgi-test-partner-token",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        webhook_url: rx.url,
        reseller_uuid: "11ec-4f1d-8a6b2c30-9e7d-0242ac120003",
      }).toString(),
    });
    expect(reg.status).toBe(200);
    // A starts every delivery (and so schedules every first retry).
    for (const m of MERCHANTS) {
      const res = await call(`${a.urls.partner}/__mock/merchants/${m}/status`, {
        body: { event_name: "Bank verification status update", current_status: "Approved" },
      });
      expect(res.status).toBe(202);
    }
    const list = async () => ((await call(`${c.urls.partner}/__mock/deliveries`)).body as Listed).deliveries;
    expect(
      await until(async () => (await list()).every((d) => d.attempts[0]?.status !== undefined), 10_000),
    ).toBe(true);
    await a.kill();
    // B goes too once some delivery is three attempts in.
    expect(await until(async () => (await list()).some((d) => d.attempts.length >= 3), 10_000)).toBe(true);
    await b.kill();
    const done = await until(async () => (await list()).every((d) => d.state !== "pending"), 30_000);
    expect(done).toBe(true);

    const deliveries = await list();
    expect(deliveries.map((d) => d.payload.merchant_uuid).sort()).toEqual([...MERCHANTS].sort());
    let doubled = 0;
    let unsent = 0;
    let early = 0;
    let worstLateMs = 0;
    for (const d of deliveries) {
      const i = MERCHANTS.indexOf(d.payload.merchant_uuid);
      const got = rx.of(d.payload.merchant_uuid);
      // Each recorded attempt is at most one request the receiver got, numbered 1..n once each. An attempt begun
      // by an instance killed before its request left is never received: it ends at its answer limit.
      const unanswered = d.attempts.filter((x) => x.error?.startsWith("no answer")).length;
      if (got.length > d.attempts.length) doubled++;
      unsent += d.attempts.length - got.length;
      expect(d.attempts.length - got.length).toBeLessThanOrEqual(unanswered);
      expect(d.attempts.map((x) => x.n)).toEqual(d.attempts.map((_, k) => k + 1));
      expect(new Set(got.map((g) => g.body)).size).toBe(1);
      if (failures(i) === 6) expect(d.state).toBe("failed");
      else expect(d.state).toBe("delivered");
      // Gaps between requests received, against the schedule (when every attempt was received, so they pair up).
      for (let k = 1; got.length === d.attempts.length && k < got.length; k++) {
        // An attempt the killed instance never recorded ended at its answer limit (30 s): the retry waits from then.
        const limit = d.attempts[k - 1]?.error?.startsWith("no answer") ? 30 : 0;
        const due = ((SCHEDULE[k - 1] ?? 0) + limit) * 1000 * FACTOR;
        const gap = (got[k]?.at ?? 0) - (got[k - 1]?.at ?? 0);
        if (gap < due - 5) early++;
        worstLateMs = Math.max(worstLateMs, gap - due);
      }
    }
    const attempts = deliveries.reduce((n, d) => n + d.attempts.length, 0);
    console.log(
      `kill mid-schedule: ${deliveries.length} deliveries, ${attempts} attempts (${rx.got.length} received), ` +
        `${doubled} doubled, ${unsent} begun by a killed instance and never sent, ${early} early, ` +
        `worst lateness ${worstLateMs} ms; instances killed: 2 of 3`,
    );
    expect(doubled).toBe(0);
    expect(early).toBe(0);
    expect(rx.got).toHaveLength(attempts - unsent);
  }, 60_000);
});
