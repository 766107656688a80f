// Three pgi-mock processes on one Redis namespace act as one mock: a flow may use any instance for each step, the
// clock and reset are shared, and concurrent calls spread over the instances count exactly.
import { sign } from "@pgi/signing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type MockInstance, startInstance, until } from "./mock-instance.js";
import { startReceiver } from "./receiver.js";
import { TestRedis } from "./redis-server.js";

let redis: TestRedis;
let a: MockInstance;
let b: MockInstance;
let c: MockInstance;
let all: MockInstance[];

beforeAll(async () => {
  redis = await TestRedis.start();
  // 0.1: a 3 s retry takes 300 ms, and an attempt may wait 3 s for its answer on a loaded machine.
  const options = { redis: redis.url, namespace: "cross", timeFactor: 0.1 };
  [a, b, c] = await Promise.all([startInstance(options), startInstance(options), startInstance(options)]);
  all = [a, b, c];
}, 90_000);
afterAll(async () => {
  await Promise.all((all ?? []).map((m) => m.stop()));
  await redis?.destroy();
});

const OTP_HEADERS = { "content-type": "application/json", clienttype: "WEB" };
const PAYOUT = { authorization: "Bearer pgi-test-payout-token", pid: "1111312", payoutmerchantid: "1111312" };
const send = (m: MockInstance, mobileNumber = "9876543210") =>
  call(`${m.urls.otp}/otp/send`, {
    headers: OTP_HEADERS,
    body: JSON.stringify({ mobileNumber, merchantName: "Shop", merchantDomain: "shop.in" }),
  });
const otps = async (m: MockInstance) =>
  (
    (await call(`${m.urls.otp}/__mock/otps`)).body as {
      otps: { uuid?: string; identity: string; otp: string }[];
    }
  ).otps;
const verify = (m: MockInstance, uuid: string, otp: string) =>
  call(`${m.urls.otp}/otp/verify`, {
    headers: OTP_HEADERS,
    body: JSON.stringify({ uuid, otp: Number(otp) }),
  });
const createLink = (m: MockInstance, ref: string) =>
  call(`${m.urls.payout}/payout/v2/smartSend/link`, {
    headers: { ...PAYOUT, "content-type": "application/json" },
    body: JSON.stringify({
      amount: "10",
      merchantRefId: ref,
      custName: "DIVIK",
      custMobile: "9868888568",
      description: "shared sandbox",
      expiryDate: new Date(Date.now() + 86_400_000).toISOString(),
    }),
  });
const cancel = (m: MockInstance, ref: string) =>
  call(`${m.urls.payout}/payout/smartPay/cancel?merchantRefId=${ref}`, { method: "POST", headers: PAYOUT });
const envelope = (r: { body: unknown }) =>
  r.body as { status: number; code: number | null; msg: string; data: { smartSendStatus?: string } | null };

