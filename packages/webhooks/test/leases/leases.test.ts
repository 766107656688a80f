// Leased claims through the handler: the default lease, renewal after the early 200, failed releases and completes.
import { webhookSignature } from "@pgi/signing";
import { afterEach, describe, expect, it, vi } from "vitest";
import { StoreUnavailableError, type WebhookError } from "../../src/errors.js";
import { createWebhookHandler, type WebhookHandlerOptions } from "../../src/handler.js";
import { createMemoryStore } from "../../src/memory-store.js";
import type { DedupStore } from "../../src/store.js";

const SECRET = "lease-secret";
const { body, digest } = webhookSignature.sign(
  {
    previous_status: "Pending",
    current_status: "Approved",
    change_timestamp: 1754978400,
    mid: 1,
    merchant_uuid: "m-lease",
    event_name: "Website status update",
    error: "NA",
    remarks: "NA",
  },
  SECRET,
);
const handlerWith = (o: Partial<WebhookHandlerOptions>) =>
  createWebhookHandler({ secret: SECRET, onEvent: () => {}, ...o });

/** A memory store on a fake clock whose `fails` method rejects the first `times` calls. */
function flaky(fails: "release" | "complete", times: number) {
  const inner = createMemoryStore({ now: () => Date.now() });
  const calls = { release: 0, complete: 0 };
  const store: DedupStore = {
    ...inner,
    release: (k, t) =>
      ++calls.release <= (fails === "release" ? times : 0)
        ? Promise.reject(new Error("ECONNRESET"))
        : inner.release(k, t),
    complete: (k, t, ttl) =>
      ++calls.complete <= (fails === "complete" ? times : 0)
        ? Promise.reject(new Error("ECONNRESET"))
        : inner.complete(k, t, ttl),
  };
  return { store, calls };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("claims are leases", () => {
  it("a claim is a lease of 10 s by default, not the whole retry window", async () => {
    const store = createMemoryStore();
    const claim = vi.spyOn(store, "claim");
    await handlerWith({ store }).handle(body, digest);
    expect(claim).toHaveBeenCalledWith(expect.any(String), 10_000);
  });

  it("a dead instance's event is processed by the first redelivery after its lease", async () => {
    vi.useFakeTimers();
    const store = createMemoryStore({ now: () => Date.now() });
    let calls = 0;
    // Instance a claims the event and its callback never ends (the process died): nothing renews its claim.
    const a = handlerWith({ store, ackAfterMs: 29_000, onEvent: () => new Promise(() => {}) });
    void a.handle(body, digest);
    await vi.advanceTimersByTimeAsync(0);
    const b = handlerWith({ store, onEvent: () => void calls++ });
    expect((await b.handle(body, digest)).status).toBe(409);
    // The sender's retries come after 3 s and 9 s more; a's timers are gone with it, so stop them here.
    vi.clearAllTimers();
    await vi.advanceTimersByTimeAsync(3_000);
    expect((await b.handle(body, digest)).status).toBe(409);
    await vi.advanceTimersByTimeAsync(9_000);
    expect((await b.handle(body, digest)).status).toBe(200);
    expect(calls).toBe(1);
  });

  it("a failed release is retried, so the next retry processes the event without waiting for the lease", async () => {
    vi.useFakeTimers();
    const { store, calls } = flaky("release", 1);
    const errors: WebhookError[] = [];
    let runs = 0;
    const handler = handlerWith({
      store,
      onError: (e) => void errors.push(e),
      onEvent: () => {
        if (++runs === 1) throw new Error("db down");
      },
    });
    expect((await handler.handle(body, digest)).body.error).toBe("callback_failed");
    expect(errors.some((e) => e instanceof StoreUnavailableError && e.operation === "release")).toBe(true);
    await vi.advanceTimersByTimeAsync(3_400); // one third of the lease: the release is tried again
    expect(calls.release).toBe(2);
    expect((await handler.handle(body, digest)).status).toBe(200);
    expect(runs).toBe(2);
  });

  it("a release failing every time is left to the lease: a retry after it processes the event", async () => {
    vi.useFakeTimers();
    const { store } = flaky("release", 99);
    let runs = 0;
    const handler = handlerWith({
      store,
      onEvent: () => {
        if (++runs === 1) throw new Error("db down");
      },
    });
    expect((await handler.handle(body, digest)).status).toBe(500);
    await vi.advanceTimersByTimeAsync(3_000);
    expect((await handler.handle(body, digest)).status).toBe(409);
    await vi.advanceTimersByTimeAsync(9_000);
    expect((await handler.handle(body, digest)).status).toBe(200);
    expect(runs).toBe(2);
  });

  it("a completed event whose record failed keeps its lease: duplicates get 409, never a second run, then 200", async () => {
    vi.useFakeTimers();
    const { store, calls } = flaky("complete", 2);
    let runs = 0;
    const handler = handlerWith({ store, onEvent: () => void runs++ });
    expect(await handler.handle(body, digest)).toEqual({ status: 200, body: { ok: true } });
    await vi.advanceTimersByTimeAsync(30_000); // three leases: alive because it is still renewed
    expect(calls.complete).toBe(3);
    expect((await handler.handle(body, digest)).body).toEqual({ ok: true, duplicate: true });
    expect(runs).toBe(1);
  });

  it("the lease is renewed after the early 200 until onEvent finishes; only then is the event done", async () => {
    vi.useFakeTimers();
    let finish: () => void = () => {};
    let runs = 0;
    const handler = handlerWith({
      ackAfterMs: 1_000,
      onEvent: () => {
        runs++;
        return new Promise<void>((r) => (finish = r));
      },
      store: createMemoryStore({ now: () => Date.now() }),
    });
    const first = handler.handle(body, digest);
    await vi.advanceTimersByTimeAsync(1_000);
    expect((await first).status).toBe(200);
    await vi.advanceTimersByTimeAsync(60_000);
    expect((await handler.handle(body, digest)).status).toBe(409);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect((await handler.handle(body, digest)).body.duplicate).toBe(true);
    expect(runs).toBe(1);
  });
});
