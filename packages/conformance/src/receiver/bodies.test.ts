import { webhookSignature } from "@pgi/signing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bodySummary, merchantUuid, writeJson } from "./bodies.js";

const payload = {
  previous_status: "Pending",
  current_status: "Approved",
  change_timestamp: 1754978400,
  mid: 9007199254740993n,
  merchant_uuid: "11eb-de10-3a450888-a354-a483e7015be5",
  event_name: "Bank verification status update",
  error: "Ré-upload the PAN/GST proof 🚀",
  remarks: 'quote " backslash \\ newline \n',
};

describe("writeJson", () => {
  it.each([
    ["sorted", {}, '{"change_timestamp":1754978400,"current_status"'],
    ["as given", { order: "as-given" }, '{"previous_status":"Pending","current_status"'],
    ["reversed", { order: "reversed" }, '{"remarks":'],
    ["indented", { indent: 2 }, '{\n  "change_timestamp": 1754978400,\n'],
    ["escaped", { escape: true }, '{"change_timestamp":1754978400,"current_status"'],
  ] as const)("writes the %s layout, which signs the same as the sorted one", (_name, layout, start) => {
    const body = writeJson(payload, layout);
    expect(body.startsWith(start)).toBe(true);
    expect(webhookSignature.canonicalForm(body)).toBe(webhookSignature.canonicalForm(writeJson(payload)));
  });

  it("keeps every digit of an integer past 2^53, and escapes non-ASCII and / when asked", () => {
    expect(writeJson(payload)).toContain('"mid":9007199254740993');
    const escaped = writeJson(payload, { escape: true });
    expect(escaped).toContain('"error":"R\\u00e9-upload the PAN\\/GST proof \\ud83d\\ude80"');
    expect(escaped).toMatch(/^[\x20-\x7e]*$/);
    expect(JSON.parse(escaped).error).toBe(payload.error);
  });

  it("gives any flat payload the same canonical form in every layout (property)", () => {
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
      fc.boolean(),
    );
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1 }), value, { maxKeys: 8 }), (p) => {
        if (Object.keys(p).some((k) => k === "__proto__")) return;
        const canonical = webhookSignature.canonicalForm(writeJson(p));
        for (const layout of [{ order: "reversed" }, { indent: 4 }, { escape: true }] as const)
          expect(webhookSignature.canonicalForm(writeJson(p, layout))).toBe(canonical);
      }),
      { numRuns: 200 },
    );
  });
});

describe("merchantUuid and bodySummary", () => {
  it("makes UUIDs in the host's layout from the random source", () => {
    let i = 0;
    const uuid = merchantUuid(() => (i++ % 16) / 16);
    expect(uuid).toMatch(/^[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(uuid.startsWith("0123-4567-89abcdef")).toBe(true);
  });

  it.each([
    ["", "an empty body"],
    ['{"event_name":"Website status update"}', '38 B: event "Website status update"'],
    ['{"mid":', '7 B that is not valid JSON (starts "{\\"mid\\":")'],
    [`{"a":"${"x".repeat(3000)}"}`, "2.9 KiB of JSON"],
  ])("summarises body %# as %s", (body, want) => {
    expect(bodySummary(body)).toBe(want);
  });
});
