// A shared sandbox outlives its instances: stop them all and start new ones, and state and pending deliveries carry
// on. Namespaces on one Redis are apart, a reset clears one, an idle one expires, and no key name holds a secret.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CREDENTIALS, LIMITED_PARTNER_TOKEN } from "../../src/core/credentials.js";
import { call, type MockInstance, startInstance, until } from "./mock-instance.js";
import { startReceiver } from "./receiver.js";
import { TestRedis } from "./redis-server.js";

let redis: TestRedis;
let client: Redis;
const running = new Set<MockInstance>();
const start = async (namespace: string, extra: Partial<Parameters<typeof startInstance>[0]> = {}) => {
  const m = await startInstance({ redis: redis.url, namespace, ...extra });
  running.add(m);
  return m;
};
const stop = async (m: MockInstance) => {
  running.delete(m);
  return m.stop();
};

beforeAll(async () => {
  redis = await TestRedis.start();
  client = new Redis(redis.url, { lazyConnect: true });
  await client.connect();
}, 60_000);
afterAll(async () => {
  await Promise.all([...running].map((m) => m.stop()));
  client?.disconnect();
  await redis?.destroy();
});

const keysOf = (namespace: string) => client.keys(`pgi-mock:{${namespace}}:*`);
const sendOtp = (m: MockInstance) =>
  call(`${m.urls.otp}/otp/send`, {
    headers: { "content-type": "application/json", clienttype: "WEB" },
    body: JSON.stringify({ mobileNumber: "9876543210", merchantName: "Shop", merchantDomain: "shop.in" }),
  });
const otps = async (m: MockInstance) =>
  ((await call(`${m.urls.otp}/__mock/otps`)).body as { otps: unknown[] }).otps;
type Listed = { deliveries: { state: string; attempts: { status?: number }[] }[] };

