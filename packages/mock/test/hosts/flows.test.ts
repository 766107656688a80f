import { sign, verify } from "@pgi/signing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { RunningMock } from "../../src/types.js";
import { call, form, seeded, startTestMock } from "../helpers.js";

let mock: RunningMock;
beforeAll(async () => {
  // A seeded generator: codes and ids are the same on every run.
  mock = await startTestMock({
    random: seeded(1),
  });
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

const otps = async () =>
  (
    (await call(`${mock.urls.otp}/__mock/otps`)).json() as {
      otps: { host: string; identity: string; otp: string; uuid?: string }[];
    }
  ).otps;

describe("OTP service", () => {
  const send = () =>
    call(`${mock.urls.otp}/otp/send`, {
      headers: { clienttype: "WEB" },
      body: { mobileNumber: "9876543210", merchantName: "Example Store", merchantDomain: "example.in" },
    });

  it("send → verify with the sent code; a second verify of the same uuid is refused", async () => {
    const uuid = (await send()).text;
    const [sent] = await otps();
    expect(sent).toMatchObject({ host: "otp", uuid, identity: "9876543210" });
    const verifyOtp = () =>
      call(`${mock.urls.otp}/otp/verify`, {
        headers: { clienttype: "WEB" },
        body: { uuid, otp: Number(sent?.otp) },
      });
    const ok = await verifyOtp();
    expect([ok.status, ok.text]).toEqual([200, "OTP verified successfully"]);
    expect((await verifyOtp()).status).toBe(400);
  });

  it("three wrong codes exhaust the attempts; an expired code is refused; resend issues a new code", async () => {
    const uuid = (await send()).text;
    for (const left of [2, 1, 0]) {
      const res = await call(`${mock.urls.otp}/otp/verify`, {
        headers: { clienttype: "WEB" },
        body: { uuid, otp: 1 },
      });
      expect(res.text).toContain(`${left} attempts left`);
    }
    const uuid2 = (await send()).text;
    await mock.clock.advance(301_000);
    const expired = await call(`${mock.urls.otp}/otp/verify`, {
      headers: { clienttype: "WEB" },
      body: { uuid: uuid2, otp: Number((await otps())[1]?.otp) },
    });
    expect(expired.text).toMatch(/expired/);
    const resent = await call(`${mock.urls.otp}/otp/resend`, {
      headers: { clienttype: "WEB", uuid: uuid2 },
      body: { mobileNumber: "9876543210", merchantName: "Example Store", merchantDomain: "example.in" },
    });
    expect(resent.text).toBe(uuid2);
    const fresh = (await otps()).at(-1);
    const ok = await call(`${mock.urls.otp}/otp/verify`, {
      headers: { clienttype: "WEB" },
      body: { uuid: uuid2, otp: Number(fresh?.otp) },
    });
    expect(ok.status).toBe(200);
  });

  it("token validation: a verified uuid validates; otherwise the fallback sends an OTP", async () => {
    const auth = { authorization: mock.credentials.otpAuthorization, clienttype: "WEB" };
    const uuid = (await send()).text;
    await call(`${mock.urls.otp}/otp/verify`, {
      headers: { clienttype: "WEB" },
      body: { uuid, otp: Number((await otps())[0]?.otp) },
    });
    const valid = await call(`${mock.urls.otp}/token/validate`, {
      headers: auth,
      body: { token: uuid, mobileNumber: "9876543210" },
    });
    expect(valid.text).toBe("Token validated successfully");
    const fallback = await call(`${mock.urls.otp}/token/validate`, {
      headers: auth,
      body: {
        token: "stale",
        sendOtpOnFailureEnabled: true,
        sendOtpRequestDTO: {
          mobileNumber: "9876543210",
          merchantName: "Example Store",
          merchantDomain: "example.in",
        },
      },
    });
    expect(fallback.status).toBe(200);
    expect((await otps()).at(-1)?.uuid).toBe(fallback.text);
    const refused = await call(`${mock.urls.otp}/token/validate`, {
      headers: auth,
      body: { token: "stale" },
    });
    expect(refused.status).toBe(400);
  });
});

describe("wallet tokens", () => {
  const request = (otp: number, extra: Record<string, string | number> = {}) => {
    const fields: Record<string, string | number> = {
      mid: mock.credentials.walletMid,
      cell: "9876543210",
      msgcode: "501",
      merchantname: "ExampleStore",
      amount: 5000,
      otp,
      tokentype: 1,
      ...extra,
    };
    const strings = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]));
    strings.checksum = sign("wallet-checksum", strings as never, mock.credentials.walletSecret).digest;
    return call(`${mock.urls.wallet}/tokengenerate`, {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form(strings),
    });
  };
  const verified = (body: Record<string, string>) =>
    verify("wallet-response-checksum", body as never, body.checksum, mock.credentials.walletSecret);

  it("OTP → token, same token on a second issuance for the same cell and merchant; response checksums verify", async () => {
    await call(`${mock.urls.wallet}/__mock/wallet/otp`, { body: { cell: "9876543210" } });
    const first = (await request(Number((await otps()).at(-1)?.otp))).json() as Record<string, string>;
    expect(first).toMatchObject({ status: "SUCCESS", statuscode: "0" });
    expect(verified(first)).toBe(true);
    await call(`${mock.urls.wallet}/__mock/wallet/otp`, { body: { cell: "9876543210" } });
    const second = (await request(Number((await otps()).at(-1)?.otp))).json() as Record<string, string>;
    expect(second.token).toBe(first.token);
  });

  it.each([
    ["wrong OTP", "101"],
    ["expired OTP", "102"],
    ["exhausted OTP", "103"],
    ["unknown merchant", "22"],
  ])("%s gets statuscode %s with a valid checksum", async (kind, code) => {
    await call(`${mock.urls.wallet}/__mock/wallet/otp`, { body: { cell: "9876543210" } });
    const good = Number((await otps()).at(-1)?.otp);
    let res: Awaited<ReturnType<typeof request>>;
    if (kind === "expired OTP") {
      await mock.clock.advance(301_000);
      res = await request(good);
    } else if (kind === "exhausted OTP") {
      for (let i = 0; i < 3; i++) await request(good + 1);
      res = await request(good);
    } else if (kind === "unknown merchant") res = await request(good, { mid: "NOPE" });
    else res = await request(good + 1);
    const body = res.json() as Record<string, string>;
    expect(body).toMatchObject({ status: "FAILURE", statuscode: code });
    expect(body.token).toBeUndefined();
    expect(verified(body)).toBe(true);
  });
});

