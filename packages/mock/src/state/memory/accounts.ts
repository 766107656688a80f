// Accounts state in memory: pending sign-in codes by identity, issued user tokens by the digest of the token.
import { BoundedStore, capSize, type StateLimits } from "../../core/bounded-store.js";
import { secretEquals } from "../../core/secret-compare.js";
import { SIGN_IN } from "../lifetimes.js";
import type { AccountsState, IssuedToken } from "../types.js";
import type { SentOtps } from "./sent-otps.js";

/**
 * Creates the accounts host's state. Issued tokens past their validity plus the retention are forgotten (and no
 * longer accepted); beyond maxRecords the oldest go.
 *
 * @example
 * const accounts = createMemoryAccountsState(DEFAULT_STATE_LIMITS, sent);
 * await accounts.sendCode("9876543210", "123456", now + 600_000, now);
 */
export function createMemoryAccountsState(
  limits: StateLimits,
  sent: SentOtps,
): AccountsState & { clear(): void } {
  const codes = new Map<string, { code: string; attempts: number }>();
  const issued = new BoundedStore<IssuedToken>(limits);
  return {
    async sendCode(identity, code, listedUntil) {
      codes.set(identity, { code, attempts: 0 });
      capSize(codes, limits.maxRecords);
      sent.record({ host: "accounts", identity, otp: code, expiresAt: new Date(listedUntil).toISOString() });
    },
    async verify(identity, code, now, digest, issue) {
      const entry = codes.get(identity);
      if (entry && entry.attempts >= SIGN_IN.maxAttempts) return "locked";
      if (!entry || !secretEquals(code, entry.code)) {
        if (entry) entry.attempts += 1;
        return "invalid";
      }
      codes.delete(identity);
      issued.set(digest, { ...issue, scopes: [...issue.scopes] }, issue.expiresAt, now);
      return "issued";
    },
    async grant(digest, now) {
      const t = issued.get(digest, now);
      return t && { scopes: [...t.scopes], expiresAt: t.expiresAt };
    },
    async snapshot(now) {
      return { pending: [...codes.keys()], issued: issued.values(now).map((t) => ({ ...t })) };
    },
    clear() {
      codes.clear();
      issued.clear();
    },
  };
}
