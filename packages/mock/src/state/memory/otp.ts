// OTP service state in memory: requests by uuid with their lifetimes, attempts and resends.
import { BoundedStore, type StateLimits } from "../../core/bounded-store.js";
import { secretEquals } from "../../core/secret-compare.js";
import { OTP_LIMITS } from "../lifetimes.js";
import type { OtpRequest, OtpState } from "../types.js";
import type { SentOtps } from "./sent-otps.js";

/** A request lives until its code expires, or a verified one until its token validity ends. */
export const otpEndOfLife = (r: OtpRequest): number =>
  r.verified ? (r.verifiedAt ?? r.expiresAt) + OTP_LIMITS.tokenValiditySeconds * 1000 : r.expiresAt;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Creates the OTP service's state.
 *
 * @example
 * const otp = createMemoryOtpState(DEFAULT_STATE_LIMITS, new SentOtps(3_600_000));
 * await otp.send({ uuid, identity: "9876543210", otp: "123456", expiresAt: now + 300_000 }, now);
 */
export function createMemoryOtpState(limits: StateLimits, sent: SentOtps): OtpState & { clear(): void } {
  const requests = new BoundedStore<OtpRequest>(limits);
  const issue = (r: OtpRequest, now: number) => {
    requests.set(r.uuid, r, otpEndOfLife(r), now);
    sent.record(
      { host: "otp", uuid: r.uuid, identity: r.identity, otp: r.otp, expiresAt: iso(r.expiresAt) },
      now,
    );
  };
  return {
    async send({ uuid, identity, otp, expiresAt }, now) {
      const previous = requests.get(uuid, now);
      const resends = previous ? previous.resends + 1 : 0;
      issue({ uuid, identity, otp, expiresAt, attempts: 0, resends, verified: false }, now);
    },
    async resend(uuid, identity, otp, expiresAt, now) {
      const r = requests.get(uuid, now);
      if (!r) return "unknown";
      if (r.verified) return "verified";
      if (r.resends >= OTP_LIMITS.maxResends) return "limit";
      const next = { uuid, identity: identity ?? r.identity, otp, expiresAt, attempts: 0 };
      issue({ ...next, resends: r.resends + 1, verified: false }, now);
      return "resent";
    },
    async verify(uuid, otp, mobileNumber, now) {
      const r = requests.get(uuid, now);
      if (!r) return "unknown";
      if (r.verified) return "used";
      if (now > r.expiresAt) return "expired";
      if (r.attempts >= OTP_LIMITS.maxVerifyAttempts) return "tooManyAttempts";
      if (mobileNumber !== undefined && mobileNumber !== r.identity) return "wrongNumber";
      if (!secretEquals(otp, r.otp)) {
        r.attempts += 1;
        return { wrong: OTP_LIMITS.maxVerifyAttempts - r.attempts };
      }
      r.verified = true;
      r.verifiedAt = now;
      requests.extend(uuid, otpEndOfLife(r));
      return "verified";
    },
    async tokenValid(token, mobileNumber, now) {
      const r = requests.get(token, now);
      return r?.verified === true && (mobileNumber === undefined || mobileNumber === r.identity);
    },
    async sent(now) {
      sent.prune(now);
      return [...sent.list];
    },
    async snapshot(now) {
      sent.prune(now);
      return { requests: requests.values(now).map((r) => ({ ...r })), sentOtps: sent.list.length };
    },
    clear() {
      requests.clear();
    },
  };
}
