// Wallet state in memory: pending OTPs and accounts by cell, tokens by cell and merchant, each capped.
import { capSize, type StateLimits } from "../../core/bounded-store.js";
import { secretEquals } from "../../core/secret-compare.js";
import { WALLET_OTP } from "../lifetimes.js";
import type { WalletState, WalletToken } from "../types.js";
import type { SentOtps } from "./sent-otps.js";

interface PendingOtp {
  otp: string;
  expiresAt: number;
  attempts: number;
}

/**
 * Creates the wallet's state.
 *
 * @example
 * const wallet = createMemoryWalletState(DEFAULT_STATE_LIMITS, sent);
 * await wallet.sendOtp("9876543210", "123456", now + 300_000, now);
 */
export function createMemoryWalletState(
  limits: StateLimits,
  sent: SentOtps,
): WalletState & { clear(): void } {
  const otps = new Map<string, PendingOtp>();
  const accounts = new Map<string, { createdAt: number }>();
  const tokens = new Map<string, WalletToken>();
  return {
    async sendOtp(cell, otp, expiresAt, now) {
      otps.set(cell, { otp, expiresAt, attempts: 0 });
      if (!accounts.has(cell)) accounts.set(cell, { createdAt: now });
      capSize(otps, limits.maxRecords);
      capSize(accounts, limits.maxRecords);
      sent.record({ host: "wallet", identity: cell, otp, expiresAt: new Date(expiresAt).toISOString() });
    },
    async redeem(cell, mid, otp, now, fresh) {
      const pending = otps.get(cell);
      if (!pending) return "missing";
      if (now > pending.expiresAt) return "expired";
      if (pending.attempts >= WALLET_OTP.maxAttempts) return "tooManyAttempts";
      if (!secretEquals(otp, pending.otp)) {
        pending.attempts += 1;
        return "wrong";
      }
      otps.delete(cell);
      const key = `${cell}|${mid}`;
      const existing = tokens.get(key);
      const issued = existing && existing.expiresAt > now ? existing : fresh;
      tokens.set(key, issued);
      capSize(tokens, limits.maxRecords);
      return { token: issued.token };
    },
    async snapshot() {
      return {
        otps: otps.size,
        accounts: [...accounts].map(([cell, a]) => [cell, a.createdAt] as [string, number]),
        tokens: [...tokens].map(([key, t]) => [key, { ...t }] as [string, WalletToken]),
      };
    },
    clear() {
      otps.clear();
      accounts.clear();
      tokens.clear();
    },
  };
}
