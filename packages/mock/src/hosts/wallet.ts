// Wallet: token issuance after an OTP (unique per cell and merchant, 365 days), checksums both ways, documented codes.

import { sign } from "@pgi/signing";
import { capSize, DEFAULT_STATE_LIMITS, type StateLimits } from "../core/bounded-store.js";
import { secretEquals } from "../core/secret-compare.js";
import type { ControlRoute, HostBehaviour, HostContext, MockResponse } from "../types.js";
import { checkHash } from "./hash-check.js";
import { randomDigits } from "./ids.js";
import { recordSent, type SentOtp } from "./otp.js";

/** Limits the mock applies to wallet OTPs (not published by the interface; see docs/flows.md). */
export const WALLET_OTP = { validitySeconds: 300, maxAttempts: 3 } as const;
const DAY = 86_400_000;

interface PendingOtp {
  otp: string;
  expiresAt: number;
  attempts: number;
}

/** Creates the wallet behaviour; `sent` is the list served by GET /__mock/otps. */
export function createWalletBehaviour(
  sent: SentOtp[],
  limits: StateLimits = DEFAULT_STATE_LIMITS,
): HostBehaviour {
  const otps = new Map<string, PendingOtp>();
  const accounts = new Map<string, { createdAt: number }>();
  const tokens = new Map<string, { token: string; issuedAt: number; expiresAt: number }>();

  const answer = (
    ctx: HostContext,
    messagecode: string,
    statuscode: string,
    statusdescription: string,
    token?: string,
  ): MockResponse => {
    const status = statuscode === "0" ? "SUCCESS" : "FAILURE";
    const fields = { messagecode, status, statuscode, statusdescription };
    const { digest } = sign("wallet-response-checksum", fields, ctx.credentials.walletSecret);
    return { status: 200, body: { ...fields, ...(token ? { token } : {}), checksum: digest } };
  };

  const sendOtp: ControlRoute = {
    method: "POST",
    path: "/__mock/wallet/otp",
    description:
      "send a wallet OTP to {cell} (as the wallet's OTP delivery would); the code appears in GET /__mock/otps",
    handle(req, ctx) {
      const cell = (req.body as { cell?: unknown } | undefined)?.cell;
      if (typeof cell !== "string" || !/^[789][0-9]{9}$/.test(cell)) {
        return { status: 400, body: { detail: "body.cell: required, 10 digits starting with 7, 8 or 9" } };
      }
      const pending = {
        otp: randomDigits(ctx.random, 6),
        expiresAt: ctx.clock.now() + WALLET_OTP.validitySeconds * 1000,
        attempts: 0,
      };
      otps.set(cell, pending);
      if (!accounts.has(cell)) accounts.set(cell, { createdAt: ctx.clock.now() });
      capSize(otps, limits.maxRecords);
      capSize(accounts, limits.maxRecords);
      recordSent(sent, {
        host: "wallet",
        identity: cell,
        otp: pending.otp,
        expiresAt: new Date(pending.expiresAt).toISOString(),
      });
      return { status: 200, body: { cell, expiresAt: new Date(pending.expiresAt).toISOString() } };
    },
  };

  return {
    host: "wallet",
    control: [sendOtp],
    handle(req, ctx) {
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
      const cell = f.cell as string;
      const pending = otps.get(cell);
      if (!pending) return answer(ctx, msgcode, "155", "OTP missing or invalid");
      if (ctx.clock.now() > pending.expiresAt) return answer(ctx, msgcode, "102", "OTP has expired");
      if (pending.attempts >= WALLET_OTP.maxAttempts)
        return answer(ctx, msgcode, "103", "Maximum OTP attempts exceeded");
      if (!secretEquals(String(f.otp).padStart(6, "0"), pending.otp)) {
        pending.attempts += 1;
        return answer(ctx, msgcode, "101", "Invalid OTP provided");
      }
      otps.delete(cell);
      const key = `${cell}|${f.mid}`;
      const existing = tokens.get(key);
      const now = ctx.clock.now();
      const issued =
        existing && existing.expiresAt > now
          ? existing
          : { token: `WTK${randomDigits(ctx.random, 32)}`, issuedAt: now, expiresAt: now + 365 * DAY };
      tokens.set(key, issued);
      capSize(tokens, limits.maxRecords);
      return answer(ctx, msgcode, "0", "Token generated successfully", issued.token);
    },
    snapshot: () => ({
      counts: { otps: otps.size, accounts: accounts.size, tokens: tokens.size },
      accounts: Object.fromEntries(
        [...accounts].map(([cell, a]) => [cell, { createdAt: new Date(a.createdAt).toISOString() }]),
      ),
      tokens: [...tokens].map(([key, t]) => ({
        key,
        issuedAt: new Date(t.issuedAt).toISOString(),
        expiresAt: new Date(t.expiresAt).toISOString(),
      })),
    }),
    reset() {
      otps.clear();
      accounts.clear();
      tokens.clear();
    },
  };
}
