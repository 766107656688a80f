import { sign, verify } from "@pgi/signing";
import { beforeEach, describe, expect, it } from "vitest";
import {
  answerErrors,
  control,
  createTestContext,
  request,
  type TestContext,
} from "../../test/hosts/host-context.js";
import type { HostBehaviour } from "../types.js";
import { createWalletBehaviour, WALLET_OTP } from "./wallet.js";

let t: TestContext;
let wallet: HostBehaviour;
beforeEach(() => {
  t = createTestContext();
  wallet = createWalletBehaviour();
});

const CELL = "9876543210";
type Body = Record<string, string>;

async function sendOtp(cell = CELL): Promise<number> {
  const res = await control(wallet, t.ctx, "POST", "/__mock/wallet/otp", { body: { cell } });
  expect(res.status).toBe(200);
  return Number((await t.ctx.state.otp.sent(t.clock.now())).at(-1)?.otp);
}

async function tokenRequest(otp: number, change: Body = {}, resign = true) {
  const form: Body = {
    mid: t.ctx.credentials.walletMid,
    cell: CELL,
    msgcode: "501",
    merchantname: "ExampleStore",
    amount: "5000",
    otp: String(otp),
    tokentype: "1",
    ...change,
  };
  form.checksum = resign
    ? sign("wallet-checksum", form as never, t.ctx.credentials.walletSecret).digest
    : (change.checksum ?? "0".repeat(64));
  const res = await wallet.handle(request("generateWalletToken", { body: form }), t.ctx);
  expect(answerErrors("generateWalletToken", res)).toEqual([]);
  const body = res?.body as Body;
  // Every answer, success or failure, carries a correct response checksum.
  expect(
    verify("wallet-response-checksum", body as never, body.checksum, t.ctx.credentials.walletSecret),
  ).toBe(true);
  return { body, headers: res?.headers ?? {} };
}

describe("wallet token issuance", () => {
  it("first OTP creates the account; a right OTP issues a token valid 365 days, the same for the same cell and mid", async () => {
    const first = await tokenRequest(await sendOtp());
    expect(first.body).toMatchObject({ status: "SUCCESS", statuscode: "0", messagecode: "501" });
    expect(first.body.token).toMatch(/^WTK\d{32}$/);
    const again = await tokenRequest(await sendOtp());
    expect(again.body.token).toBe(first.body.token);
    expect(await wallet.snapshot(t.clock.now(), t.ctx)).toMatchObject({
      accounts: { [CELL]: { createdAt: new Date(t.clock.now()).toISOString() } },
      tokens: [{ key: `${CELL}|${t.ctx.credentials.walletMid}`, expiresAt: "2027-11-23T06:00:00.000Z" }],
    });
    const otherCell = await tokenRequest(await sendOtp("9123456780"), { cell: "9123456780" });
    expect(otherCell.body.token).not.toBe(first.body.token);
  });

  it("after 365 days the token has expired: the next issuance is a new token", async () => {
    const first = await tokenRequest(await sendOtp());
    await t.advance(365 * 86_400);
    const renewed = await tokenRequest(await sendOtp());
    expect(renewed.body.statuscode).toBe("0");
    expect(renewed.body.token).not.toBe(first.body.token);
  });

  it.each<[string, () => Promise<{ body: Body; headers: Record<string, string> }>, string]>([
    ["a wrong OTP", async () => tokenRequest((await sendOtp()) + 1), "101"],
    [
      "an expired OTP",
      async () => {
        const otp = await sendOtp();
        await t.advance(WALLET_OTP.validitySeconds + 1);
        return tokenRequest(otp);
      },
      "102",
    ],
    [
      "the right OTP after three wrong ones",
      async () => {
        const otp = await sendOtp();
        for (let i = 0; i < WALLET_OTP.maxAttempts; i++) await tokenRequest(otp + 1);
        return tokenRequest(otp);
      },
      "103",
    ],
    ["an OTP never sent", () => tokenRequest(123456), "155"],
    [
      "an OTP already used",
      async () => {
        const otp = await sendOtp();
        await tokenRequest(otp);
        return tokenRequest(otp);
      },
      "155",
    ],
    ["an unknown merchant", async () => tokenRequest(await sendOtp(), { mid: "NOPE" }), "22"],
    ["a wrong checksum", async () => tokenRequest(await sendOtp(), {}, false), "99"],
  ])("%s: FAILURE with statuscode %s and no token", async (_name, act, code) => {
    const { body, headers } = await act();
    expect(body).toMatchObject({ status: "FAILURE", statuscode: code });
    expect(body.token).toBeUndefined();
    if (code === "99") {
      const hint = headers["x-pgi-mock-hint"] ?? "";
      const preimage = headers["x-pgi-mock-preimage"] ?? "";
      expect(hint).toMatch(/^body\.checksum: does not match wallet-checksum: /);
      expect(preimage).toBe(
        `'5000''9876543210''ExampleStore''${t.ctx.credentials.walletMid}''501''<otp>''1'`,
      );
      expect(hint + preimage).not.toMatch(/'\d{6}'/); // the OTP is never echoed
      expect(hint + preimage).not.toContain(t.ctx.credentials.walletSecret);
    }
  });

  it("the OTP control route names a bad cell; reset forgets accounts, codes and tokens", async () => {
    const bad = await control(wallet, t.ctx, "POST", "/__mock/wallet/otp", { body: { cell: "12345" } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("body.cell");
    const otp = await sendOtp();
    await t.store.reset();
    expect(await wallet.snapshot(t.clock.now(), t.ctx)).toEqual({
      counts: { otps: 0, accounts: 0, tokens: 0 },
      accounts: {},
      tokens: [],
    });
    expect((await tokenRequest(otp)).body.statuscode).toBe("155");
  });
});
