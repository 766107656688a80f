// What the grader sends, seen by a receiver that records everything and answers 200: every request goes to the URL
// given, the count stays within the declared bound, the deliveries meant to be accepted are valid (schema and
// signature), the forged ones do not verify, and the secret is never sent.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { SigningError, webhookSignature } from "@pgi/signing";
import { beforeAll, describe, expect, it } from "vitest";
import { gradeReceiver } from "../../src/receiver/grade.js";
import { RECEIVER_CHECKS } from "../../src/receiver/registry.js";
import { loadSpecSet, type SpecSet } from "../../src/spec/spec-set.js";

const SECRET = "grader-recorded-secret-91c2";

interface Recorded {
  method: string;
  url: string;
  body: string;
  authorization: string | undefined;
  contentType: string | undefined;
}

const verifies = (r: Recorded) => {
  try {
    return webhookSignature.verify(r.body, r.authorization, SECRET);
  } catch (error) {
    if (error instanceof SigningError) return false;
    throw error;
  }
};

describe("the deliveries the grader sends", () => {
  let specs: SpecSet;
  const got: Recorded[] = [];
  beforeAll(async () => {
    specs = loadSpecSet();
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        got.push({
          method: req.method ?? "",
          url: req.url ?? "",
          body: Buffer.concat(chunks).toString("utf8"),
          authorization: req.headers.authorization,
          contentType: req.headers["content-type"],
        });
        res.end("ok");
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as AddressInfo;
    await gradeReceiver({
      url: new URL(`http://127.0.0.1:${port}/hooks/pgi?x=1`),
      secret: SECRET,
      timeFactor: 0.01,
      specs,
    });
    await new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  });

  it("are POSTs of JSON to the URL given, no more than the checks declare", () => {
    expect(got.length).toBeGreaterThan(30);
    expect(got.length).toBeLessThanOrEqual(RECEIVER_CHECKS.reduce((n, c) => n + c.maxRequests, 0));
    for (const r of got) {
      expect(r.method).toBe("POST");
      expect(r.url).toBe("/hooks/pgi?x=1");
      expect(r.contentType).toBe("application/json");
    }
  });

  it("validly signed ones are valid payloads, each event its own but for the deliberate repeats", () => {
    const valid = got.filter(verifies);
    expect(valid.length).toBeGreaterThan(25);
    const byKey = new Map<string, string[]>();
    for (const r of valid) {
      const payload = JSON.parse(r.body);
      expect(specs.webhookPayload(payload), `${r.body}\n${JSON.stringify(specs.webhookPayload.errors)}`).toBe(
        true,
      );
      const key = JSON.stringify([payload.merchant_uuid, payload.change_timestamp, payload.event_name]);
      byKey.set(key, [...(byKey.get(key) ?? []), r.body]);
    }
    const repeated = [...byKey.values()].filter((bodies) => bodies.length > 1);
    // The sequential duplicate and the concurrent copies (the retried delivery's first attempt never ended, so this
    // receiver saw it whole once): copies of one body each.
    expect(repeated.map((b) => b.length).sort()).toEqual([2, 3]);
    for (const bodies of repeated) expect(new Set(bodies).size).toBe(1);
  });

  it("forged ones do not verify, malformed ones are what they say, and the secret is never sent", () => {
    const forged = got.filter((r) => !verifies(r));
    // 5 forgeries, 3 malformed bodies, and the half body the retry check cuts off (not recorded: never ended).
    expect(forged).toHaveLength(8);
    expect(forged.map((r) => r.body.length).sort((a, b) => a - b)[0]).toBe(0);
    expect(Math.max(...forged.map((r) => r.body.length))).toBe(2 * 1024 * 1024);
    for (const r of got) {
      expect(r.body).not.toContain(SECRET);
      expect(r.authorization ?? "").not.toContain(SECRET);
    }
  });
});
