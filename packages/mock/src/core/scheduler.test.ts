import { describe, expect, it } from "vitest";
import { createClock } from "./clock.js";
import { createScheduler } from "./scheduler.js";

const START = Date.UTC(2026, 10, 23, 0, 0, 0);

function setup() {
  const clock = createClock({ realNow: () => START });
  const scheduler = createScheduler(clock, { timeFactor: 0 });
  clock.attach(scheduler);
  return { clock, scheduler };
}

describe("scheduler driven by the mock clock", () => {
  it("runs tasks in due order when the clock passes them, and not before", async () => {
    const { clock, scheduler } = setup();
    const ran: string[] = [];
    scheduler.after(9_000, () => void ran.push("9s"));
    scheduler.after(3_000, () => void ran.push("3s"));
    await clock.advance(2_999);
    expect(ran).toEqual([]);
    await clock.advance(7_000);
    expect(ran).toEqual(["3s", "9s"]);
    expect(scheduler.pending()).toBe(0);
  });

  it("runs a task scheduled by a task at its own due time within one jump", async () => {
    const { clock, scheduler } = setup();
    const ran: number[] = [];
    scheduler.after(3_000, () => {
      ran.push(clock.now() - START);
      scheduler.after(6_000, () => void ran.push(clock.now() - START));
    });
    await clock.advance(10_000);
    expect(ran).toEqual([3_000, 9_000]);
    expect(clock.now() - START).toBe(10_000);
  });

  it("cancel and clear drop tasks; a throwing task is reported, not thrown", async () => {
    const clock = createClock({ realNow: () => START });
    const errors: unknown[] = [];
    const scheduler = createScheduler(clock, { timeFactor: 0, onError: (e) => errors.push(e) });
    clock.attach(scheduler);
    const ran: string[] = [];
    const cancel = scheduler.after(1_000, () => void ran.push("cancelled"));
    scheduler.after(1_000, () => {
      throw new Error("boom");
    });
    cancel();
    await clock.advance(1_000);
    expect(ran).toEqual([]);
    expect(errors).toHaveLength(1);
    scheduler.after(5, () => void ran.push("cleared"));
    scheduler.clear();
    await clock.advance(10);
    expect(ran).toEqual([]);
  });

  it("with a time factor, runs a task after the scaled real delay without advancing the clock", async () => {
    const clock = createClock();
    const scheduler = createScheduler(clock, { timeFactor: 0.001 });
    clock.attach(scheduler);
    const done = new Promise<void>((resolve) => scheduler.after(243_000, resolve));
    await done; // 243 mock seconds = 243 real ms
    expect(scheduler.pending()).toBe(0);
  });

  it("refuses to move the clock backwards", async () => {
    const { clock } = setup();
    await expect(clock.advance(-1)).rejects.toThrow(/forward/);
  });
});
