// Refusals carry the request's own path and the mock clock's time (never an example's), parameters are named as the
// spec spells them, query names match case-sensitively, and every refusal by a rule says why (x-pgi-mock-hint).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RequestLogEntry } from "../../src/server/request-log.js";
import type { RunningMock } from "../../src/types.js";
import { call, form, startTestMock } from "../helpers.js";

let mock: RunningMock;
const entries: RequestLogEntry[] = [];
beforeAll(async () => {
  mock = await startTestMock({ onRequest: (e) => void entries.push(e) });
  // The clock is moved so that no documented example's time could be mistaken for the mock's.
  await mock.clock.advance(3_723_456);
});
afterAll(() => mock.close());

const NOW_ISO = () => new Date(mock.clock.now()).toISOString();
const violations = (res: { headers: Headers }) =>
  JSON.parse(res.headers.get("x-pgi-mock-violations") ?? "[]") as { field: string; message: string }[];
const PAYOUT = { authorization: "Bearer pgi-test-payout-token" };
const OTP_SEND = { mobileNumber: "9876543210", merchantName: "Shop", merchantDomain: "shop.in" };

describe("refusal bodies carry the request's path and the mock clock's time", () => {
  it("OTP /token/validate with a wrong Authorization: the documented 400, this path, the mock's time", async () => {
    const res = await call(`${mock.urls.otp}/token/validate`, {
      headers: { authorization: "wrong", clientType: "WEB" },
      body: { token: "t", mobileNumber: "9876543210" },
    });
    expect(res.status).toBe(400);
    // Written as the documented example writes its time (+00:00), the mock clock's time.
    expect(res.json()).toEqual({
      timestamp: NOW_ISO().replace("Z", "+00:00"),
      status: 400,
      error: "Bad Request",
      path: "/token/validate",
    });
    expect(res.headers.get("x-pgi-mock-hint")).toBe("header Authorization: not the configured credential");
  });

  it.each([
    ["GET", "/payout/merchant/smartSend/details?payoutMerchantId=1111312&merchantRefId=R1", undefined],
    ["POST", "/payout/v2/smartSend/link", { amount: "1" }],
    ["PUT", "/payout/v2/smartSend/expiry/L1", "expiryDate=2026-12-01T00%3A00%3A00.000%2B0000"],
    ["POST", "/payout/smartPay/cancel?merchantRefId=R1", undefined],
  ] as const)("payout 401 on %s %s", async (method, target, body) => {
    const res = await call(`${mock.urls.payout}${target}`, {
      method,
      headers: {
        authorization: "Bearer not-a-token",
        ...(typeof body === "string" ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      ...(body !== undefined ? { body } : {}),
    });
    expect(res.status).toBe(401);
    expect(res.json()).toMatchObject({
      timestamp: NOW_ISO().replace("Z", "+0000"),
      path: target.split("?")[0],
    });
  });

  it("the OTP service's own refusals (an unknown uuid) and its contract refusals (a bad field) alike", async () => {
    const unknown = await call(`${mock.urls.otp}/otp/verify`, { body: { uuid: "nope", otp: 123456 } });
    expect(unknown.status).toBe(400);
    expect(unknown.json()).toMatchObject({
      timestamp: NOW_ISO().replace("Z", "+00:00"),
      message: expect.stringMatching(/^body\.uuid: no OTP request/),
      path: "/otp/verify",
    });
    const bad = await call(`${mock.urls.otp}/otp/resend`, {
      headers: { clientType: "WEB", uuid: "u" },
      body: { ...OTP_SEND, mobileNumber: "12" },
    });
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({ timestamp: NOW_ISO().replace("Z", "+00:00"), path: "/otp/resend" });
  });

  it("the mock's own problem refusals name the request as instance, with the mock clock's time", async () => {
    const res = await call(`${mock.urls.otp}/otp/send`, {
      headers: { clientType: "WEB", "content-type": "text/xml" },
      body: "<x/>",
    });
    expect(res.status).toBe(415);
    expect(res.json()).toMatchObject({ status: 415, instance: "/otp/send", timestamp: NOW_ISO() });
  });
});

describe("parameters are named as the spec spells them; query names match case-sensitively", () => {
  it("a query parameter sent in another case is not the documented one", async () => {
    const res = await call(
      `${mock.urls.payout}/payout/merchant/smartSend/details?payoutmerchantid=1111312&merchantrefid=R1`,
      { headers: PAYOUT },
    );
    expect(res.status).toBe(400);
    expect(violations(res)).toEqual([
      {
        location: "query",
        field: "query.payoutMerchantId",
        rule: "required",
        message: expect.stringContaining("the query has 'payoutmerchantid'"),
      },
      {
        location: "query",
        field: "query.merchantRefId",
        rule: "required",
        message: expect.stringContaining("query parameter names are case-sensitive"),
      },
    ]);
  });

  it("the documented spelling is accepted", async () => {
    const res = await call(
      `${mock.urls.payout}/payout/merchant/smartSend/details?payoutMerchantId=1111312&merchantRefId=R1`,
      { headers: PAYOUT },
    );
    expect(res.status).toBe(200);
  });

  it.each([
    ["a missing query parameter", "payout", "/payout/v2/smartSend/status", {}, "query.linkId", "'linkId'"],
    ["a missing header", "otp", "/otp/send", { body: OTP_SEND }, "header.clientType", "'clientType'"],
    [
      "a header that breaks its pattern",
      "payout",
      "/payout/smartPay/cancel?merchantRefId=R1",
      { method: "POST", headers: { ...PAYOUT, payoutmerchantid: "x1" } },
      "header.payoutMerchantId",
      "payoutMerchantId",
    ],
  ] as const)("%s is named as the spec spells it", async (_name, host, target, init, field, inMessage) => {
    const res = await call(`${mock.urls[host]}${target}`, init as never);
    expect(res.status).toBe(400);
    const found = violations(res).find((v) => v.field.toLowerCase() === field.toLowerCase());
    expect(found?.field).toBe(field);
    expect(found?.message).toContain(inMessage);
  });

  it("a header is matched whatever its case", async () => {
    const res = await call(`${mock.urls.otp}/otp/send`, { headers: { CLIENTTYPE: "WEB" }, body: OTP_SEND });
    expect(res.status).toBe(200);
  });
});

describe("refusals by a host rule say why", () => {
  it("register_webhook with another reseller's uuid: 422 naming reseller_uuid", async () => {
    const res = await call(`${mock.urls.partner}/api/v1/partners/register_webhook`, {
      method: "POST",
      headers: {
        authorization: "Bearer pgi-test-partner-token",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: form({
        webhook_url: "https://example.in/hook",
        reseller_uuid: "11ec-4f1d-8a6b2c30-9e7d-0242ac120999",
      }),
    });
    expect(res.status).toBe(422);
    expect(res.headers.get("x-pgi-mock-hint")).toMatch(/^body\.reseller_uuid: /);
    expect(res.json()).toMatchObject({ message: expect.stringMatching(/^body\.reseller_uuid: /) });
    expect(entries.at(-1)).toMatchObject({ path: "/api/v1/partners/register_webhook", verdict: "refused" });
  });

  it("verify_otp with a wrong code: the documented errors.code 422", async () => {
    const res = await call(`${mock.urls.accounts}/api/v1/otps/verify_otp`, {
      method: "POST",
      headers: {
        authorization: "Bearer pgi-test-accounts-token",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: form({ "otp[identity]": "9876543210", "otp[code]": "000000", "otp[type]": "SignIn" }),
    });
    expect(res.status).toBe(422);
    expect(res.json()).toEqual({
      errors: { code: ["invalid"] },
      messages: { code: ["is invalid"] },
      additional_data: { code: { value: "****" } },
    });
  });
});
