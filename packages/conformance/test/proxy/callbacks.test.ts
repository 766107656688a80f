import type { RunningMock } from "@pgi/mock";
import { webhookSignature } from "@pgi/signing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Target } from "../../src/model/target.js";
import { buildRequest } from "../../src/requests/build-request.js";
import { requestBody } from "../../src/spec/request-body.js";
import {
  exchanges,
  failedChecks,
  fakeUpstream,
  getSpecs,
  proxyFor,
  SECRETS,
  secretValues,
  startSecretMock,
  type TestProxy,
} from "./helpers.js";

const specs = getSpecs();
let mock: RunningMock;
let target: Target;
let proxy: TestProxy;
let lines: string[];
let receiver: Awaited<ReturnType<typeof fakeUpstream>>;

beforeAll(async () => {
  ({ mock, target } = await startSecretMock());
  ({ proxy, lines } = await proxyFor(target));
  receiver = await fakeUpstream((_req, _body, res) => {
    res.writeHead(200, { "content-type": "text/plain" });
    res.end("ok");
  });
});
afterAll(async () => {
  await proxy.close();
  await receiver.close();
  await mock.close();
});

const relay = (host: "gateway" | "partner", scheme: string, path: string) =>
  `${proxy.urls[host].replace("http:", scheme)}/__proxy/relay?to=${encodeURIComponent(`${receiver.url}${path}`)}`;

/** Waits for the n-th exchange whose operation is `operationId` (bounded). */
async function judged(operationId: string) {
  const until = Date.now() + 30_000;
  for (;;) {
    const found = proxy.exchanges.find((e) => e.verdict.operationId === operationId);
    if (found || Date.now() > until) return found;
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("callbacks relayed through the proxy are checked and passed on", () => {
  it("UPI Collect: the final response posted to surl is checked (schema, result hash) and reaches the merchant", async () => {
    const op = specs.operations.find((o) => o.operationId === "initiateHostedCheckoutPayment");
    if (!op) throw new Error("no initiateHostedCheckoutPayment");
    const collect = requestBody(specs, op)?.examples.find(([n]) => n === "upiCollect")?.[1] as Record<
      string,
      unknown
    >;
    const built = buildRequest(specs, op, target, {
      body: { ...collect, surl: relay("gateway", "http:", "/pay/success") },
    });
    const res = await fetch(built.url.replace(target.urls.gateway as string, proxy.urls.gateway), {
      method: "POST",
      headers: built.headers,
      body: built.body ?? "",
    });
    expect(await res.text()).toMatch(/pending/);
    await fetch(`${mock.urls.gateway}/__mock/clock/advance`, {
      method: "POST",
      body: JSON.stringify({ seconds: 10 }),
    });
    const callback = await judged("receiveCollectFinalResponse");
    expect(callback?.rec.host).toBe("gateway");
    expect(failedChecks(callback as NonNullable<typeof callback>)).toEqual([]);
    expect(callback?.verdict.findings.filter((f) => f.ok).map((f) => f.check)).toEqual(
      expect.arrayContaining(["response_schema", "response_signature"]),
    );
    const got = receiver.seen.find((s) => s.url === "/pay/success");
    expect(got?.body.toString()).toContain("hash=");
    expect(lines).toContainEqual(expect.stringMatching(/^PASS gateway receiveCollectFinalResponse 200 /));
  });

  it("webhooks: a merchant status webhook is checked (payload, signature) and reaches the partner", async () => {
    const register = await fetch(`${proxy.urls.partner}/api/v1/partners/register_webhook`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${SECRETS.partnerToken}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        webhook_url: relay("partner", "https:", "/pgi/merchant-status"),
        reseller_uuid: target.credentials.resellerUuid ?? "",
      }).toString(),
    });
    expect(register.status).toBe(200);
    const change = await fetch(
      `${mock.urls.partner}/__mock/merchants/11eb-de10-3a450888-a354-a483e7015be5/status`,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ event_name: "BANK_VERIFICATION", current_status: "Approved" }),
      },
    );
    expect(change.status).toBeLessThan(300);
    const hook = await judged("merchantStatusUpdate");
    expect(hook?.rec.host).toBe("partner");
    expect(failedChecks(hook as NonNullable<typeof hook>)).toEqual([]);
    expect(hook?.verdict.findings.map((f) => f.check)).toEqual(
      expect.arrayContaining(["webhook_payload", "webhook_signature"]),
    );
    const got = receiver.seen.find((s) => s.url === "/pgi/merchant-status");
    expect(
      webhookSignature.verify(
        got?.body ?? "",
        got?.headers[got.headers.findIndex((h) => h.toLowerCase() === "authorization") + 1],
        SECRETS.webhookSecret,
      ),
    ).toBe(true);
  });

  it("a tampered webhook is reported under webhook_signature with the canonical pre-image", async () => {
    const { digest, body } = webhookSignature.sign(
      {
        previous_status: "Pending",
        current_status: "Approved",
        change_timestamp: 1760000000,
        mid: 8000051,
        merchant_uuid: "11eb-de10-3a450888-a354-a483e7015be5",
        event_name: "BANK_VERIFICATION",
        error: "NA",
        remarks: "NA",
      },
      SECRETS.webhookSecret,
    );
    const before = proxy.exchanges.length;
    const res = await fetch(relay("partner", "http:", "/hook"), {
      method: "POST",
      headers: { "content-type": "application/json", authorization: digest },
      body: body.replace('"Approved"', '"Declined"'),
    });
    expect(res.status).toBe(200);
    const [hook] = (await exchanges(proxy, before + 1)).slice(before);
    expect(failedChecks(hook as NonNullable<typeof hook>)).toEqual(["webhook_signature"]);
    const finding = hook?.verdict.findings.find((f) => f.check === "webhook_signature");
    expect(finding?.message).toMatch(
      /pre-image \(secret masked\): change_timestamp1760000000current_statusDeclinederrorNA/,
    );
  });

  it("a relay without a destination is refused with the rule, and nothing printed holds a secret", async () => {
    const res = await fetch(`${proxy.urls.partner}/__proxy/relay`, { method: "POST", body: "{}" });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/query parameter to \(the destination URL\) is required/);
    const loop = await fetch(
      `${proxy.urls.partner}/__proxy/relay?to=${encodeURIComponent(`${proxy.urls.gateway}/x`)}`,
      { method: "POST", body: "{}" },
    );
    expect(loop.status).toBe(400);
    expect(await loop.text()).toMatch(/must not be one of the proxy's own listeners/);
    for (const secret of secretValues()) expect(lines.join("\n")).not.toContain(secret);
  });
});