describe("restarts", () => {
  it("stop every instance and start new ones on the same namespace: state and pending deliveries carry on", async () => {
    const rx = await startReceiver(() => [500, 500]);
    try {
      // timeFactor 0: retries wait for a clock advance, so nothing runs while no instance is up.
      const options = { timeFactor: 0 };
      const [a, b] = await Promise.all([start("restart", options), start("restart", options)]);
      await call(`${a.urls.partner}/api/v1/partners/register_webhook`, {
        headers: {
          authorization: "Bearer pgi-test-partner-token",
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({
          webhook_url: rx.url,
          reseller_uuid: DEFAULT_CREDENTIALS.resellerUuid,
        }).toString(),
      });
      await sendOtp(b);
      await call(`${b.urls.partner}/__mock/merchants/m-restart/status`, {
        body: { event_name: "Agreement status update", current_status: "Success" },
      });
      expect(await until(() => rx.got.length === 1, 10_000)).toBe(true);
      // Under the first retry's 3 s: nothing is due yet, so the retry is still pending when every instance stops.
      await call(`${a.urls.otp}/__mock/clock/advance`, { body: { seconds: 2 } });
      expect([await stop(a), await stop(b)]).toEqual([0, 0]);
      expect(rx.got).toHaveLength(1);

      const c = await start("restart", options);
      expect(await otps(c)).toHaveLength(1);
      const clock = (await call(`${c.urls.otp}/__mock/clock`)).body as { offsetMs: number };
      expect(clock.offsetMs).toBeGreaterThanOrEqual(1_900); // the offset is kept to the ms, rounded
      // The first retry is due 3 s after the first failure on the shared clock: the new instance makes it on the
      // next advance, then the next one 9 s after it fails. Each advance stays under the 30 s answer limit, so a
      // slow receiver is never overtaken by the clock (an advance walks the clock through every job due on the way).
      const list = async () =>
        ((await call(`${c.urls.partner}/__mock/deliveries`)).body as Listed).deliveries;
      const answered = async (n: number) => (await list())[0]?.attempts[n - 1]?.status !== undefined;
      await call(`${c.urls.otp}/__mock/clock/advance`, { body: { seconds: 1 } });
      expect(await until(() => answered(2), 10_000)).toBe(true);
      await call(`${c.urls.otp}/__mock/clock/advance`, { body: { seconds: 10 } });
      expect(await until(async () => (await list())[0]?.state === "delivered", 10_000)).toBe(true);
      expect((await list())[0]?.attempts.map((x) => x.status)).toEqual([500, 500, 200]);
      expect(rx.got).toHaveLength(3);
      await stop(c);
    } finally {
      await rx.close();
    }
  }, 60_000);
});

describe("namespaces", () => {
  it("two namespaces see nothing of each other; a reset clears one only", async () => {
    const [one, two] = await Promise.all([start("team-one"), start("team-two")]);
    await sendOtp(one);
    expect(await otps(one)).toHaveLength(1);
    expect(await otps(two)).toHaveLength(0);
    await sendOtp(two);
    await call(`${two.urls.otp}/__mock/clock/advance`, { body: { seconds: 30 } });
    expect((await call(`${two.urls.otp}/__mock/reset`, { method: "POST" })).status).toBe(200);
    expect(await otps(two)).toHaveLength(0);
    expect(await otps(one)).toHaveLength(1);
    expect(((await call(`${one.urls.otp}/__mock/clock`)).body as { offsetMs: number }).offsetMs).toBe(0);
    await Promise.all([stop(one), stop(two)]);
  }, 60_000);

  it("an idle namespace expires; one in use does not", async () => {
    const idle = await start("idle", { extraArgs: ["--idle-expiry", "2s"] });
    await sendOtp(idle);
    expect((await keysOf("idle")).length).toBeGreaterThan(0);
    // In use for longer than the expiry: a request every 300 ms keeps every key.
    const until3s = Date.now() + 3_000;
    while (Date.now() < until3s) {
      expect(await otps(idle)).toHaveLength(1);
      await new Promise((r) => setTimeout(r, 300));
    }
    await stop(idle);
    expect(await until(async () => (await keysOf("idle")).length === 0, 10_000)).toBe(true);
  }, 60_000);

  it("no key name holds a secret or a token; no value holds the salt, a signing secret or a bearer token", async () => {
    const m = await start("secrets");
    await sendOtp(m);
    await call(`${m.urls.accounts}/__mock/accounts/otp`, { body: { identity: "9876543210" } });
    const code = ((await otps(m)).at(-1) as { otp: string }).otp;
    const issued = await call(`${m.urls.accounts}/api/v1/otps/verify_otp`, {
      headers: {
        authorization: "Bearer pgi-test-accounts-token",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        "otp[identity]": "9876543210",
        "otp[code]": code,
        "otp[type]": "SignIn",
      }).toString(),
    });
    const accessToken = (issued.body as { access_token: string }).access_token;
    expect(accessToken).toBeTruthy();
    const secrets = [
      DEFAULT_CREDENTIALS.salt,
      DEFAULT_CREDENTIALS.walletSecret,
      DEFAULT_CREDENTIALS.webhookSecret,
      DEFAULT_CREDENTIALS.otpAuthorization,
      DEFAULT_CREDENTIALS.partnerToken,
      DEFAULT_CREDENTIALS.accountsToken,
      DEFAULT_CREDENTIALS.payoutToken,
      DEFAULT_CREDENTIALS.bbpsToken,
      LIMITED_PARTNER_TOKEN,
      accessToken,
    ];
    const keys = await keysOf("secrets");
    expect(keys.length).toBeGreaterThan(5);
    const dump: string[] = [...keys];
    for (const key of keys) {
      const type = await client.type(key);
      if (type === "hash") dump.push(...Object.entries(await client.hgetall(key)).flat());
      if (type === "zset") dump.push(...(await client.zrange(key, 0, -1)));
      if (type === "list") dump.push(...(await client.lrange(key, 0, -1)));
      if (type === "string") dump.push((await client.get(key)) ?? "");
    }
    for (const secret of secrets) {
      expect(
        keys.filter((k) => k.includes(secret)),
        `a key name holds ${secret.slice(0, 4)}…`,
      ).toEqual([]);
      expect(
        dump.filter((v) => v.includes(secret)),
        `a value holds ${secret.slice(0, 4)}…`,
      ).toEqual([]);
    }
    await stop(m);
  }, 60_000);
});
