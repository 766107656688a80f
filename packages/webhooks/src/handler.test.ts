import { webhookSignature } from "@pgi/signing";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  CallbackFailedError,
  ClaimLostError,
  ConfigurationError,
  LateFailureError,
  RawBodyRequiredError,
  StoreUnavailableError,
  type WebhookError,
} from "./errors.js";
import type { MerchantStatusWebhook } from "./generated/contract.js";
import { createWebhookHandler, type WebhookHandlerOptions } from "./handler.js";
import { createMemoryStore } from "./memory-store.js";
import { duplicateKey, RETRY_WINDOW_MS } from "./payload.js";
import type { DedupStore } from "./store.js";

const SECRET = "test-webhook-secret";
const EVENT = {
  previous_status: "Received",
  current_status: "Declined",
  change_timestamp: 1754978400,
  mid: 8000051,
  merchant_uuid: "11eb-de10-3a450888-a354-a483e7015be5",
  event_name: "SIGNED_AUTHORISATION_LETTER status update",
  error: "Unsigned letter",
  remarks: "Upload a signed letter",
};
const signed = (payload: object = EVENT) => webhookSignature.sign(payload as never, SECRET);
const handlerWith = (options: Partial<WebhookHandlerOptions> = {}) =>
  createWebhookHandler({ secret: SECRET, onEvent: () => {}, ...options });
const tick = () => new Promise((r) => setImmediate(r));

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the raw body", () => {
  it.each([
    ["the parsed event", EVENT],
    ["an array", [EVENT]],
    ["a number", 42],
    ["null", null],
    ["undefined", undefined],
  ])(
    "%s is answered raw_body_required (not internal_error) and reported as RawBodyRequiredError",
    async (_name, value) => {
      const errors: WebhookError[] = [];
      const onEvent = vi.fn();
      const handler = handlerWith({ onEvent, onError: (e) => void errors.push(e) });
      const answer = await handler.handle(value as never, signed().digest);
      expect(answer).toEqual({
        status: 500,
        body: { ok: false, error: "raw_body_required", message: expect.stringMatching(/raw bytes/) },
      });
      expect(errors).toHaveLength(1);
      expect(errors[0]).toBeInstanceOf(RawBodyRequiredError);
      expect(errors[0]?.message).toMatch(/before any JSON body parser/);
      expect(onEvent).not.toHaveBeenCalled();
    },
  );

  it("bytes in an ArrayBuffer or a typed-array view are raw bodies", async () => {
    const { body, digest } = signed();
    const bytes = new TextEncoder().encode(body);
    const handler = handlerWith();
    expect(await handler.handle(bytes.buffer as never, digest)).toEqual({ status: 200, body: { ok: true } });
    const view = new DataView(new Uint8Array([32, ...bytes]).buffer, 1);
    expect(await handler.handle(view as never, digest)).toEqual({
      status: 200,
      body: { ok: true, duplicate: true },
    });
  });
});

