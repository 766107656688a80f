import { webhookSignature } from "@pgi/signing";
import { describe, expect, it } from "vitest";
import { createWebhookHandler } from "./handler.js";
import { duplicateKey, payloadViolations } from "./payload.js";

const SECRET = "key-secret";
const base = {
  previous_status: "Pending",
  current_status: "Approved",
  mid: 1,
  merchant_uuid: "m",
  error: "NA",
  remarks: "NA",
};
/** A raw body with change_timestamp written as `ts` exactly, and its signature over those digits. */
const raw = (ts: string, fields: object = {}) => {
  const text = JSON.stringify({ ...base, event_name: "E", ...fields, change_timestamp: 0 }).replace(
    '"change_timestamp":0',
    `"change_timestamp":${ts}`,
  );
  return webhookSignature.sign(text, SECRET);
};

describe("the duplicate key", () => {
  it("keeps integers past 2^53 exactly as written: two distinct events get two keys and are both processed", async () => {
    const keys: string[] = [];
    const handler = createWebhookHandler({ secret: SECRET, onEvent: (_e, { key }) => void keys.push(key) });
    for (const ts of ["9007199254740993", "9007199254740992"]) {
      const { body, digest } = raw(ts);
      expect(await handler.handle(body, digest)).toEqual({ status: 200, body: { ok: true } });
    }
    expect(keys).toEqual(['["m",9007199254740993,"E"]', '["m",9007199254740992,"E"]']);
  });

  it.each([
    [{ merchant_uuid: 'a","b' }, { merchant_uuid: "a", event_name: 'b","E' }],
    [
      { merchant_uuid: "x|5|y", event_name: "z" },
      { merchant_uuid: "x", event_name: "y|7|z" },
    ],
    [{ merchant_uuid: "a\\" }, { merchant_uuid: "a", event_name: '\\"E' }],
  ])("values holding quotes, separators or escapes cannot make two events share a key", (a, b) => {
    const ka = duplicateKey(JSON.parse(raw("5", a).body), raw("5", a).body);
    const kb = duplicateKey(JSON.parse(raw("5", b).body), raw("5", b).body);
    expect(ka).not.toBe(kb);
    expect(JSON.parse(ka)).toHaveLength(3);
  });

  it("without the raw body, safe integers are written in full", () => {
    expect(duplicateKey({ ...base, event_name: "E", change_timestamp: 42 } as never)).toBe('["m",42,"E"]');
  });
});

describe("payload validation compiled at build time", () => {
  it("names each field and rule", () => {
    expect(payloadViolations({ ...base, event_name: "", change_timestamp: -1, mid: 1.5 })).toEqual([
      "/change_timestamp: must be >= 0",
      "/mid: must be integer",
      "/event_name: must NOT have fewer than 1 characters",
    ]);
    expect(payloadViolations([])).toEqual(["/: must be object"]);
  });
});
