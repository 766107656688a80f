// Scheduled jobs in memory: each a task of the mock's scheduler, so clock.advance() and scaled timers run it.
import type { MockScheduler } from "../../core/scheduler.js";
import type { Clock } from "../../types.js";
import type { Job, JobQueue } from "../types.js";

/** The memory job queue; the memory deliveries schedule and cancel through it synchronously. */
export interface MemoryJobs extends JobQueue {
  /** Schedules (or replaces, by id) a job due `delayMs` after mock time `from` (default: now). */
  add(job: Job, delayMs: number, from?: number): void;
  cancel(id: string): void;
  clear(): void;
}

/**
 * Creates the job queue on `scheduler` (the clock it is attached to walks due jobs in order).
 *
 * @example
 * const jobs = createMemoryJobs(scheduler, clock);
 * jobs.start(async (job) => console.log(job.kind));
 * jobs.add({ id: "j1", kind: "hello", payload: {} }, 3_000);
 */
export function createMemoryJobs(scheduler: MockScheduler, clock: Clock): MemoryJobs {
  const cancels = new Map<string, () => void>();
  let runner: ((job: Job) => Promise<void>) | undefined;
  const add = (job: Job, delayMs: number, from?: number) => {
    cancels.get(job.id)?.();
    const due = (from ?? clock.now()) + delayMs;
    const cancel = scheduler.after(Math.max(0, due - clock.now()), () => {
      if (cancels.get(job.id) === cancel) cancels.delete(job.id);
      return runner?.(job);
    });
    cancels.set(job.id, cancel);
  };
  return {
    add,
    async schedule(job, delayMs) {
      add(job, delayMs);
    },
    start(run) {
      runner = run;
    },
    idle: () => scheduler.idle(),
    cancel(id) {
      cancels.get(id)?.();
      cancels.delete(id);
    },
    clear() {
      scheduler.clear();
      cancels.clear();
    },
  };
}
