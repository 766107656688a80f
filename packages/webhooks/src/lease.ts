// A held claim: renewed while onEvent runs, then completed (retried until recorded) or released (retried, else the
// lease runs out). Every store call is bounded by a timeout; failures go to the logger hook, never thrown.
import { ClaimLostError, StoreUnavailableError, type WebhookError } from "./errors.js";
import type { DedupStore } from "./store.js";

/** What a lease needs from the handler's options. */
export interface LeaseSettings {
  store: DedupStore;
  claimLeaseMs: number;
  dedupTtlMs: number;
  storeTimeoutMs: number;
  /** How long to keep trying to record a completed event (the sender's retry window). */
  completeForMs: number;
}

/** A claim held by this instance. */
export interface Lease {
  /** Records the event done; resolves true once recorded, false if the first try failed (retried in background). */
  complete(): Promise<boolean>;
  /** Gives the claim up so a retry can process the event; a failed release is retried, then left to the lease. */
  release(): Promise<void>;
}

/**
 * Settles like `call()`, or rejects when it takes more than `ms` (a hung connection is an unreachable store).
 *
 * @example
 * await within(5_000, () => store.claim(key, 10_000));
 */
export function within<T>(ms: number, call: () => Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([Promise.resolve().then(call), late]).finally(() => clearTimeout(timer));
}

const RELEASE_TRIES = 3;

/**
 * Starts renewing the claim on `key` held with `token` every third of the lease, until completed or released.
 *
 * @example
 * const lease = holdLease(key, claim.token, settings, report);
 * try { await onEvent(event); await lease.complete(); } catch { await lease.release(); }
 */
export function holdLease(
  key: string,
  token: string,
  s: LeaseSettings,
  report: (error: WebhookError) => void,
): Lease {
  const every = Math.max(1, Math.floor(s.claimLeaseMs / 3));
  const call = <T>(f: () => Promise<T>) => within(s.storeTimeoutMs, f);
  let beating = true;
  let finished = false; // onEvent is done; only the done record is missing
  const beat = setInterval(() => {
    call(() => s.store.renew(key, token, s.claimLeaseMs)).then(
      (held) => {
        if (!held && beating) {
          stop();
          // After onEvent, a "lost" claim is most often a done record that timed out yet was applied.
          if (!finished) report(new ClaimLostError(key));
        }
      },
      (cause) => {
        if (beating) report(new StoreUnavailableError(key, "renew", cause));
      },
    );
  }, every);
  beat.unref?.();
  const stop = () => {
    beating = false;
    clearInterval(beat);
  };
  /** Tries `attempt` up to `tries` more times, `every` ms apart, until it succeeds; then `exhausted()`. */
  const later = (attempt: () => Promise<boolean>, tries: number, exhausted: () => void) => {
    let left = tries;
    const again = () => {
      if (left-- <= 0) return exhausted();
      setTimeout(() => attempt().then((ok) => ok || again()), every).unref?.();
    };
    again();
  };

  return {
    async complete() {
      let cause: unknown;
      const once = () =>
        call(() => s.store.complete(key, token, s.dedupTtlMs)).then(
          () => {
            stop();
            return true;
          },
          (error) => {
            cause = error;
            return false;
          },
        );
      finished = true;
      if (await once()) return true;
      // Processed but not recorded: keep the lease (retries meet 409, not a second run) and record it when possible.
      report(new StoreUnavailableError(key, "complete", cause));
      later(once, Math.ceil(s.completeForMs / every), () => {
        stop();
        report(new StoreUnavailableError(key, "complete", cause));
      });
      return false;
    },
    async release() {
      stop();
      const once = () =>
        call(() => s.store.release(key, token)).then(
          () => true,
          (cause) => {
            report(new StoreUnavailableError(key, "release", cause));
            return false;
          },
        );
      // Not released after every try: the lease (no longer renewed) runs out and a later retry processes it.
      if (!(await once())) later(once, RELEASE_TRIES - 1, () => {});
    },
  };
}
