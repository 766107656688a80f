import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { sign, verify } from "@pgi/signing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { RunningMock } from "../../src/types.js";
import { call, form, requestExample, startTestMock } from "../helpers.js";

let mock: RunningMock;
beforeAll(async () => {
  mock = await startTestMock({
    log: (l) => {
      if (l.includes("internal-error")) console.error(l);
    },
  });
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

const FORM = { "content-type": "application/x-www-form-urlencoded" };

async function signed(
  operationId: string,
  example: string,
  scheme: "mandate-authorization" | "upi-mandate-registration" | "payment-request",
) {
  const fields = (await requestExample("gateway", operationId, example)) as Record<string, string>;
  fields.key = mock.credentials.merchantKey;
  fields.hash = sign(scheme, fields as never, mock.credentials.salt).digest;
  return fields;
}

describe("gateway: hashes and mandates", () => {
  it("registers a mandate on a correctly hashed authorization; result.hash verifies with the salt", async () => {
    const fields = await signed("authorizeMandateTransaction", "tokenisedCard", "mandate-authorization");
    const res = await call(`${mock.urls.gateway}/AuthorizeTransaction.php`, {
      headers: FORM,
      body: form(fields),
    });
    expect(res.status).toBe(200);
    const { result } = res.json() as { result: Record<string, string> };
    expect(result).toMatchObject({
      status: "success",
      payment_source: "sist",
      IsStandingInstructionSet: "1",
    });
    expect(result.txnid).toBe(fields.txnid);
    expect(result.mihpayid).toMatch(/^\d{18}$/);
    const { hash: _sent, ...request } = fields;
    const blank = {
      email: "",
      firstname: "",
      productinfo: "",
      udf1: "",
      udf2: "",
      udf3: "",
      udf4: "",
      udf5: "",
    };
    const merged = { ...blank, ...request, ...result };
    expect(verify("payment-response", merged as never, result.hash, mock.credentials.salt)).toBe(true);
    expect(
      verify(
        "payment-response",
        { ...merged, status: "failure" } as never,
        result.hash,
        mock.credentials.salt,
      ),
    ).toBe(false);
  });

  it("a wrong hash gets the documented E1101 answer and a hint with the recipe and a masked pre-image", async () => {
    const fields = await signed("authorizeMandateTransaction", "tokenisedCard", "mandate-authorization");
    fields.amount = "2.00";
    const res = await call(`${mock.urls.gateway}/AuthorizeTransaction.php`, {
      headers: FORM,
      body: form(fields),
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json())).toMatch(/E1101/);
    const hint = res.headers.get("x-pgi-mock-hint") ?? "";
    const preimage = res.headers.get("x-pgi-mock-preimage") ?? "";
    expect(hint).toMatch(/^body\.hash: does not match mandate-authorization: /);
    expect(preimage).toMatch(/\|2\.00\|.*\|<SALT>$/);
    expect(hint + preimage).not.toContain(mock.credentials.salt);
  });

  it.each([
    ["9876543210", "success", undefined],
    ["9876543211", "failure", "E2401"],
    ["9876543212", "failure", "E308"],
  ])("BNPL with phone %s answers %s", async (phone, status, code) => {
    const fields = (await requestExample(
      "gateway",
      "initiateHostedCheckoutPayment",
      "bnplLinkAndPay",
    )) as Record<string, string>;
    fields.key = mock.credentials.merchantKey;
    fields.phone = phone;
    fields.hash = sign("payment-request", fields as never, mock.credentials.salt).digest;
    const res = await call(`${mock.urls.gateway}/_payment`, { headers: FORM, body: form(fields) });
    expect(res.status).toBe(200);
    const text = res.text;
    expect(text).toContain(status);
    if (code) expect(text).toContain(code);
  });

  it("UPI Collect: pending now, the signed final response is POSTed to surl when the mock's clock passes", async () => {
    const received: string[] = [];
    const surl = createServer((req, res) => {
      let b = "";
      req.on("data", (c) => (b += c));
      req.on("end", () => {
        received.push(b);
        res.end("ok");
      });
    }).listen(0, "127.0.0.1");
    await new Promise((r) => surl.once("listening", r));
    try {
      const fields = (await requestExample(
        "gateway",
        "initiateHostedCheckoutPayment",
        "upiCollect",
      )) as Record<string, string>;
      fields.key = mock.credentials.merchantKey;
      fields.surl = `http://127.0.0.1:${(surl.address() as AddressInfo).port}/success`;
      fields.hash = sign("upi-mandate-registration", fields as never, mock.credentials.salt).digest;
      const res = await call(`${mock.urls.gateway}/_payment`, { headers: FORM, body: form(fields) });
      expect(res.status).toBe(200);
      expect(res.text).toMatch(/pending/);
      expect(received).toHaveLength(0);
      await mock.clock.advance(5_000);
      await mock.scheduler.idle();
      expect(received).toHaveLength(1);
      const final = Object.fromEntries(new URLSearchParams(received[0]));
      expect(final).toMatchObject({ status: "success", txnid: fields.txnid });
      expect(verify("payment-response", final as never, final.hash, mock.credentials.salt)).toBe(true);
    } finally {
      surl.close();
    }
  });
});
