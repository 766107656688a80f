// Every code and key a behaviour checks (OTP codes of three hosts, the merchant key) goes through the constant-time
// comparison of core/secret-compare.ts, never through `===`: the spy below sees each comparison and its operands.
import { sign } from "@pgi/signing";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  control,
  createTestContext,
  request,
  requestExample,
  type TestContext,
} from "../../test/hosts/host-context.js";
import * as compare from "../core/secret-compare.js";
import { createAccountsBehaviour } from "./accounts.js";
import { createGatewayBehaviour } from "./gateway.js";
import { createOtpBehaviour } from "./otp.js";
import { createWalletBehaviour } from "./wallet.js";

vi.mock("../core/secret-compare.js", async (original) => {
  const real = await original<typeof import("../core/secret-compare.js")>();
  return { ...real, secretEquals: vi.fn(real.secretEquals) };
});
const secretEquals = vi.mocked(compare.secretEquals);

let t: TestContext;
beforeEach(() => {
  t = createTestContext();
  secretEquals.mockClear();
});
/** The [received, expected] pairs compared so far. */
const compared = () => secretEquals.mock.calls.map(([received, expected]) => [received, expected]);
type Body = Record<string, string>;
/** The code the mock sent last (OTP service, wallet or accounts), as the store lists it. */
const lastCode = async () => (await t.ctx.state.otp.sent(t.clock.now())).at(-1)?.otp ?? "";
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("OTP codes and keys are compared in constant time", () => {
  it("OTP service: /otp/verify compares the sent code with the stored one", async () => {
    const otp = createOtpBehaviour();
    const send = { mobileNumber: "9876543210", merchantName: "Shop", merchantDomain: "shop.in" };
    const headers = { clienttype: "WEB" };
    const uuid = String((await otp.handle(request("sendOtp", { body: send, headers }), t.ctx))?.body);
    const code = await lastCode();
    const verify = (otpValue: string) =>
      otp.handle(request("verifyOtp", { body: { uuid, otp: Number(otpValue) }, headers }), t.ctx);
    expect((await verify(wrong(code)))?.status).toBe(400);
    expect((await verify(code))?.status).toBe(200);
    expect(compared()).toEqual([
      [wrong(code), code],
      [code, code],
    ]);
  });

  it("wallet: /tokengenerate compares the sent OTP with the pending one", async () => {
    const wallet = createWalletBehaviour();
    await control(wallet, t.ctx, "POST", "/__mock/wallet/otp", { body: { cell: "9876543210" } });
    const code = await lastCode();
    const token = (otpValue: string) => {
      const form: Record<string, string> = {
        mid: t.ctx.credentials.walletMid,
        cell: "9876543210",
        msgcode: "501",
        merchantname: "Shop",
        amount: "5000",
        otp: otpValue,
        tokentype: "1",
      };
      form.checksum = sign("wallet-checksum", form as never, t.ctx.credentials.walletSecret).digest;
      return wallet.handle(request("generateWalletToken", { body: form }), t.ctx);
    };
    const statuscode = async (otpValue: string) =>
      ((await token(otpValue))?.body as Body | undefined)?.statuscode;
    expect(await statuscode(wrong(code))).toBe("101");
    expect(await statuscode(code)).toBe("0");
    expect(compared()).toEqual([
      [wrong(code), code],
      [code, code],
    ]);
  });

  it("accounts: verify_otp compares otp[code] with the sign-in code", async () => {
    const accounts = createAccountsBehaviour();
    await control(accounts, t.ctx, "POST", "/__mock/accounts/otp", { body: { identity: "9876543210" } });
    const code = await lastCode();
    const verify = (otpCode: string) =>
      accounts.handle(
        request("verifySignInOtp", {
          body: { "otp[identity]": "9876543210", "otp[code]": otpCode, "otp[type]": "SignIn" },
        }),
        t.ctx,
      );
    expect((await verify(wrong(code)))?.status).toBe(422);
    expect((await verify(code))?.status).toBe(200);
    expect(compared()).toEqual([
      [wrong(code), code],
      [code, code],
    ]);
  });

  it("gateway: the merchant key of a payment is compared with the configured key", async () => {
    const gateway = createGatewayBehaviour();
    const form = requestExample("authorizeMandateTransaction", "tokenisedCard") as Record<string, string>;
    const key = t.ctx.credentials.merchantKey;
    await gateway.handle(request("authorizeMandateTransaction", { body: { ...form, key: "NOTKEY" } }), t.ctx);
    expect(compared()).toContainEqual(["NOTKEY", key]);
  });
});
