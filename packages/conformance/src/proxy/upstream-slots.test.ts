import { afterEach, describe, expect, it, vi } from "vitest";
import { type Release, UpstreamSlots } from "./upstream-slots.js";

afterEach(() => {
  vi.useRealTimers();
});

describe("UpstreamSlots", () => {
  it("gives `connections` slots per origin at once, and each origin its own", () => {
    const slots = new UpstreamSlots({ connections: 2, queueLimit: 1, queueTimeoutMs: 100 });
    expect(slots.tryAcquire("a")).toBeTypeOf("function");
    expect(slots.tryAcquire("a")).toBeTypeOf("function");
    expect(slots.tryAcquire("a")).toBeUndefined();
    expect(slots.tryAcquire("b")).toBeTypeOf("function");
  });

  it("hands a freed slot to the first waiter; a second release of the same slot frees nothing", async () => {
    const slots = new UpstreamSlots({ connections: 1, queueLimit: 2, queueTimeoutMs: 1000 });
    const first = slots.tryAcquire("a") as Release;
    const waiting = slots.acquire("a");
    first();
    first();
    const second = await waiting;
    expect(second).toBeTypeOf("function");
    expect(slots.tryAcquire("a")).toBeUndefined();
    (second as Release)();
    expect(slots.tryAcquire("a")).toBeTypeOf("function");
  });

  it("refuses at once past the queue bound, and after the wait bound", async () => {
    vi.useFakeTimers();
    const slots = new UpstreamSlots({ connections: 1, queueLimit: 1, queueTimeoutMs: 500 });
    slots.tryAcquire("h:1");
    const queued = slots.acquire("h:1");
    expect(await slots.acquire("h:1")).toBe(
      "all 1 connections to h:1 are busy and 1 request(s) already waiting",
    );
    vi.advanceTimersByTime(500);
    expect(await queued).toBe("all 1 connections to h:1 were busy for 500 ms");
  });

  it("refuses the waiting and later requests once closed", async () => {
    const slots = new UpstreamSlots({ connections: 1, queueLimit: 1, queueTimeoutMs: 10_000 });
    slots.tryAcquire("a");
    const queued = slots.acquire("a");
    slots.close();
    expect(await queued).toBe("the proxy is closing");
    expect(await slots.acquire("b")).toBe("the proxy is closing");
  });
});
