// The mock's clock: real time (or a fixed start in tests) plus an offset that the control API moves forward.
import type { MockClock, Scheduler } from "../types.js";

/** Options of createClock(). */
export interface ClockOptions {
  /** Source of real time in ms; default Date.now. Tests pass a fixed value to make the clock fully manual. */
  realNow?: () => number;
}

export type { MockClock } from "../types.js";

/**
 * Creates the mock's clock.
 *
 * @example
 * const clock = createClock({ realNow: () => Date.UTC(2026, 10, 23) });
 * await clock.advance(3_000); // three mock seconds later; due tasks have run, each at its own due time
 */
export function createClock(options: ClockOptions = {}): MockClock {
  const realNow = options.realNow ?? Date.now;
  let offsetMs = 0;
  let scheduler: (Scheduler & { runDue(): Promise<void>; nextDue(): number | undefined }) | undefined;
  const now = () => realNow() + offsetMs;
  return {
    now,
    // Steps through each due time, as fake timers do, so a task scheduled by a task (a retry after a failed
    // attempt) is measured from when its parent ran, not from the end of the jump.
    async advance(ms: number) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`clock can only move forward; got ${ms} ms`);
      const target = now() + ms;
      for (;;) {
        const next = scheduler?.nextDue();
        if (next === undefined || next > target) break;
        if (next > now()) offsetMs += next - now();
        await scheduler?.runDue();
      }
      if (target > now()) offsetMs += target - now();
      await scheduler?.runDue();
    },
    attach(s) {
      scheduler = s;
    },
    offset: () => offsetMs,
    resetOffset() {
      offsetMs = 0;
    },
  };
}