describe("verification and validation", () => {
  it("verifies, validates and calls back once; a duplicate is answered 200 without a second call", async () => {
    const seen: MerchantStatusWebhook[] = [];
    const handler = handlerWith({ onEvent: (e) => void seen.push(e) });
    const { body, digest } = signed();
    expect(await handler.handle(body, digest)).toEqual({ status: 200, body: { ok: true } });
    expect(await handler.handle(Buffer.from(body), digest)).toEqual({
      status: 200,
      body: { ok: true, duplicate: true },
    });
    expect(seen).toEqual([EVENT]);
  });

  const { body, digest } = signed();
  const other = webhookSignature.sign(EVENT, "another-secret").digest;
  it.each([
    ["no header", body, undefined, 401, "missing_signature"],
    ["a null header", body, null, 401, "missing_signature"],
    ["a blank header", body, "  ", 401, "missing_signature"],
    ["a header that is not hex", body, "not-hex", 400, "malformed_signature"],
    ["a header one digit short", body, digest.slice(1), 400, "malformed_signature"],
    ["a digest of zeros", body, "0".repeat(64), 401, "invalid_signature"],
    ["a digest made with another secret", body, other, 401, "invalid_signature"],
    ["a changed value", body.replace("Declined", "Approved"), digest, 401, "invalid_signature"],
    ["a body that is not JSON", "status=Approved", digest, 400, "invalid_body"],
    ["a nested object", JSON.stringify({ ...EVENT, extra: { a: 1 } }), digest, 400, "invalid_body"],
  ])("%s gets %i %s", async (_n, given, signature, status, error) => {
    const onEvent = vi.fn();
    const answer = await handlerWith({ onEvent }).handle(given, signature);
    expect([answer.status, answer.body.error]).toEqual([status, error]);
    expect(answer.body.message).toMatch(/^(header Authorization|body): /);
    expect(onEvent).not.toHaveBeenCalled();
  });

  it("verifies the raw body's canonical form: spacing and key order are irrelevant", async () => {
    const { body, digest } = signed();
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(EVENT).reverse()), null, 2);
    expect(reordered).not.toBe(body);
    expect((await handlerWith().handle(reordered, digest)).status).toBe(200);
  });

  it("an uppercase hex digest is accepted", async () => {
    const { body, digest } = signed();
    expect((await handlerWith().handle(body, digest.toUpperCase())).status).toBe(200);
  });

  it("a signed payload breaking the schema gets 400 naming each field and rule", async () => {
    const { remarks: _r, ...rest } = EVENT;
    const { body, digest } = signed({ ...rest, mid: "8000051", merchant_uuid: "" });
    const answer = await handlerWith().handle(body, digest);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("invalid_payload");
    expect(answer.body.violations).toEqual(
      expect.arrayContaining([
        "/remarks: is required",
        "/mid: must be integer",
        "/merchant_uuid: must NOT have fewer than 1 characters",
      ]),
    );
  });

  it("hands onEvent the duplicate key and the raw body, whose integers keep every digit", async () => {
    const metas: unknown[] = [];
    const raw = JSON.stringify(EVENT).replace('"mid":8000051', '"mid":12345678901234567890');
    const { digest } = webhookSignature.sign(raw, SECRET);
    const handler = handlerWith({ onEvent: (_e, meta) => void metas.push(meta) });
    expect((await handler.handle(new TextEncoder().encode(raw), digest)).status).toBe(200);
    expect(metas).toEqual([{ key: duplicateKey(EVENT), rawBody: raw }]);
  });

  it("keeps fields the spec does not list, even ones named status or body", async () => {
    const seen: MerchantStatusWebhook[] = [];
    const { body, digest } = signed({ ...EVENT, status: "x", body: "y" });
    expect((await handlerWith({ onEvent: (e) => void seen.push(e) }).handle(body, digest)).status).toBe(200);
    expect(seen[0]).toMatchObject({ status: "x", body: "y" });
  });

  it("property: any signed valid payload is processed once; any single changed string value is refused", () =>
    fc.assert(
      fc.asyncProperty(
        fc.record({
          previous_status: fc.string(),
          current_status: fc.string(),
          change_timestamp: fc.nat(),
          mid: fc.integer({ min: -(2 ** 31), max: 2 ** 31 }),
          merchant_uuid: fc.string({ minLength: 1 }),
          event_name: fc.string({ minLength: 1 }),
          error: fc.string(),
          remarks: fc.string(),
        }),
        fc.constantFrom("previous_status", "current_status", "error", "remarks", "event_name"),
        fc.string({ minLength: 1 }),
        async (payload, field, suffix) => {
          let calls = 0;
          const handler = handlerWith({ onEvent: () => void calls++ });
          const { body, digest } = signed(payload);
          const changed = JSON.stringify({ ...payload, [field]: payload[field] + suffix });
          expect((await handler.handle(changed, digest)).status).toBe(401);
          expect((await handler.handle(body, digest)).status).toBe(200);
          expect(await handler.handle(body, digest)).toEqual({
            status: 200,
            body: { ok: true, duplicate: true },
          });
          expect(calls).toBe(1);
        },
      ),
      { numRuns: 100 },
    ));
});

