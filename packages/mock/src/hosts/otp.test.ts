import { beforeEach, describe, expect, it } from "vitest";
import {
  answerErrors,
  control,
  createTestContext,
  request,
  type TestContext,
} from "../../test/hosts/host-context.js";
import type { HostBehaviour, MockResponse } from "../types.js";
import { createOtpBehaviour, MAX_SENT_OTPS, OTP_LIMITS, type SentOtp } from "./otp.js";

let t: TestContext;
/** The sent codes as the store lists them after the last call. */
let sent: SentOtp[];
let otp: HostBehaviour;
beforeEach(() => {
  t = createTestContext();
  sent = [];
  otp = createOtpBehaviour();
});

const MOBILE = "9876543210";
const SEND = { mobileNumber: MOBILE, merchantName: "Example Store", merchantDomain: "example.in" };

async function call(
  operationId: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<MockResponse> {
  const res = await otp.handle(
    request(operationId, { body, headers: { clienttype: "WEB", ...headers } }),
    t.ctx,
  );
  if (!res) throw new Error("deferred to Prism");
  expect(answerErrors(operationId, res)).toEqual([]);
  sent = await t.ctx.state.otp.sent(t.clock.now());
  return res;
}
const send = async () => String((await call("sendOtp", SEND)).body);
const codeOf = (uuid: string) => Number(sent.filter((s) => s.uuid === uuid).at(-1)?.otp);
const verifyOtp = (uuid: string, code: number, extra: object = {}) =>
  call("verifyOtp", { uuid, otp: code, ...extra });

describe("OTP service behaviour", () => {
  it("send answers a uuid (text, or a JSON string with Accept: application/json) and records a 6-digit code", async () => {
    const uuid = await send();
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sent).toEqual([
      {
        host: "otp",
        uuid,
        identity: MOBILE,
        otp: expect.stringMatching(/^\d{6}$/),
        expiresAt: "2026-11-23T06:05:00.000Z",
      },
    ]);
    const json = await call("sendOtp", SEND, { accept: "application/json" });
    expect(json.contentType).toBe("application/json");
    expect(typeof JSON.parse(String(json.body))).toBe("string");
    const listed = await control(otp, t.ctx, "GET", "/__mock/otps");
    expect((listed.body as { otps: SentOtp[] }).otps).toHaveLength(2);
  });

  it.each<[string, (uuid: string) => Promise<MockResponse>, RegExp]>([
    ["an unknown uuid", () => verifyOtp("nope", 1), /body.uuid: no OTP request/],
    ["a wrong number", (u) => verifyOtp(u, codeOf(u), { mobileNumber: "9123456789" }), /body.mobileNumber/],
    ["a wrong code", (u) => verifyOtp(u, codeOf(u) === 1 ? 2 : 1), /wrong OTP \(2 attempts left\)/],
    [
      "a code used twice",
      async (u) => {
        await verifyOtp(u, codeOf(u));
        return verifyOtp(u, codeOf(u));
      },
      /already used/,
    ],
    [
      "an expired code",
      async (u) => {
        await t.advance(OTP_LIMITS.validitySeconds + 1);
        return verifyOtp(u, codeOf(u));
      },
      /expired/,
    ],
    [
      "a fourth try after three wrong codes",
      async (u) => {
        for (let i = 0; i < OTP_LIMITS.maxVerifyAttempts; i++) await verifyOtp(u, codeOf(u) === 1 ? 2 : 1);
        return verifyOtp(u, codeOf(u));
      },
      /too many attempts/,
    ],
    ["a resend of an unknown uuid", () => call("resendOtp", SEND, { uuid: "nope" }), /header uuid/],
    ["a wrong clientType", () => call("sendOtp", SEND, { clienttype: "ANDROID" }), /clientType: ANDROID/],
  ])("verify with %s: documented 400 naming the field", async (_name, act, message) => {
    const uuid = await send();
    const res = await act(uuid);
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toMatch(message);
  });

  it("the code verifies exactly once, also at the last millisecond of its life", async () => {
    const uuid = await send();
    await t.advance(OTP_LIMITS.validitySeconds);
    const ok = await verifyOtp(uuid, codeOf(uuid), { mobileNumber: MOBILE });
    expect([ok.status, ok.body]).toEqual([200, "OTP verified successfully"]);
  });

  it("resend keeps the uuid, replaces the code, resets attempts and is limited", async () => {
    const uuid = await send();
    const first = codeOf(uuid);
    await verifyOtp(uuid, first === 1 ? 2 : 1);
    for (let i = 0; i < OTP_LIMITS.maxResends; i++)
      expect((await call("resendOtp", SEND, { uuid })).body).toBe(uuid);
    expect(sent.filter((s) => s.uuid === uuid)).toHaveLength(1 + OTP_LIMITS.maxResends);
    const limited = await call("resendOtp", SEND, { uuid });
    expect((limited.body as { message: string }).message).toMatch(/resend limit/);
    expect((await verifyOtp(uuid, codeOf(uuid))).status).toBe(200);
  });

  it("token validation: a verified uuid for its number; fallback sends an OTP; otherwise 400", async () => {
    const auth = { authorization: t.ctx.credentials.otpAuthorization };
    const uuid = await send();
    const before = await call("validateToken", { token: uuid, mobileNumber: MOBILE }, auth);
    expect(before.status).toBe(400);
    await verifyOtp(uuid, codeOf(uuid));
    expect((await call("validateToken", { token: uuid, mobileNumber: MOBILE }, auth)).body).toBe(
      "Token validated successfully",
    );
    const otherNumber = await call("validateToken", { token: uuid, mobileNumber: "9123456789" }, auth);
    expect(otherNumber.status).toBe(400);
    const fallback = await call(
      "validateToken",
      { token: "stale", mobileNumber: MOBILE, sendOtpOnFailureEnabled: true, sendOtpRequestDTO: SEND },
      auth,
    );
    expect(fallback.status).toBe(200);
    const newUuid = String(fallback.body);
    expect(sent.at(-1)).toMatchObject({ uuid: newUuid, identity: MOBILE });
    expect((await verifyOtp(newUuid, codeOf(newUuid))).status).toBe(200);
    const noDto = await call("validateToken", { token: "stale", sendOtpOnFailureEnabled: true }, auth);
    expect(noDto.status).toBe(400);
  });

  it("snapshot never shows codes; reset forgets requests and sent codes; the sent list is bounded", async () => {
    await send();
    expect(JSON.stringify(await otp.snapshot(t.clock.now(), t.ctx))).not.toContain(sent[0]?.otp);
    await t.store.reset();
    expect(await t.ctx.state.otp.sent(t.clock.now())).toEqual([]);
    expect(await otp.snapshot(t.clock.now(), t.ctx)).toEqual({
      counts: { requests: 0, sentOtps: 0 },
      requests: [],
    });
    for (let i = 0; i < MAX_SENT_OTPS + 5; i++) await send();
    expect(sent).toHaveLength(MAX_SENT_OTPS);
  });
});