describe("accounts: sign-in OTP", () => {
  const verifyCode = (identity: string, code: string) =>
    call(`${mock.urls.accounts}/api/v1/otps/verify_otp`, {
      headers: {
        authorization: `Bearer ${mock.credentials.accountsToken}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: form({ "otp[identity]": identity, "otp[code]": code, "otp[type]": "SignIn" }),
    });

  it("issues a user token with the sample's scopes, usable as a bearer token", async () => {
    await call(`${mock.urls.accounts}/__mock/accounts/otp`, { body: { identity: "9876543210" } });
    const res = await verifyCode("9876543210", (await otps()).at(-1)?.otp ?? "");
    expect(res.status).toBe(200);
    const token = res.json() as { access_token: string; scope: string; expires_in: number };
    expect(token).toMatchObject({
      scope: "user_profile create_bank_details update_bank_details",
      expires_in: 7200,
    });
    // The mock knows the token it issued: the payout host (any valid token) accepts it, and an operation needing
    // a scope it lacks names that scope, not an unknown token.
    const status = await call(`${mock.urls.payout}/payout/v2/smartSend/status?linkId=none`, {
      headers: { authorization: `Bearer ${token.access_token}` },
    });
    expect(status.status).toBe(200);
    const scoped = await call(`${mock.urls.accounts}/api/v1/otps/verify_otp`, {
      headers: {
        authorization: `Bearer ${token.access_token}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: form({ "otp[identity]": "9876543210", "otp[code]": "123456", "otp[type]": "SignIn" }),
    });
    expect([scoped.status, scoped.headers.get("x-pgi-mock-hint")]).toEqual([
      401,
      "header Authorization: the token lacks the scope verify_sign_in_otp",
    ]);
  });

  it.each([
    ["9876540000", "not_found"],
    ["9876549999", "locked"],
  ])("identity %s gets 422 user %s", async (identity, key) => {
    const res = await verifyCode(identity, "123456");
    expect(res.status).toBe(422);
    expect(res.json()).toMatchObject({ errors: { user: [key] } });
  });
});