describe("callback failures and the acknowledgement deadline", () => {
  it("a throwing callback answers 500 without its message, tells onError, and the retry is processed", async () => {
    let calls = 0;
    const errors: WebhookError[] = [];
    const handler = handlerWith({
      onEvent: () => {
        if (++calls === 1) throw new Error("database password=hunter2 rejected");
      },
      onError: (e) => void errors.push(e),
    });
    const { body, digest } = signed();
    const failed = await handler.handle(body, digest);
    expect([failed.status, failed.body.error]).toEqual([500, "callback_failed"]);
    expect(JSON.stringify(failed)).not.toContain("hunter2");
    expect(errors[0]).toBeInstanceOf(CallbackFailedError);
    expect(String((errors[0]?.cause as Error | undefined)?.message)).toContain("database");
    expect((await handler.handle(body, digest)).status).toBe(200);
    expect(calls).toBe(2);
  });

  it("work outlasting ackAfterMs is acknowledged, renewed past its lease, not run twice by a retry, then done", async () => {
    vi.useFakeTimers();
    let finish: () => void = () => {};
    let calls = 0;
    const handler = handlerWith({
      ackAfterMs: 50,
      claimLeaseMs: 300,
      onEvent: () => {
        calls++;
        return new Promise<void>((r) => {
          finish = r;
        });
      },
    });
    const { body, digest } = signed();
    const first = handler.handle(body, digest);
    await vi.advanceTimersByTimeAsync(50);
    expect(await first).toEqual({ status: 200, body: { ok: true } });
    await vi.advanceTimersByTimeAsync(3_000); // ten leases: alive only because the heartbeat renews it
    expect((await handler.handle(body, digest)).body.error).toBe("in_progress");
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(await handler.handle(body, digest)).toEqual({ status: 200, body: { ok: true, duplicate: true } });
    expect(calls).toBe(1);
  });

  it("a retry while the first attempt processes is 409; when the first then fails, the next retry processes it", async () => {
    let fail: (e: Error) => void = () => {};
    let calls = 0;
    const handler = handlerWith({
      onEvent: () => {
        calls++;
        if (calls === 1) return new Promise<void>((_r, reject) => (fail = reject));
      },
    });
    const { body, digest } = signed();
    const first = handler.handle(body, digest);
    await tick();
    expect((await handler.handle(body, digest)).status).toBe(409);
    fail(new Error("downstream timeout"));
    expect((await first).status).toBe(500);
    expect((await handler.handle(body, digest)).status).toBe(200);
    expect(calls).toBe(2);
  });

  it("a late failure after the early 200 reaches onLateFailure with the event and frees the key", async () => {
    const late: [string, WebhookError][] = [];
    let fail: (e: Error) => void = () => {};
    let calls = 0;
    const handler = handlerWith({
      ackAfterMs: 0,
      onEvent: () => {
        calls++;
        if (calls === 1) return new Promise<void>((_r, reject) => (fail = reject));
      },
      onLateFailure: (event, error) => void late.push([event.merchant_uuid, error]),
    });
    const { body, digest } = signed();
    expect((await handler.handle(body, digest)).status).toBe(200);
    fail(new Error("queue full"));
    for (let i = 0; i < 10 && late.length === 0; i++) await tick();
    expect(late[0]?.[0]).toBe(EVENT.merchant_uuid);
    expect(late[0]?.[1]).toBeInstanceOf(LateFailureError);
    expect(late[0]?.[1].message).toContain(duplicateKey(EVENT));
    // A redelivery (say the 200 was lost on the way) is processed, not taken for a duplicate.
    expect((await handler.handle(body, digest)).status).toBe(200);
    expect(calls).toBe(2);
  });

  it("without onLateFailure the late failure is written to stderr; a throwing hook does not escape", async () => {
    const stderr = vi.spyOn(console, "error").mockImplementation(() => {});
    const { body, digest } = signed();
    const cases = [
      [undefined, /after the delivery was acknowledged/],
      [() => Promise.reject(new Error("hook broken")), /onLateFailure failed: hook broken/],
      [
        () => {
          throw new Error("hook threw");
        },
        /onLateFailure failed: hook threw/,
      ],
    ] as const;
    for (const [onLateFailure, want] of cases) {
      stderr.mockClear();
      let fail: (e: Error) => void = () => {};
      const handler = handlerWith({
        ackAfterMs: 0,
        onEvent: () => new Promise<void>((_r, reject) => (fail = reject)),
        ...(onLateFailure ? { onLateFailure } : {}),
      });
      expect((await handler.handle(body, digest)).status).toBe(200);
      fail(new Error("x"));
      for (let i = 0; i < 10 && stderr.mock.calls.length === 0; i++) await tick();
      expect(String(stderr.mock.calls[0]?.[0])).toMatch(want);
    }
  });
});

