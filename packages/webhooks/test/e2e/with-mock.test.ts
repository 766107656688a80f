import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createClock, HOST_NAMES, type RunningMock, startMock } from "@pgi/mock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNodeHandler } from "../../src/adapters.js";
import type { MerchantStatusWebhook } from "../../src/generated/contract.js";

let mock: RunningMock;
let receiver: Server;
const processed: MerchantStatusWebhook[] = [];
let failuresLeft = 1;

beforeAll(async () => {
  // The mock's clock moves only when the test advances it: the 3 s retry comes when we say so, and no answer
  // limit can expire on a slow machine.
  mock = await startMock({
    ports: Object.fromEntries(HOST_NAMES.map((h) => [h, 0])),
    clock: createClock(),
    timeFactor: 0,
  });
  const handler = createNodeHandler({
    secret: mock.credentials.webhookSecret,
    onEvent: (event) => {
      if (failuresLeft-- > 0) throw new Error("first attempt fails on purpose");
      processed.push(event);
    },
  });
  receiver = createServer(handler);
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
});
afterAll(async () => {
  await mock.close();
  receiver.closeAllConnections();
  receiver.close();
});

describe("end to end with the mock", () => {
  it("register, change a merchant status, receive, verify, answer 500 once, receive the retry, process once", async () => {
    const port = (receiver.address() as AddressInfo).port;
    const reg = await fetch(`${mock.urls.partner}/api/v1/partners/register_webhook`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${mock.credentials.partnerToken}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        webhook_url: `https://127.0.0.1:${port}/pgi/webhook`,
        reseller_uuid: mock.credentials.resellerUuid,
      }),
    });
    expect(reg.status).toBe(200);
    const trigger = await fetch(`${mock.urls.partner}/__mock/merchants/11eb-de10-3a450888/status`, {
      method: "POST",
      body: JSON.stringify({ event_name: "Bank verification status update", current_status: "Approved" }),
    });
    expect(trigger.status).toBe(202);
    type Delivery = { state: string; attempts: { status?: number }[] };
    const first = async () => {
      const list = (await (await fetch(`${mock.urls.partner}/__mock/deliveries`)).json()) as {
        deliveries: Delivery[];
      };
      return list.deliveries[0];
    };
    // Bounded waits (30 s: long enough for a loaded machine; a good run takes milliseconds).
    let until = Date.now() + 30_000;
    while (Date.now() < until && (await first())?.attempts[0]?.status === undefined) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await first())?.attempts.map((a) => a.status)).toEqual([500]);
    await mock.clock.advance(3_000); // the first retry is due 3 s after the failure
    let delivery: Delivery | undefined;
    until = Date.now() + 30_000;
    while (Date.now() < until) {
      const list = (await (await fetch(`${mock.urls.partner}/__mock/deliveries`)).json()) as {
        deliveries: (typeof delivery)[];
      };
      delivery = list.deliveries[0];
      if (delivery?.state === "delivered") break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(delivery?.attempts.map((a) => a.status)).toEqual([500, 200]);
    expect(processed).toHaveLength(1);
    // The sender's record of the delivery verifies with the partner's secret, and replaying it is a duplicate.
    const record = (await (await fetch(`${mock.urls.partner}/__mock/deliveries`)).json()) as {
      deliveries: { payload: object; signature: string }[];
    };
    const sent = record.deliveries[0];
    if (!sent) throw new Error("the mock recorded no delivery");
    const replay = await fetch(`http://127.0.0.1:${port}/pgi/webhook`, {
      method: "POST",
      body: JSON.stringify(sent.payload),
      headers: { authorization: sent.signature, "content-type": "application/json" },
    });
    expect([replay.status, await replay.json()]).toEqual([200, { ok: true, duplicate: true }]);
    expect(processed).toHaveLength(1);
    expect(processed[0]).toMatchObject({
      merchant_uuid: "11eb-de10-3a450888",
      current_status: "Approved",
      previous_status: "Pending",
    });
  });
});
