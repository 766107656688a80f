// Error answers name the error class only; the exception text goes to the logger hook (onError).
import { webhookSignature } from "@pgi/signing";
import { describe, expect, it } from "vitest";
import type { WebhookError } from "../../src/errors.js";
import { createWebhookHandler } from "../../src/handler.js";
import { createMemoryStore } from "../../src/memory-store.js";

const SECRET = "leak-secret";
const { body, digest } = webhookSignature.sign(
  {
    previous_status: "Pending",
    current_status: "Approved",
    change_timestamp: 1,
    mid: 1,
    merchant_uuid: "m-leak",
    event_name: "Website status update",
    error: "NA",
    remarks: "NA",
  },
  SECRET,
);
const SECRET_TEXT = "NOAUTH password=hunter2 at 10.0.0.7:6379";

describe("answers leak nothing internal", () => {
  it.each([
    ["callback_failed", 500, { onEvent: () => Promise.reject(new Error(SECRET_TEXT)) }],
    [
      "store_unavailable",
      503,
      { store: { ...createMemoryStore(), claim: () => Promise.reject(new Error(SECRET_TEXT)) } },
    ],
  ])("%s: the body names the class, onError gets the details", async (code, status, options) => {
    const logged: WebhookError[] = [];
    const handler = createWebhookHandler({
      secret: SECRET,
      onEvent: () => {},
      ...options,
      onError: (e) => void logged.push(e),
    });
    const answer = await handler.handle(body, digest);
    expect(answer.status).toBe(status);
    expect(answer.body.error).toBe(code);
    expect(JSON.stringify(answer)).not.toMatch(/hunter2|10\.0\.0\.7|NOAUTH/);
    expect(logged.map((e) => String((e.cause as Error | undefined)?.message))).toContain(SECRET_TEXT);
  });
});
