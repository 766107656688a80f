// The codes the mock "sent" in memory (OTP service, wallet, accounts), for GET /__mock/otps: capped and pruned.
import { MAX_SENT_OTPS } from "../lifetimes.js";
import type { SentOtp } from "../types.js";

/** Sent codes, oldest first; the oldest go beyond MAX_SENT_OTPS, and codes past their expiry plus the retention. */
export class SentOtps {
  readonly list: SentOtp[] = [];

  constructor(private readonly retentionMs: number) {}

  /** Records a code; with `now`, also drops codes past their expiry plus the retention. */
  record(entry: SentOtp, now?: number): void {
    this.list.push(entry);
    if (this.list.length > MAX_SENT_OTPS) this.list.splice(0, this.list.length - MAX_SENT_OTPS);
    if (now !== undefined) this.prune(now);
  }

  prune(now: number): void {
    const kept = this.list.filter((s) => Date.parse(s.expiresAt) + this.retentionMs >= now);
    if (kept.length !== this.list.length) this.list.splice(0, this.list.length, ...kept);
  }

  clear(): void {
    this.list.length = 0;
  }
}
