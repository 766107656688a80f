import { webhookSignature } from "@pgi/signing";
import { describe, expect, it } from "vitest";
import {
  answerErrors,
  control,
  createTestContext,
  request,
  schemaErrors,
  T0,
  type TestContext,
} from "../../test/hosts/host-context.js";
import type { StateLimits } from "../core/bounded-store.js";
import type { HostBehaviour, MockFetch } from "../types.js";
import { createPartnerBehaviour } from "./partner.js";
import type { Delivery } from "./webhook-dispatcher.js";

/** How the injected receiver answers each attempt in turn: a status, "hang" (never answers) or "refuse". */
type Answer = number | "hang" | "refuse";

/** A receiver that answers per `answers` (200 once they run out), honouring the abort signal like fetch does. */
function receiver(planned: readonly Answer[]): MockFetch {
  const answers = [...planned];
  return (_url, init) => {
    const answer = answers.shift() ?? 200;
    if (answer === "refuse") return Promise.reject(new TypeError("fetch failed: ECONNREFUSED"));
    if (answer === "hang") {
      return new Promise((_resolve, reject) => {
        init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      });
    }
    return Promise.resolve(new Response(null, { status: answer }));
  };
}

const MERCHANT = "11eb-de10-3a450888-a354-a483e7015be5";
let t: TestContext;
let partner: HostBehaviour;

async function setUp(answers: Answer[], limits: Partial<StateLimits> = {}): Promise<void> {
  partner = createPartnerBehaviour();
  // A day of retention: the tests look at finished deliveries long after they ended.
  t = createTestContext({
    fetch: receiver(answers),
    limits: { retentionMs: 86_400_000, ...limits },
    behaviours: [partner],
  });
  const res = await partner.handle(
    request("registerWebhook", {
      body: {
        webhook_url: "https://127.0.0.1:9443/hooks/pgi",
        reseller_uuid: t.ctx.credentials.resellerUuid,
      },
    }),
    t.ctx,
  );
  expect(res?.status).toBe(200);
  expect(answerErrors("registerWebhook", res)).toEqual([]);
}

const change = (body: object, merchant = MERCHANT) =>
  control(partner, t.ctx, "POST", "/__mock/merchants/:merchant_uuid/status", {
    params: { merchant_uuid: merchant },
    body,
  });

async function only(): Promise<Delivery> {
  await t.scheduler.idle();
  await new Promise((resolve) => setImmediate(resolve)); // lets an attempt answered at once finish
  const list = (await control(partner, t.ctx, "GET", "/__mock/deliveries")).body as {
    deliveries: Delivery[];
  };
  expect(list.deliveries).toHaveLength(1);
  return list.deliveries[0] as Delivery;
}
const offsets = (d: Delivery) => d.attempts.map((a) => (Date.parse(a.at) - T0) / 1000);

