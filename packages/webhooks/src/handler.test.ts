import { webhookSignature } from "@pgi/signing";
import { describe, expect, it } from "vitest";
import type { MerchantStatusWebhook } from "./generated/contract.js";
import { createWebhookHandler, duplicateKey, RETRY_WINDOW_MS } from "./handler.js";
import { createMemoryStore } from "./memory-store.js";

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
const signed = (payload: object = EVENT) => {
  const { body, digest } = webhookSignature.sign(payload as never, SECRET);
  return { body, digest };
};

describe("webhook handler", () => {
  it("verifies, validates and calls back once; a duplicate is answered 200 without a second call", async () => {
    const seen: MerchantStatusWebhook[] = [];
    const handler = createWebhookHandler({ secret: SECRET, onEvent: (e) => void seen.push(e) });
    const { body, digest } = signed();
    expect(await handler.handle(body, digest)).toEqual({ status: 200, body: { ok: true } });
    expect(await handler.handle(body, digest)).toEqual({ status: 200, body: { ok: true, duplicate: true } });
    expect(seen).toEqual([EVENT]);
  });

  it.each([
    ["no signature", 401, "missing_signature", undefined],
    ["a malformed signature", 400, "malformed_signature", "not-hex"],
    ["a wrong signature", 401, "invalid_signature", "0".repeat(64)],
  ])("%s gets %i %s", async (_n, status, error, signature) => {
    const handler = createWebhookHandler({ secret: SECRET, onEvent: () => {} });
    const answer = await handler.handle(signed().body, signature);
    expect([answer.status, answer.body.error]).toEqual([status, error]);
  });

  it("verifies over the raw body: spacing is irrelevant, any changed value fails", async () => {
    const handler = createWebhookHandler({ secret: SECRET, onEvent: () => {} });
    const { body, digest } = signed();
    const spaced = JSON.stringify(JSON.parse(body), null, 2);
    // The canonical form ignores whitespace, so spacing verifies; a changed value does not.
    expect((await handler.handle(spaced, digest)).status).toBe(200);
    const other = createWebhookHandler({ secret: SECRET, onEvent: () => {} });
    expect((await other.handle(body.replace("Declined", "Approved"), digest)).status).toBe(401);
  });

  it("a payload breaking the schema gets 400 naming each field and rule", async () => {
    const handler = createWebhookHandler({ secret: SECRET, onEvent: () => {} });
    const { remarks: _r, ...rest } = EVENT;
    const { body, digest } = signed({ ...rest, mid: "8000051" });
    const answer = await handler.handle(body, digest);
    expect(answer.status).toBe(400);
    expect(answer.body.violations).toEqual(
      expect.arrayContaining(["/remarks: is required", "/mid: must be integer"]),
    );
  });

  it("a throwing callback answers 500 and the retry is processed", async () => {
    let calls = 0;
    const handler = createWebhookHandler({
      secret: SECRET,
      onEvent: () => {
        calls++;
        if (calls === 1) throw new Error("database down");
      },
    });
    const { body, digest } = signed();
    expect((await handler.handle(body, digest)).status).toBe(500);
    expect((await handler.handle(body, digest)).status).toBe(200);
    expect(calls).toBe(2);
  });

  it("work outlasting ackAfterMs is acknowledged first and finished after; a retry meanwhile is not processed twice", async () => {
    let finish: () => void = () => {};
    let calls = 0;
    const handler = createWebhookHandler({
      secret: SECRET,
      ackAfterMs: 5,
      onEvent: () => {
        calls++;
        return new Promise<void>((r) => {
          finish = r;
        });
      },
    });
    const { body, digest } = signed();
    expect((await handler.handle(body, digest)).status).toBe(200);
    expect((await handler.handle(body, digest)).status).toBe(409);
    finish();
    await new Promise((r) => setTimeout(r, 5));
    expect(await handler.handle(body, digest)).toEqual({ status: 200, body: { ok: true, duplicate: true } });
    expect(calls).toBe(1);
  });

  it("a late failure after the early 200 is reported with the event, not lost", async () => {
    const late: unknown[] = [];
    let fail: (e: Error) => void = () => {};
    const handler = createWebhookHandler({
      secret: SECRET,
      ackAfterMs: 5,
      onEvent: () =>
        new Promise<void>((_r, reject) => {
          fail = reject;
        }),
      onLateFailure: (event, error) => late.push([event.merchant_uuid, (error as Error).message]),
    });
    const { body, digest } = signed();
    expect((await handler.handle(body, digest)).status).toBe(200);
    fail(new Error("queue full"));
    await new Promise((r) => setTimeout(r, 5));
    expect(late).toEqual([[EVENT.merchant_uuid, "queue full"]]);
  });

  it("a store that cannot be reached refuses with 503 so the sender retries", async () => {
    const handler = createWebhookHandler({
      secret: SECRET,
      onEvent: () => {},
      store: {
        claim: () => Promise.reject(new Error("ECONNREFUSED")),
        complete: async () => {},
        release: async () => {},
      },
    });
    const answer = await handler.handle(signed().body, signed().digest);
    expect([answer.status, answer.body.error]).toEqual([503, "store_unavailable"]);
  });

  it("keys by the spec's duplicate key and remembers at least the whole retry window", () => {
    expect(duplicateKey(EVENT)).toBe(`${EVENT.merchant_uuid}|1754978400|${EVENT.event_name}`);
    expect(RETRY_WINDOW_MS).toBe((3 + 9 + 27 + 81 + 243 + 30 * 6) * 1000);
  });

  it("refuses a missing secret and an ack deadline past the sender's limit", () => {
    expect(() => createWebhookHandler({ secret: "", onEvent: () => {} })).toThrow(/PGI_WEBHOOK_SECRET/);
    expect(() => createWebhookHandler({ secret: SECRET, ackAfterMs: 30_000, onEvent: () => {} })).toThrow(
      /30 s/,
    );
  });
});

describe("memory store", () => {
  it("expires keys after their TTL and drops the oldest beyond its bound", async () => {
    let now = 0;
    const store = createMemoryStore({ maxEntries: 2, now: () => now });
    expect(await store.claim("a", 10)).toBe("claimed");
    await store.complete("a", 10);
    expect(await store.claim("a", 10)).toBe("done");
    now = 11;
    expect(await store.claim("a", 10)).toBe("claimed");
    await store.claim("b", 100);
    await store.claim("c", 100);
    expect(store.size?.()).toBe(2);
    expect(await store.claim("a", 100)).toBe("claimed");
  });
});