describe("three instances act as one mock", () => {
  it("OTP: send on A, read the code on B, verify on C; a second verify on A is refused", async () => {
    const uuid = (await send(a)).text;
    const code = (await otps(b)).find((o) => o.uuid === uuid)?.otp ?? "";
    expect(code).toMatch(/^\d{6}$/);
    expect((await verify(c, uuid, code)).text).toBe("OTP verified successfully");
    expect(((await verify(a, uuid, code)).body as { message: string }).message).toMatch(/already used/);
  });

  it("payout: create on A, details on B, cancel on C, cancel again on A (1122), status on B", async () => {
    const created = envelope(await createLink(a, "X-1"));
    expect(created.status).toBe(0);
    const linkId = (created.data as unknown as { linkId: string }).linkId;
    const details = await call(
      `${b.urls.payout}/payout/merchant/smartSend/details?payoutMerchantId=1111312&merchantRefId=X-1`,
      {
        headers: PAYOUT,
      },
    );
    expect(envelope(details).data?.smartSendStatus).toBe("ACTIVE");
    expect(envelope(await cancel(c, "X-1")).status).toBe(0);
    expect(envelope(await cancel(a, "X-1")).code).toBe(1122);
    const status = await call(
      `${b.urls.payout}/payout/v2/smartSend/status?linkId=${encodeURIComponent(linkId)}`,
      { headers: PAYOUT },
    );
    expect(envelope(status).code).toBe(1122);
  });

  it("webhooks: register on A, change a status on B, list the delivery on C; the retry after a 500 comes once", async () => {
    const rx = await startReceiver(() => [500, 200]);
    try {
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
      const changed = await call(`${b.urls.partner}/__mock/merchants/m-cross/status`, {
        body: { event_name: "Bank verification status update", current_status: "Approved" },
      });
      expect(changed.status).toBe(202);
      type Listed = {
        deliveries: { payload: { merchant_uuid: string }; state: string; attempts: { status?: number }[] }[];
      };
      const mine = async () =>
        ((await call(`${c.urls.partner}/__mock/deliveries`)).body as Listed).deliveries.find(
          (d) => d.payload.merchant_uuid === "m-cross",
        );
      expect(await until(async () => (await mine())?.state === "delivered", 20_000)).toBe(true);
      expect((await mine())?.attempts.map((x) => x.status)).toEqual([500, 200]);
      expect(rx.of("m-cross").map((r) => r.status)).toEqual([500, 200]);
    } finally {
      await rx.close();
    }
  });

  it("forced answers, issued tokens and the state view are shared", async () => {
    await call(`${a.urls.otp}/__mock/force`, {
      body: { operationId: "checkComplaintStatus", status: 200, example: "requestFailed" },
    });
    const bbps = (m: MockInstance) =>
      call(`${m.urls.bbps}/gateway-nbc/v1/nbc/checkComplaintStatus?complaintId=CMP9`, {
        headers: { authorization: "Bearer pgi-test-bbps-token" },
      });
    expect(((await bbps(b)).body as { code: number }).code).toBe(600);
    expect(((await bbps(c)).body as { code: number }).code).toBe(200);
    await call(`${a.urls.accounts}/__mock/accounts/otp`, { body: { identity: "9876543211" } });
    const code = (await otps(c)).filter((o) => o.identity === "9876543211").at(-1)?.otp ?? "";
    const token = await call(`${b.urls.accounts}/api/v1/otps/verify_otp`, {
      headers: {
        authorization: "Bearer pgi-test-accounts-token",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        "otp[identity]": "9876543211",
        "otp[code]": code,
        "otp[type]": "SignIn",
      }).toString(),
    });
    const accessToken = (token.body as { access_token: string }).access_token;
    const used = await call(`${c.urls.payout}/payout/v2/smartSend/status?linkId=none`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(used.status).toBe(200);
    const state = (await call(`${c.urls.otp}/__mock/state`)).body as {
      bbps: { complaints: Record<string, string> };
    };
    expect(state.bbps.complaints).toMatchObject({ CMP9: "CAPTURED" });
  });

  it(`races spread over the instances: one cancel wins (the rest 1122); wrong OTP attempts count exactly; one wallet token`, async () => {
    expect(envelope(await createLink(b, "RACE-1")).status).toBe(0);
    const cancels = await Promise.all(
      Array.from({ length: 30 }, (_, i) => cancel(all[i % 3] as MockInstance, "RACE-1")),
    );
    const codes = cancels.map((r) => envelope(r).code ?? envelope(r).status);
    expect(codes.filter((x) => x === 0)).toHaveLength(1);
    expect(codes.filter((x) => x === 1122)).toHaveLength(29);

    const uuid = (await send(c, "9876543212")).text;
    const right = (await otps(a)).find((o) => o.uuid === uuid)?.otp ?? "";
    const wrong = right === "000001" ? "000002" : "000001";
    const tries = await Promise.all(
      Array.from({ length: 30 }, (_, i) => verify(all[i % 3] as MockInstance, uuid, wrong)),
    );
    const messages = tries.map((r) => (r.body as { message: string }).message);
    expect(messages.filter((m) => /wrong OTP/.test(m)).sort()).toEqual([
      "body.otp: wrong OTP (0 attempts left)",
      "body.otp: wrong OTP (1 attempts left)",
      "body.otp: wrong OTP (2 attempts left)",
    ]);
    expect(messages.filter((m) => /too many attempts/.test(m))).toHaveLength(27);

    const tokenCall = async (m: MockInstance) => {
      const code = (await otps(m)).filter((o) => o.identity === "9876543219").at(-1)?.otp ?? "";
      const f = {
        amount: "5000",
        cell: "9876543219",
        merchantname: "Shop",
        mid: "MERCH1001",
        msgcode: "501",
        otp: code,
        tokentype: "1",
      };
      const checksum = sign("wallet-checksum", f, "pgi-test-wallet-secret").digest;
      return (m2: MockInstance) =>
        call(`${m2.urls.wallet}/tokengenerate`, {
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ ...f, checksum }).toString(),
        });
    };
    await call(`${a.urls.wallet}/__mock/wallet/otp`, { body: { cell: "9876543219" } });
    const request = await tokenCall(b);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => request(all[i % 3] as MockInstance)),
    );
    const statuses = answers.map((r) => (r.body as { statuscode: string }).statuscode);
    expect(statuses.filter((s) => s === "0")).toHaveLength(1);
    expect(statuses.filter((s) => s === "155")).toHaveLength(29);
    const won = answers.find((r) => (r.body as { statuscode: string }).statuscode === "0");
    const token = (won?.body as { token?: string } | undefined)?.token;
    expect(token).toMatch(/^WTK\d{32}$/);
    for (const m of all) {
      await call(`${m.urls.wallet}/__mock/wallet/otp`, { body: { cell: "9876543219" } });
      const again = await (await tokenCall(m))(m);
      expect((again.body as { token: string }).token).toBe(token);
    }
  });

  it("the clock and reset are shared: an advance on A shows on B and C at once; a reset on C clears A", async () => {
    const moved = await call(`${a.urls.otp}/__mock/clock/advance`, { body: { seconds: 3_600 } });
    const offset = (moved.body as { offsetMs: number }).offsetMs;
    expect(offset).toBeGreaterThan(3_590_000);
    for (const m of [b, c])
      expect(((await call(`${m.urls.otp}/__mock/clock`)).body as { offsetMs: number }).offsetMs).toBe(offset);
    await send(b);
    expect((await call(`${c.urls.otp}/__mock/reset`, { method: "POST" })).status).toBe(200);
    expect(((await call(`${a.urls.otp}/__mock/clock`)).body as { offsetMs: number }).offsetMs).toBe(0);
    expect(await otps(a)).toEqual([]);
    const state = (await call(`${b.urls.otp}/__mock/state`)).body as {
      payout: { counts: { links: number } };
    };
    expect(state.payout.counts.links).toBe(0);
  });
});