describe("merchant status webhooks: delivery and retries", () => {
  it("answered 200 at once: one attempt, delivered, signed body valid against MerchantStatusWebhook", async () => {
    await setUp([200]);
    const res = await change({ event_name: "Bank verification status update", current_status: "Approved" });
    expect(res.status).toBe(202);
    const d = await only();
    expect(d).toMatchObject({ state: "delivered", url: "https://127.0.0.1:9443/hooks/pgi" });
    expect(d.attempts).toEqual([
      { n: 1, at: new Date(T0).toISOString(), status: 200, ms: expect.any(Number) },
    ]);
    expect(d.nextAttemptAt).toBeUndefined();
    const [sent] = t.sent;
    expect(sent?.url).toBe("http://127.0.0.1:9443/hooks/pgi"); // loopback https is reached over http
    const body = String(sent?.init.body);
    const authorization = new Headers(sent?.init.headers).get("authorization");
    expect(webhookSignature.verify(body, authorization ?? "", t.ctx.credentials.webhookSecret)).toBe(true);
    expect(authorization).toBe(d.signature);
    const payload = JSON.parse(body);
    expect(schemaErrors("partner", "MerchantStatusWebhook", payload)).toEqual([]);
    expect(payload).toEqual({
      previous_status: "Pending",
      current_status: "Approved",
      change_timestamp: T0 / 1000,
      mid: Number(t.ctx.credentials.payoutMid),
      merchant_uuid: MERCHANT,
      event_name: "Bank verification status update",
      error: "NA",
      remarks: "NA",
    });
  });

  it.each<[string, Answer[], number[], string]>([
    ["a 500, then 200 on the retry 3 s later", [500, 200], [0, 3], "answered 500, not 200"],
    ["a refused connection, then 200", ["refuse", 200], [0, 3], "could not connect"],
    [
      "no answer within 30 s, then 200 3 s after the timeout",
      ["hang", 200],
      [0, 33],
      "no answer within 30 s",
    ],
  ])("%s", async (_name, answers, want, firstError) => {
    await setUp(answers);
    await change({ event_name: "Website status update", current_status: "Approved" });
    let d = await only();
    if (answers[0] === "hang") {
      expect(d.attempts[0]).toEqual({ n: 1, at: new Date(T0).toISOString() });
      await t.advance(29.999);
      expect((await only()).attempts[0]?.error).toBeUndefined();
      await t.advance(0.001);
    }
    d = await only();
    expect(d.state).toBe("pending");
    expect(d.attempts[0]?.error).toContain(firstError);
    const retryAt = T0 + (want[1] ?? 0) * 1000;
    expect(d.nextAttemptAt).toBe(new Date(retryAt).toISOString());
    await t.advance((retryAt - t.clock.now()) / 1000 - 0.001);
    expect((await only()).attempts).toHaveLength(1);
    await t.advance(0.001);
    d = await only();
    expect(d.state).toBe("delivered");
    expect(offsets(d)).toEqual(want);
    expect(t.sent[1]?.init.body).toBe(t.sent[0]?.init.body);
  });

  it("every attempt failing: 1 + 5 attempts, 3, 9, 27, 81 and 243 s after each failure, then failed", async () => {
    await setUp([503, 503, "hang", 503, "refuse", 500, 200]);
    await change({ event_name: "Agreement status update", current_status: "Success" });
    await only();
    // Walk far past the whole schedule (30 s limit on the hanging third attempt included).
    for (let i = 0; i < 12; i++) await t.advance(60);
    const d = await only();
    expect(d.state).toBe("failed");
    expect(offsets(d)).toEqual([0, 3, 12, 69, 150, 393]);
    expect(d.attempts.map((a) => a.status ?? a.error?.split(" ")[0])).toEqual([
      503,
      503,
      "no",
      503,
      "could",
      500,
    ]);
    expect(d.nextAttemptAt).toBeUndefined();
    await t.advance(10_000);
    expect((await only()).attempts).toHaveLength(6);
    expect(t.sent).toHaveLength(6);
    expect(t.logs.map((l) => l.event)).toContain("webhook-failed");
  });

  it("resend: the same payload and URL as a new delivery with its own attempts; the old one unchanged", async () => {
    await setUp([500, 500, 500, 500, 500, 500, 500, 200]);
    await change({ event_name: "Agreement status update", current_status: "Success" });
    for (let i = 0; i < 12; i++) await t.advance(60);
    const old = await only();
    expect(old.state).toBe("failed");
    const res = await control(partner, t.ctx, "POST", "/__mock/deliveries/:id/resend", {
      params: { id: old.id },
    });
    expect(res.status).toBe(202);
    const again = (res.body as { delivery: Delivery }).delivery;
    expect(again.id).not.toBe(old.id);
    await t.advance(3);
    await t.scheduler.idle();
    const list = (await control(partner, t.ctx, "GET", "/__mock/deliveries")).body as {
      deliveries: Delivery[];
    };
    const byId = new Map(list.deliveries.map((d) => [d.id, d]));
    expect(byId.get(old.id)).toEqual(old);
    const resent = byId.get(again.id) as Delivery;
    expect(resent).toMatchObject({ state: "delivered", url: old.url, payload: old.payload });
    expect(resent.attempts.map((a) => a.status)).toEqual([500, 200]);
    expect(t.sent.at(-1)?.init.body).toBe(t.sent[0]?.init.body);
    const authorization = new Headers(t.sent.at(-1)?.init.headers).get("authorization") ?? "";
    expect(
      webhookSignature.verify(
        String(t.sent.at(-1)?.init.body),
        authorization,
        t.ctx.credentials.webhookSecret,
      ),
    ).toBe(true);
  });

  it("resend of an older delivery does not rewind the item: the next change still reports the latest status", async () => {
    await setUp([]);
    await change({ event_name: "Website status update", current_status: "Approved" });
    await change({ event_name: "Website status update", current_status: "Declined" });
    await t.scheduler.idle();
    const first = (
      (await control(partner, t.ctx, "GET", "/__mock/deliveries")).body as { deliveries: Delivery[] }
    ).deliveries[0] as Delivery;
    expect(first.payload.current_status).toBe("Approved");
    const res = await control(partner, t.ctx, "POST", "/__mock/deliveries/:id/resend", {
      params: { id: first.id },
    });
    expect(res.status).toBe(202);
    await change({ event_name: "Website status update", current_status: "Received" });
    await t.scheduler.idle();
    const list = (await control(partner, t.ctx, "GET", "/__mock/deliveries")).body as {
      deliveries: Delivery[];
    };
    expect(list.deliveries.at(-1)?.payload).toMatchObject({
      previous_status: "Declined",
      current_status: "Received",
    });
  });

  it("resend of an id the log does not hold: 404 naming params.id; nothing sent", async () => {
    await setUp([200]);
    const res = await control(partner, t.ctx, "POST", "/__mock/deliveries/:id/resend", {
      params: { id: "dlv_404" },
    });
    expect(res.status).toBe(404);
    expect((res.body as { detail: string }).detail).toContain("params.id: dlv_404");
    expect(t.sent).toHaveLength(0);
  });

  it("reset cancels a pending retry and forgets the deliveries", async () => {
    await setUp([500]);
    await change({ event_name: "Document status update", current_status: "Received" });
    await only();
    await t.store.reset();
    await t.advance(300);
    expect(t.sent).toHaveLength(1);
    const list = (await control(partner, t.ctx, "GET", "/__mock/deliveries")).body as {
      deliveries: unknown[];
    };
    expect(list.deliveries).toEqual([]);
  });
});

