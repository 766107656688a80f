// Runs work at a time of the mock's clock: when the clock is advanced past it, or after the scaled real delay.
import type { Clock, Scheduler } from "../types.js";

interface Task {
  id: number;
  due: number;
  run: () => void | Promise<void>;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** Options of createScheduler(). */
export interface SchedulerOptions {
  /** Real ms waited per mock ms; 1 = real time, 0.001 = a thousand times faster, 0 = only clock.advance() runs tasks. */
  timeFactor?: number;
  /** Called when a task throws; the scheduler itself never throws. */
  onError?: (error: unknown) => void;
}

/** A scheduler that the clock can drive (see createClock().attach). */
export interface MockScheduler extends Scheduler {
  /** Runs every task whose due time has passed on the clock, in due order (including tasks they schedule). */
  runDue(): Promise<void>;
  /** Due time (mock ms) of the earliest waiting task. */
  nextDue(): number | undefined;
  /** Number of tasks waiting. */
  pending(): number;
}

/**
 * Creates a scheduler on `clock`.
 *
 * @example
 * const clock = createClock();
 * const scheduler = createScheduler(clock, { timeFactor: 0.001 });
 * clock.attach(scheduler);
 * scheduler.after(3_000, () => console.log("first retry")); // runs after 3 real ms, or at clock.advance(3_000)
 */
export function createScheduler(clock: Clock, options: SchedulerOptions = {}): MockScheduler {
  const timeFactor = options.timeFactor ?? 1;
  const onError = options.onError ?? (() => {});
  const tasks = new Map<number, Task>();
  const running = new Set<Promise<void>>();
  let nextId = 1;

  const start = (task: Task): void => {
    if (!tasks.delete(task.id)) return;
    if (task.timer) clearTimeout(task.timer);
    const p = (async () => {
      try {
        await task.run();
      } catch (error) {
        onError(error);
      }
    })();
    running.add(p);
    void p.finally(() => running.delete(p));
  };

  const scheduler: MockScheduler = {
    after(delayMs, run) {
      const task: Task = { id: nextId++, due: clock.now() + Math.max(0, delayMs), run, timer: undefined };
      tasks.set(task.id, task);
      if (timeFactor > 0) {
        task.timer = setTimeout(() => start(task), Math.max(0, delayMs) * timeFactor);
        task.timer.unref?.();
      }
      return () => {
        if (task.timer) clearTimeout(task.timer);
        tasks.delete(task.id);
      };
    },
    clear() {
      for (const task of tasks.values()) if (task.timer) clearTimeout(task.timer);
      tasks.clear();
    },
    async runDue() {
      for (;;) {
        const now = clock.now();
        const due = [...tasks.values()]
          .filter((t) => t.due <= now)
          .sort((a, b) => a.due - b.due || a.id - b.id);
        if (due.length === 0) break;
        for (const task of due) start(task);
        await Promise.all([...running]);
      }
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
    nextDue() {
      let min: number | undefined;
      for (const t of tasks.values()) if (min === undefined || t.due < min) min = t.due;
      return min;
    },
    pending: () => tasks.size,
  };
  return scheduler;
}
