// Redis lost while the mock runs (killed, then frozen): every call gets the documented 503 with a hint and
// Retry-After, nothing crashes, and the mock recovers by itself when Redis is back, a scheduled retry included.
// Redis runs with an append-only file, so what it acknowledged survives its restart.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type MockInstance, startInstance, until } from "./mock-instance.js";
import { startReceiver } from "./receiver.js";
import { TestRedis } from "./redis-server.js";

let redis: TestRedis;
let m: MockInstance;

beforeAll(async () => {
  redis = await TestRedis.start({ aof: true });
  // A short command timeout keeps the frozen-Redis case quick; 0.05: the 3 s retry takes 150 ms.
  m = await startInstance({
    redis: redis.url,
    namespace: "outage",
    timeFactor: 0.05,
    env: { PGI_MOCK_REDIS_TIMEOUT_MS: "500" },
  });
}, 60_000);
afterAll(async () => {
  await m?.stop();
  await redis?.destroy();
});

const PAYOUT = { authorization: "Bearer pgi-test-payout-token", pid: "1111312", payoutmerchantid: "1111312" };
const details = () =>
  call(`${m.urls.payout}/payout/merchant/smartSend/details?payoutMerchantId=1111312&merchantRefId=OUT-1`, {
    headers: PAYOUT,
  });
const probes = () => [
  details(),
  call(`${m.urls.otp}/otp/send`, {
    headers: { "content-type": "application/json", clienttype: "WEB" },
    body: JSON.stringify({ mobileNumber: "9876543210", merchantName: "Shop", merchantDomain: "shop.in" }),
  }),
  call(`${m.urls.otp}/__mock/state`),
  call(`${m.urls.partner}/__mock/health`),
];

function expectRefused(answers: Awaited<ReturnType<typeof call>>[]) {
  for (const res of answers) {
    expect(res.status).toBe(503);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.headers.get("retry-after")).toBe("1");
    expect(res.headers.get("x-pgi-mock-hint")).toMatch(/Redis at redis:\/\/127\.0\.0\.1:\d+ is unavailable/);
    expect(res.body).toMatchObject({ status: 503, title: "Shared sandbox unavailable" });
  }
}

describe("Redis lost while running", () => {
  it("killed: 503 on every call, then by itself back to right answers with the state it had", async () => {
    const rx = await startReceiver(() => [500, 500]);
    try {
      const created = await call(`${m.urls.payout}/payout/v2/smartSend/link`, {
        headers: { ...PAYOUT, "content-type": "application/json" },
        body: JSON.stringify({
          amount: "10",
          merchantRefId: "OUT-1",
          custName: "DIVIK",
          custMobile: "9868888568",
          description: "outage",
          expiryDate: new Date(Date.now() + 86_400_000).toISOString(),
        }),
      });
      expect((created.body as { status: number }).status).toBe(0);
      await call(`${m.urls.partner}/api/v1/partners/register_webhook`, {
        headers: {
          authorization: "Bearer pgi-test-partner-token",
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({
          webhook_url: rx.url,
          reseller_uuid: "11ec-4f1d-8a6b2c30-9e7d-0242ac120003",
        }).toString(),
      });
      await call(`${m.urls.partner}/__mock/merchants/m-outage/status`, {
        body: { event_name: "Website status update", current_status: "Approved" },
      });
      expect(await until(() => rx.got.length >= 1, 10_000)).toBe(true);
      await redis.down();
      const downAt = Date.now();
      const started = Date.now();
      expectRefused(await Promise.all(probes()));
      const refusedWithinMs = Date.now() - started;
      expect(m.child.exitCode).toBeNull();
      await redis.up();
      const upAt = Date.now();
      expect(await until(async () => (await details()).status === 200, 15_000)).toBe(true);
      const back = await details();
      expect((back.body as { data: { smartSendStatus: string } }).data.smartSendStatus).toBe("ACTIVE");
      // The delivery scheduled before the outage carries on: its retries come, and it is delivered.
      type Listed = { deliveries: { state: string; attempts: unknown[] }[] };
      const list = async () =>
        ((await call(`${m.urls.partner}/__mock/deliveries`)).body as Listed).deliveries;
      expect(await until(async () => (await list())[0]?.state === "delivered", 20_000)).toBe(true);
      console.log(
        `redis killed: 4 calls refused with 503 in ${refusedWithinMs} ms; back after the restart; ` +
          `delivery ended after ${(await list())[0]?.attempts.length} attempts (${rx.got.length} received)`,
      );
      expect(rx.got.length).toBe((await list())[0]?.attempts.length);
      // Nothing was attempted while Redis was away: the retries scheduled before it came after it.
      expect(rx.got[0]?.at).toBeLessThan(downAt);
      expect(rx.got.slice(1).map((g) => g.at >= upAt)).toEqual([true, true]);
      expect(m.err()).toMatch(/store-lost/);
      expect(m.err()).toMatch(/store-reconnected/);
      expect(m.err()).not.toMatch(/internal-error|TypeError|Unhandled/);
    } finally {
      await rx.close();
    }
  }, 60_000);

  it("frozen (SIGSTOP): a call waits for the command timeout, then 503; thawed, right answers again", async () => {
    redis.pause();
    try {
      const started = Date.now();
      expectRefused(await Promise.all(probes()));
      console.log(
        `redis frozen: 4 calls refused with 503 after ${Date.now() - started} ms (command timeout 500 ms)`,
      );
    } finally {
      redis.resume();
    }
    expect(await until(async () => (await details()).status === 200, 15_000)).toBe(true);
    expect(m.child.exitCode).toBeNull();
  }, 60_000);
});