describe("pending deliveries are bounded by count (issue 23)", () => {
  it("at maxPendingDeliveries, a status change is refused with 429 and changes nothing; room frees as they end", async () => {
    await setUp(
      Array.from({ length: 40 }, () => 500),
      { maxPendingDeliveries: 3 },
    );
    for (let i = 0; i < 3; i++) {
      expect((await change({ event_name: `Event ${i}`, current_status: "Approved" })).status).toBe(202);
    }
    const refused = await change({ event_name: "Event 3", current_status: "Approved" });
    expect(refused.status).toBe(429);
    expect((refused.body as { detail: string }).detail).toMatch(
      /3 webhook deliveries are pending \(stateLimits.maxPendingDeliveries\); no status was changed/,
    );
    await t.scheduler.idle();
    expect(t.sent).toHaveLength(3);
    expect(await partner.snapshot(t.clock.now(), t.ctx)).toMatchObject({
      merchants: { [MERCHANT]: { "Event 0": "Approved", "Event 1": "Approved", "Event 2": "Approved" } },
      deliveries: 3,
    });
    expect(JSON.stringify(await partner.snapshot(t.clock.now(), t.ctx))).not.toContain("Event 3");
    // Past the whole schedule every delivery has failed for good: new ones start again.
    for (let i = 0; i < 12; i++) await t.advance(60);
    expect(await t.store.deliveries.counts(t.clock.now())).toEqual({ deliveries: 3, pending: 0 });
    expect((await change({ event_name: "Event 3", current_status: "Approved" })).status).toBe(202);
  });
});

describe("partner: state and control input", () => {
  it("previous_status is the item's last status, per merchant and event; the snapshot shows it", async () => {
    await setUp([]);
    await change({ event_name: "Document status update", current_status: "Received" });
    await change({
      event_name: "Document status update",
      current_status: "Declined",
      error: "Blurred",
      remarks: "Re-upload",
    });
    await change({ event_name: "Document status update", current_status: "Received" }, "other-merchant");
    await t.scheduler.idle();
    const payloads = t.sent.map((s) => JSON.parse(String(s.init.body)));
    expect(payloads.map((p) => [p.merchant_uuid === MERCHANT, p.previous_status, p.current_status])).toEqual([
      [true, "Pending", "Received"],
      [true, "Received", "Declined"],
      [false, "Pending", "Received"],
    ]);
    expect(payloads[1]).toMatchObject({ error: "Blurred", remarks: "Re-upload" });
    expect(await partner.snapshot(t.clock.now(), t.ctx)).toMatchObject({
      merchants: { [MERCHANT]: { "Document status update": "Declined" } },
      deliveries: 3,
    });
  });

  it.each([
    [undefined, 400, /a JSON object/],
    [{}, 400, /body.event_name/],
    [{ event_name: "x" }, 400, /body.current_status/],
    [{ event_name: "x", current_status: "Approved", remarks: 5 }, 400, /body.remarks/],
    [{ event_name: "x", current_status: "Approved", mid: 1.5 }, 400, /body.mid/],
    [
      { event_name: "x", current_status: "Approved", reseller_uuid: "another" },
      409,
      /register_webhook first/,
    ],
  ])("control body %j gets %i naming the problem", async (body, status, detail) => {
    await setUp([]);
    const res = await change(body as object);
    expect(res.status).toBe(status);
    expect((res.body as { detail: string }).detail).toMatch(detail);
    expect(t.sent).toHaveLength(0);
  });

  it("registering for another reseller gets the documented 422; agreements are Generated and remembered", async () => {
    await setUp([]);
    const refused = await partner.handle(
      request("registerWebhook", {
        body: { webhook_url: "https://example.in/h", reseller_uuid: "someone-else" },
      }),
      t.ctx,
    );
    expect(refused?.status).toBe(422);
    expect(answerErrors("registerWebhook", refused)).toEqual([]);
    const agreement = await partner.handle(
      request("generateMergedDocumentForEsign", { method: "GET", pathParams: { uuid: MERCHANT } }),
      t.ctx,
    );
    expect(agreement?.body).toMatchObject({ agreement_status: "Generated" });
    expect(answerErrors("generateMergedDocumentForEsign", agreement)).toEqual([]);
    expect(await partner.snapshot(t.clock.now(), t.ctx)).toMatchObject({
      agreements: { [MERCHANT]: { status: "Generated" } },
    });
  });
});
