// Wallet: token issuance after an OTP (unique per cell and merchant, 365 days), checksums both ways, documented codes.

import { sign } from "@pgi/signing";
import { WALLET_OTP, WALLET_TOKEN_MS } from "../state/lifetimes.js";
import type { ControlRoute, HostBehaviour, HostContext, MockResponse } from "../types.js";
import { checkHash } from "./hash-check.js";
import { randomDigits } from "./ids.js";

export { WALLET_OTP } from "../state/lifetimes.js";

const iso = (ms: number) => new Date(ms).toISOString();

function answer(
  ctx: HostContext,
  messagecode: string,
  statuscode: string,
  statusdescription: string,
  token?: string,
): MockResponse {
  const status = statuscode === "0" ? "SUCCESS" : "FAILURE";
  const fields = { messagecode, status, statuscode, statusdescription };
  const { digest } = sign("wallet-response-checksum", fields, ctx.credentials.walletSecret);
  return { status: 200, body: { ...fields, ...(token ? { token } : {}), checksum: digest } };
}

const sendOtp: ControlRoute = {
  method: "POST",
  path: "/__mock/wallet/otp",
  description:
    "send a wallet OTP to {cell} (as the wallet's OTP delivery would); the code appears in GET /__mock/otps",
  async handle(req, ctx) {
    const cell = (req.body as { cell?: unknown } | undefined)?.cell;
    if (typeof cell !== "string" || !/^[789][0-9]{9}$/.test(cell)) {
      return { status: 400, body: { detail: "body.cell: required, 10 digits starting with 7, 8 or 9" } };
    }
    const now = ctx.clock.now();
    const expiresAt = now + WALLET_OTP.validitySeconds * 1000;
    await ctx.state.wallet.sendOtp(cell, randomDigits(ctx.random, 6), expiresAt, now);
    return { status: 200, body: { cell, expiresAt: iso(expiresAt) } };
  },
};

/** Creates the wallet behaviour; its state is ctx.state.wallet. */
export function createWalletBehaviour(): HostBehaviour {
  return {
    host: "wallet",
    control: [sendOtp],
    async handle(req, ctx) {
      const f = req.body as Record<string, string>;
      const msgcode = f.msgcode ?? "";
      if (f.mid !== ctx.credentials.walletMid) return answer(ctx, msgcode, "22", "Merchant does not exist");
      const check = checkHash("wallet-checksum", f, "checksum", ctx.credentials.walletSecret, ["otp"]);
      if (!check.ok) {
        return {
          ...answer(ctx, msgcode, "99", "Unexpected error: checksum does not match"),
          headers: check.headers,
        };
      }
      const now = ctx.clock.now();
      const fresh = {
        token: `WTK${randomDigits(ctx.random, 32)}`,
        issuedAt: now,
        expiresAt: now + WALLET_TOKEN_MS,
      };
      const otp = String(f.otp).padStart(6, "0");
      const outcome = await ctx.state.wallet.redeem(f.cell as string, f.mid, otp, now, fresh);
      switch (outcome) {
        case "missing":
          return answer(ctx, msgcode, "155", "OTP missing or invalid");
        case "expired":
          return answer(ctx, msgcode, "102", "OTP has expired");
        case "tooManyAttempts":
          return answer(ctx, msgcode, "103", "Maximum OTP attempts exceeded");
        case "wrong":
          return answer(ctx, msgcode, "101", "Invalid OTP provided");
        default:
          return answer(ctx, msgcode, "0", "Token generated successfully", outcome.token);
      }
    },
    async snapshot(_now, ctx) {
      const s = await ctx.state.wallet.snapshot();
      return {
        counts: { otps: s.otps, accounts: s.accounts.length, tokens: s.tokens.length },
        accounts: Object.fromEntries(s.accounts.map(([cell, at]) => [cell, { createdAt: iso(at) }])),
        tokens: s.tokens.map(([key, t]) => ({ key, issuedAt: iso(t.issuedAt), expiresAt: iso(t.expiresAt) })),
      };
    },
  };
}