describe("payout smart send", () => {
  const headers = { authorization: `Bearer pgi-test-payout-token`, pid: "1111312" };
  const create = (ref: string, expiryDate = "2026-11-30T10:00:49.778+0000") =>
    call(`${mock.urls.payout}/payout/v2/smartSend/link`, {
      headers,
      body: {
        amount: "1",
        merchantRefId: ref,
        custName: "DIVIK",
        custMobile: "9868888568",
        description: "TEST",
        expiryDate,
      },
    });
  const details = async (ref: string) =>
    (
      await call(
        `${mock.urls.payout}/payout/merchant/smartSend/details?payoutMerchantId=1111312&merchantRefId=${ref}`,
        { headers },
      )
    ).json() as {
      status: number;
      data: Record<string, unknown>;
    };

  it("create → details → status → extend → cancel → cancel again (1122) → status cancelled", async () => {
    const created = (await create("REF1")).json() as { data: { linkId: string; expiryDate: string } };
    expect(created.data.expiryDate).toBe("2026-11-30T10:00:49.778+0000");
    expect((await details("REF1")).data).toMatchObject({ merchantRefId: "REF1", smartSendStatus: "ACTIVE" });
    const linkId = encodeURIComponent(created.data.linkId);
    const status = await call(`${mock.urls.payout}/payout/v2/smartSend/status?linkId=${linkId}`, { headers });
    expect(status.json()).toMatchObject({ status: 0, msg: "PENDING" });
    const extended = await call(`${mock.urls.payout}/payout/v2/smartSend/expiry/${linkId}`, {
      method: "PUT",
      headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
      body: form({ expiryDate: "2026-12-26T18:29:59.000+0000" }),
    });
    expect(extended.json()).toMatchObject({ status: 0, msg: "Expiry date updated" });
    expect((await details("REF1")).data.expiryDate).toBe("2026-12-26T18:29:59.000+0000");
    const cancel = () =>
      call(`${mock.urls.payout}/payout/smartPay/cancel?merchantRefId=REF1`, {
        method: "POST",
        headers: { ...headers, payoutMerchantId: "1111312" },
      });
    expect((await cancel()).json()).toMatchObject({ status: 0 });
    expect((await cancel()).json()).toMatchObject({ status: 1, code: 1122 });
    const after = await call(`${mock.urls.payout}/payout/v2/smartSend/status?linkId=${linkId}`, { headers });
    expect(after.json()).toMatchObject({ code: 1122 });
  });

  it("a link expires by the mock's clock; unknown references get the documented not-found shape", async () => {
    await create("REF2", "2026-11-23T07:00:00.000+0000");
    await mock.clock.advance(3_600_001);
    expect((await details("REF2")).data.smartSendStatus).toBe("EXPIRED");
    const missing = await details("NOPE");
    expect(missing).toMatchObject({
      status: 1,
      data: { merchantRefId: "NOPE", payoutMerchantId: 1111312, linkId: null },
    });
  });
});

describe("bill-payment complaints", () => {
  const status = async (id: string) =>
    (
      (
        await call(`${mock.urls.bbps}/gateway-nbc/v1/nbc/checkComplaintStatus?complaintId=${id}`, {
          headers: { authorization: `Bearer ${mock.credentials.bbpsToken}` },
        })
      ).json() as { payload: { complaintStatus?: string; complaintId?: string; message?: string } }
    ).payload;

  it("moves CAPTURED → ASSIGNED → RESOLVED by control calls; unknown ids get code 600", async () => {
    expect(await status("CMP42")).toMatchObject({ complaintId: "CMP42", complaintStatus: "CAPTURED" });
    await call(`${mock.urls.bbps}/__mock/complaints/CMP42/advance`, { method: "POST" });
    expect((await status("CMP42")).complaintStatus).toBe("ASSIGNED");
    await call(`${mock.urls.bbps}/__mock/complaints/CMP42/advance`, { method: "POST" });
    expect((await status("CMP42")).complaintStatus).toBe("RESOLVED");
    expect((await status("UNKNOWN-1")).message).toBe("complaint_request_failed");
  });
});
