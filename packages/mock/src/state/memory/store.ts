// The memory store: everything the mock keeps, in this process (the default; no Redis needed).
import type { StateLimits } from "../../core/bounded-store.js";
import { createScheduler, type MockScheduler } from "../../core/scheduler.js";
import type { MockClock } from "../../types.js";
import type { MockStore } from "../types.js";
import { createMemoryAccountsState } from "./accounts.js";
import { createMemoryBbpsState } from "./bbps.js";
import { createMemoryDeliveries } from "./deliveries.js";
import { createMemoryForced } from "./forced.js";
import { createMemoryGatewayState } from "./gateway.js";
import { createMemoryJobs } from "./jobs.js";
import { createMemoryOtpState } from "./otp.js";
import { createMemoryPartnerState } from "./partner.js";
import { createMemoryPayoutState } from "./payout.js";
import { SentOtps } from "./sent-otps.js";
import { createMemoryWalletState } from "./wallet.js";

/** Options of createMemoryStore(). */
export interface MemoryStoreOptions {
  limits: StateLimits;
  /** The clock whose advance() walks the store's due jobs; its offset is forgotten on reset. */
  clock: MockClock;
  /** Real ms waited per mock ms for jobs (0: only clock.advance() runs them). */
  timeFactor: number;
  /** Called when a job throws. */
  onError?: (error: unknown) => void;
}

/**
 * Creates the memory store and attaches its scheduler to the clock.
 *
 * @example
 * const store = createMemoryStore({ limits: DEFAULT_STATE_LIMITS, clock: createClock(), timeFactor: 1 });
 * await store.bbps.status("CMP1"); // "CAPTURED"
 */
export function createMemoryStore(options: MemoryStoreOptions): MockStore & { scheduler: MockScheduler } {
  const { limits, clock } = options;
  const scheduler = createScheduler(clock, {
    timeFactor: options.timeFactor,
    ...(options.onError ? { onError: options.onError } : {}),
  });
  clock.attach(scheduler);
  const jobs = createMemoryJobs(scheduler, clock);
  const sent = new SentOtps(limits.retentionMs);
  const partner = createMemoryPartnerState(limits);
  const parts = {
    otp: createMemoryOtpState(limits, sent),
    wallet: createMemoryWalletState(limits, sent),
    accounts: createMemoryAccountsState(limits, sent),
    payout: createMemoryPayoutState(limits),
    gateway: createMemoryGatewayState(limits),
    bbps: createMemoryBbpsState(limits),
    partner,
    deliveries: createMemoryDeliveries(limits, partner, jobs),
    forced: createMemoryForced(),
  };
  return {
    kind: "memory",
    limits,
    ...parts,
    jobs,
    scheduler,
    sync: undefined,
    async reset() {
      jobs.clear();
      sent.clear();
      for (const part of Object.values(parts)) part.clear();
      clock.resetOffset();
    },
    async close() {
      jobs.clear();
    },
  };
}
