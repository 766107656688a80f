import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { webhookSignature } from "@pgi/signing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LIMITED_PARTNER_TOKEN } from "../../src/core/credentials.js";
import type { Delivery } from "../../src/hosts/webhook-dispatcher.js";
import type { RunningMock } from "../../src/types.js";
import { call, form, START, startTestMock } from "../helpers.js";
import { waitFor } from "../wait-for.js";

let mock: RunningMock;
let receiver: Server;
let answers: (number | "hang")[];
let received: { body: string; signature: string | undefined }[];

beforeAll(async () => {
  mock = await startTestMock();
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ body, signature: req.headers.authorization });
      const answer = answers.shift() ?? 200;
      if (answer === "hang") return; // never answers: the mock's 30 s limit must end the attempt
      res.statusCode = answer;
      res.end();
    });
  }).listen(0, "127.0.0.1");
  await new Promise((r) => receiver.once("listening", r));
});
afterAll(async () => {
  await mock.close();
  receiver.closeAllConnections();
  receiver.close();
});
beforeEach(async () => {
  mock.reset();
  answers = [];
  received = [];
  const port = (receiver.address() as AddressInfo).port;
  const res = await call(`${mock.urls.partner}/api/v1/partners/register_webhook`, {
    headers: {
      authorization: `Bearer ${mock.credentials.partnerToken}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: form({
      webhook_url: `https://127.0.0.1:${port}/hooks/pgi`,
      reseller_uuid: mock.credentials.resellerUuid,
    }),
  });
  expect(res.status).toBe(200);
});
afterEach(() => receiver.closeAllConnections());

async function deliveries(): Promise<Delivery[]> {
  return ((await call(`${mock.urls.partner}/__mock/deliveries`)).json() as { deliveries: Delivery[] })
    .deliveries;
}

/** Waits (bounded) until the first delivery has `n` finished attempts. */
async function attempts(n: number): Promise<Delivery> {
  let found: Delivery | undefined;
  await waitFor(
    async () => {
      const [d] = await deliveries();
      found = d;
      return Boolean(
        d && d.attempts.length >= n && d.attempts.every((a) => a.status !== undefined || a.error),
      );
    },
    { what: `${n} finished attempts` },
  );
  return found as Delivery;
}

const trigger = (body: object, uuid = "11eb-de10-3a450888-a354-a483e7015be5") =>
  call(`${mock.urls.partner}/__mock/merchants/${uuid}/status`, { body });

const offsets = (d: Delivery) => d.attempts.map((a) => (Date.parse(a.at) - START) / 1000);

describe("partner: merchant status webhooks", () => {
  it("sends the signed payload with previous and current status, answered 200 first time", async () => {
    const res = await trigger({ event_name: "Bank verification status update", current_status: "Approved" });
    expect(res.status).toBe(202);
    const d = await attempts(1);
    expect(d.state).toBe("delivered");
    const [got] = received;
    expect(webhookSignature.verify(got?.body ?? "", got?.signature, mock.credentials.webhookSecret)).toBe(
      true,
    );
    expect(JSON.parse(got?.body ?? "{}")).toEqual({
      previous_status: "Pending",
      current_status: "Approved",
      change_timestamp: START / 1000,
      mid: Number(mock.credentials.payoutMid),
      merchant_uuid: "11eb-de10-3a450888-a354-a483e7015be5",
      event_name: "Bank verification status update",
      error: "NA",
      remarks: "NA",
    });
  });

  it("a 500 is retried 3 s later with the same body and signature", async () => {
    answers = [500, 200];
    await trigger({ event_name: "Website status update", current_status: "Approved" });
    await attempts(1);
    await mock.clock.advance(2_999);
    expect((await deliveries())[0]?.attempts).toHaveLength(1);
    await mock.clock.advance(1);
    const d = await attempts(2);
    expect(d.state).toBe("delivered");
    expect(offsets(d)).toEqual([0, 3]);
    expect(received[1]).toEqual(received[0]);
  });

  it("no answer within 30 s counts as a failure and is retried", async () => {
    answers = ["hang", 200];
    await trigger({ event_name: "Agreement status update", current_status: "Success" });
    // The attempt must be under way (the receiver holds it) before the mock's 30 s pass.
    await waitFor(() => received.length === 1, { what: "the first attempt to reach the receiver" });
    await mock.clock.advance(30_000);
    await attempts(1);
    expect((await deliveries())[0]?.attempts[0]?.error).toMatch(/no answer within 30 s/);
    await mock.clock.advance(3_000);
    const d = await attempts(2);
    expect(d.state).toBe("delivered");
    expect(offsets(d)).toEqual([0, 33]);
  });

  it("every attempt failing: 1 + 5 attempts at 3, 9, 27, 81 and 243 s after each failure, then failed", async () => {
    answers = [503, 503, 503, 503, 503, 503];
    await trigger({
      event_name: "SIGNED_AUTHORISATION_LETTER status update",
      current_status: "Declined",
      error: "Unsigned",
      remarks: "Sign it",
    });
    for (const [n, wait] of [
      [1, 0],
      [2, 3],
      [3, 9],
      [4, 27],
      [5, 81],
      [6, 243],
    ] as const) {
      await mock.clock.advance(wait * 1000);
      await attempts(n);
    }
    const d = await attempts(6);
    expect(offsets(d)).toEqual([0, 3, 12, 39, 120, 363]);
    expect(d.state).toBe("failed");
    await mock.clock.advance(1_000_000);
    expect((await deliveries())[0]?.attempts).toHaveLength(6);
  });

  it("previous_status follows the merchant item's last status", async () => {
    await trigger({ event_name: "Document status update", current_status: "Received" });
    await attempts(1);
    await trigger({ event_name: "Document status update", current_status: "Declined" });
    await waitFor(() => received.length >= 2, { what: "the second webhook" });
    expect(JSON.parse(received[1]?.body ?? "{}")).toMatchObject({
      previous_status: "Received",
      current_status: "Declined",
    });
  });

  it.each([
    [{}, 400, /body.event_name/],
    [{ event_name: "Document status update" }, 400, /body.current_status/],
    [{ event_name: "x", current_status: "Approved", mid: "12" }, 400, /body.mid/],
    [
      { event_name: "x", current_status: "Approved", reseller_uuid: "someone-else" },
      409,
      /register_webhook first/,
    ],
  ])("control input %j gets %i naming the problem", async (body, status, detail) => {
    const res = await trigger(body);
    expect(res.status).toBe(status);
    expect((res.json() as { detail: string }).detail).toMatch(detail);
  });

  it("agreement generation: Generated with both scopes; 401 insufficient scope without client_manage_*", async () => {
    const path = `${mock.urls.partner}/api/v1/merchants/11eb-de10/generate_merged_document_for_esign`;
    const ok = await call(path, { headers: { authorization: `Bearer ${mock.credentials.partnerToken}` } });
    expect(ok.status).toBe(200);
    expect(ok.json()).toMatchObject({ agreement_status: "Generated" });
    const refused = await call(path, { headers: { authorization: `Bearer ${LIMITED_PARTNER_TOKEN}` } });
    expect(refused.status).toBe(401);
  });
});