describe("the de-duplication store", () => {
  const broken = (fails: keyof DedupStore): DedupStore => {
    const inner = createMemoryStore();
    return {
      claim: (k, l) => (fails === "claim" ? Promise.reject(new Error("ECONNREFUSED")) : inner.claim(k, l)),
      renew: (k, t, l) => inner.renew(k, t, l),
      complete: (k, t, ttl) =>
        fails === "complete" ? Promise.reject(new Error("ECONNRESET")) : inner.complete(k, t, ttl),
      release: (k, t) => inner.release(k, t),
    };
  };

  it.each([
    ["claim", 503, "store_unavailable", 0],
    ["complete", 200, undefined, 1],
  ] as const)("a store failing on %s answers %i and tells onError", async (fails, status, error, calls) => {
    const errors: WebhookError[] = [];
    const onEvent = vi.fn();
    const handler = handlerWith({ store: broken(fails), onEvent, onError: (e) => void errors.push(e) });
    const answer = await handler.handle(signed().body, signed().digest);
    expect([answer.status, answer.body.error]).toEqual([status, error]);
    expect(onEvent).toHaveBeenCalledTimes(calls);
    expect(errors[0]).toBeInstanceOf(StoreUnavailableError);
    expect((errors[0] as StoreUnavailableError).operation).toBe(fails);
  });

  it("a store call that hangs counts as unreachable after storeTimeoutMs: 503", async () => {
    vi.useFakeTimers();
    const errors: WebhookError[] = [];
    const onEvent = vi.fn();
    const handler = handlerWith({
      store: { ...createMemoryStore(), claim: () => new Promise(() => {}) },
      storeTimeoutMs: 1_000,
      onEvent,
      onError: (e) => void errors.push(e),
    });
    const answer = handler.handle(signed().body, signed().digest);
    await vi.advanceTimersByTimeAsync(1_000);
    expect((await answer).status).toBe(503);
    expect(String((errors[0]?.cause as Error | undefined)?.message)).toBe("no answer within 1000 ms");
    expect(onEvent).not.toHaveBeenCalled();
  });

  it("a dead instance's claim blocks retries (409) only until its lease runs out", async () => {
    let now = 0;
    const store = createMemoryStore({ now: () => now });
    const calls = vi.fn();
    const handler = handlerWith({ store, claimLeaseMs: 30_000, onEvent: calls });
    await store.claim(duplicateKey(EVENT), 30_000); // claimed by an instance that then died
    const { body, digest } = signed();
    expect((await handler.handle(body, digest)).status).toBe(409);
    now += 30_001;
    expect((await handler.handle(body, digest)).status).toBe(200);
    expect(calls).toHaveBeenCalledTimes(1);
  });

  it("a claim lost while onEvent runs is reported as ClaimLostError", async () => {
    vi.useFakeTimers();
    const inner = createMemoryStore();
    const errors: WebhookError[] = [];
    let finish: () => void = () => {};
    const handler = handlerWith({
      store: { ...inner, renew: async () => false },
      ackAfterMs: 0,
      claimLeaseMs: 30,
      onEvent: () => new Promise<void>((r) => (finish = r)),
      onError: (e) => void errors.push(e),
    });
    const answer = handler.handle(signed().body, signed().digest);
    await vi.advanceTimersByTimeAsync(20);
    expect((await answer).status).toBe(200);
    expect(errors.map((e) => e.constructor)).toEqual([ClaimLostError]);
    finish();
  });

  it("a renew that throws synchronously is reported, not thrown out of a timer", async () => {
    vi.useFakeTimers();
    const inner = createMemoryStore();
    const errors: WebhookError[] = [];
    let finish: () => void = () => {};
    const handler = handlerWith({
      store: {
        ...inner,
        renew: () => {
          throw new Error("client closed");
        },
      },
      ackAfterMs: 0,
      claimLeaseMs: 30,
      onEvent: () => new Promise<void>((r) => (finish = r)),
      onError: (e) => void errors.push(e),
    });
    const answer = handler.handle(signed().body, signed().digest);
    await vi.advanceTimersByTimeAsync(25);
    expect((await answer).status).toBe(200);
    expect(errors.length).toBeGreaterThanOrEqual(1);
    expect(errors.every((e) => e instanceof StoreUnavailableError && e.operation === "renew")).toBe(true);
    finish();
  });

  it("keys by the spec's duplicate key and remembers at least the whole retry window", () => {
    expect(duplicateKey(EVENT)).toBe(JSON.stringify([EVENT.merchant_uuid, 1754978400, EVENT.event_name]));
    // Values holding what a joined key would use as a separator still make different keys.
    const a = { ...EVENT, merchant_uuid: "x|5|y", change_timestamp: 7, event_name: "z" };
    const b = { ...EVENT, merchant_uuid: "x", change_timestamp: 5, event_name: "y|7|z" };
    expect(duplicateKey(a)).not.toBe(duplicateKey(b));
    expect(RETRY_WINDOW_MS).toBe((3 + 9 + 27 + 81 + 243 + 30 * 6) * 1000);
  });

  it("a done marker outlives a dedupTtlMs shorter than the retry window", async () => {
    let now = 0;
    const store = createMemoryStore({ now: () => now });
    const handler = handlerWith({ store, dedupTtlMs: 1 });
    const { body, digest } = signed();
    await handler.handle(body, digest);
    now += RETRY_WINDOW_MS - 1;
    expect((await handler.handle(body, digest)).body.duplicate).toBe(true);
    now += 2;
    expect((await handler.handle(body, digest)).body.duplicate).toBeUndefined();
  });
});

describe("options", () => {
  it.each([
    ["secret", { secret: "" }, /^secret: is required/],
    ["onEvent", { onEvent: "save" as never }, /^onEvent: must be a function/],
    ["ackAfterMs at the sender's limit", { ackAfterMs: 30_000 }, /^ackAfterMs: .*under 30000/],
    ["negative ackAfterMs", { ackAfterMs: -1 }, /^ackAfterMs: /],
    ["NaN claimLeaseMs", { claimLeaseMs: Number.NaN }, /^claimLeaseMs: must be a number of ms at least 10/],
    ["the old name leaseMs", { leaseMs: 5_000 } as never, /^leaseMs: was renamed claimLeaseMs/],
    ["negative dedupTtlMs", { dedupTtlMs: -5 }, /^dedupTtlMs: /],
    [
      "a store without renew",
      { store: { claim: async () => ({ state: "done" }) } as never },
      /^store\.renew: must be a function/,
    ],
  ])("refuses %s, naming the option and the rule", (_n, given, message) => {
    const build = () => createWebhookHandler({ secret: SECRET, onEvent: () => {}, ...given });
    expect(build).toThrow(ConfigurationError);
    expect(build).toThrow(message);
  });
});
