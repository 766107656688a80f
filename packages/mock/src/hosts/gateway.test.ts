import { sign, verify } from "@pgi/signing";
import { beforeEach, describe, expect, it } from "vitest";
import {
  answerErrors,
  control,
  createTestContext,
  request,
  requestExample,
  schemaErrors,
  type TestContext,
} from "../../test/hosts/host-context.js";
import type { HostBehaviour, MockResponse } from "../types.js";
import { createGatewayBehaviour } from "./gateway.js";

type Scheme = "mandate-authorization" | "upi-mandate-registration" | "payment-request";
type Result = Record<string, string>;

let t: TestContext;
let gateway: HostBehaviour;
beforeEach(() => {
  gateway = createGatewayBehaviour();
  t = createTestContext({ behaviours: [gateway] });
});

function signed(operationId: string, example: string, scheme: Scheme, change: Record<string, string> = {}) {
  const fields = { ...requestExample(operationId, example), ...change };
  fields.key = t.ctx.credentials.merchantKey;
  fields.hash = sign(scheme, fields as never, t.ctx.credentials.salt).digest;
  return fields;
}

async function post(operationId: string, form: Record<string, string>): Promise<MockResponse> {
  const res = await gateway.handle(request(operationId, { body: form }), t.ctx);
  if (!res) throw new Error("the behaviour deferred to Prism");
  expect(answerErrors(operationId, res)).toEqual([]);
  return res;
}

const resultOf = (res: MockResponse) => (res.body as { result: Result }).result;
const metaOf = (res: MockResponse) => (res.body as { metaData: Result }).metaData;

/** The merchant's check: the result hash over the result, with the request's fields the result does not echo. */
function merchantAccepts(result: Result, form: Record<string, string>): boolean {
  const blanks = Object.fromEntries(
    ["productinfo", "firstname", "email", "udf1", "udf2", "udf3", "udf4", "udf5"].map((k) => [k, ""]),
  );
  const { hash: _h, ...req } = form;
  return verify(
    "payment-response",
    { ...blanks, ...req, ...result } as never,
    result.hash,
    t.ctx.credentials.salt,
  );
}

describe("gateway: mandate authorization", () => {
  it("registers the mandate: status success, sist, IsStandingInstructionSet 1, an exact 18-digit mihpayid", async () => {
    const form = signed("authorizeMandateTransaction", "tokenisedCard", "mandate-authorization", {
      txnid: "MANDATE-1",
    });
    const res = await post("authorizeMandateTransaction", form);
    expect(res.status).toBe(200);
    const result = resultOf(res);
    expect(result).toMatchObject({
      status: "success",
      payment_source: "sist",
      IsStandingInstructionSet: "1",
      txnid: "MANDATE-1",
      card_no: "XXXXXXXXXXXX2346",
      addedon: "2026-11-23 11:30:00",
    });
    expect(typeof result.mihpayid).toBe("string");
    expect(result.mihpayid).toMatch(/^\d{18}$/);
    expect(metaOf(res)).toMatchObject({
      txnId: "MANDATE-1",
      referenceId: "8f2c1a7e4b5d4c3a9e1f0a2b3c4d5e6f",
    });
    expect(merchantAccepts(result, form)).toBe(true);
    expect(merchantAccepts({ ...result, status: "failure" }, form)).toBe(false);
    const state = await control(gateway, t.ctx, "GET", "/__mock/payments/:txnid", {
      params: { txnid: "MANDATE-1" },
    });
    expect(state.body).toMatchObject({ flow: "mandate", state: "registered", mihpayid: result.mihpayid });
  });

  it("an amount ending .08 fails at the bank: E308, IsStandingInstructionSet 0, still a valid result hash", async () => {
    const form = signed("authorizeMandateTransaction", "savedCard", "mandate-authorization", {
      amount: "1.08",
    });
    const res = await post("authorizeMandateTransaction", form);
    const result = resultOf(res);
    expect(result).toMatchObject({
      status: "failure",
      error: "E308",
      IsStandingInstructionSet: "0",
      amount: "1.08",
    });
    expect(metaOf(res).statusCode).toBe("E308");
    expect(merchantAccepts(result, form)).toBe(true);
  });

  it.each([
    ["a changed amount", { amount: "2.00" }],
    ["a re-serialised authentication_info", { authentication_info: '{"referenceId": "x"}' }],
    ["a wrong key", { key: "someone-else" }],
  ] as [string, Record<string, string>][])(
    "%s after signing gets the documented 400 E1101 and a hint without the salt",
    async (_name, change) => {
      const form: Record<string, string> = {
        ...signed("authorizeMandateTransaction", "tokenisedCard", "mandate-authorization"),
        ...change,
      };
      const res = await post("authorizeMandateTransaction", form);
      expect(res.status).toBe(400);
      expect(metaOf(res)).toMatchObject({ statusCode: "E1101", txnId: form.txnid });
      const hint = res.headers?.["x-pgi-mock-hint"] ?? "";
      const preimage = res.headers?.["x-pgi-mock-preimage"] ?? "";
      expect(hint).toMatch(/^body\.(hash|key)/);
      expect(hint).not.toContain(t.ctx.credentials.salt);
      expect(preimage).not.toContain(t.ctx.credentials.salt);
      if (!("key" in change)) {
        expect(hint).toMatch(/^body\.hash: does not match mandate-authorization: /);
        expect(preimage.startsWith(`${form.key}|${form.txnid}|${form.amount}|`)).toBe(true);
        expect(preimage.endsWith("|<SALT>")).toBe(true);
        // The digest the mock expected is as good as a credential: never shown.
        const expected = sign("mandate-authorization", form as never, t.ctx.credentials.salt).digest;
        expect(hint + preimage).not.toContain(expected);
      }
    },
  );
});

describe("gateway: UPI one-time mandate", () => {
  it("Intent: pending with the payment's id in the intent URI, success 5 mock seconds later", async () => {
    const form = signed("initiateHostedCheckoutPayment", "upiIntent", "upi-mandate-registration", {
      txnid: "UPI-I-1",
      amount: "25.50",
    });
    const res = await post("initiateHostedCheckoutPayment", form);
    const meta = metaOf(res);
    const { paymentId } = resultOf(res);
    expect(meta).toMatchObject({ txnStatus: "pending", txnId: "UPI-I-1" });
    expect(paymentId).toMatch(/^\d{18}$/);
    expect(meta.intentURIData).toContain(`tr=${paymentId}&am=25.50`);
    expect(meta.intentURIData).toContain("validitystart=12082026&validityend=31082026");
    const state = () =>
      control(gateway, t.ctx, "GET", "/__mock/payments/:txnid", { params: { txnid: "UPI-I-1" } });
    await t.advance(4.999);
    expect((await state()).body).toMatchObject({ flow: "upi-intent", state: "pending" });
    await t.advance(0.001);
    expect((await state()).body).toMatchObject({ state: "success", mihpayid: paymentId });
    expect(t.sent).toHaveLength(0);
  });

  it.each([
    ["asha@okbank", "success", "E000", "https://merchant.example.in/pay/success"],
    ["failing@okbank", "failure", "E308", "https://merchant.example.in/pay/failure"],
  ])(
    "Collect on %s: pending now, then the signed %s response is POSTed URL-encoded to %s",
    async (vpa, status, error, url) => {
      const form = signed("initiateHostedCheckoutPayment", "upiCollect", "upi-mandate-registration", {
        vpa,
        udf1: "order-1",
      });
      const res = await post("initiateHostedCheckoutPayment", form);
      expect(metaOf(res).txnStatus).toBe("pending");
      await t.advance(4);
      expect(t.sent).toHaveLength(0);
      await t.advance(1);
      expect(t.sent).toHaveLength(1);
      const [call] = t.sent;
      expect(call?.url).toBe(url);
      expect(new Headers(call?.init.headers).get("content-type")).toBe("application/x-www-form-urlencoded");
      const final = Object.fromEntries(new URLSearchParams(String(call?.init.body)));
      expect(final).toMatchObject({ status, error, txnid: form.txnid, udf1: "order-1", field4: vpa });
      expect(final.mihpayid).toBe(resultOf(res).paymentId);
      expect(schemaErrors("gateway", "CollectFinalResponse", final)).toEqual([]);
      expect(verify("payment-response", final as never, final.hash, t.ctx.credentials.salt)).toBe(true);
      const state = await control(gateway, t.ctx, "GET", "/__mock/payments/:txnid", {
        params: { txnid: form.txnid ?? "" },
      });
      expect(state.body).toMatchObject({ state: status, callback: { url, status: 200 } });
    },
  );

  it("Collect whose surl cannot be reached: the failure is recorded, nothing throws", async () => {
    t = createTestContext({
      fetch: async () => {
        throw new TypeError("fetch failed");
      },
      behaviours: [gateway],
    });
    const form = signed("initiateHostedCheckoutPayment", "upiCollect", "upi-mandate-registration");
    await post("initiateHostedCheckoutPayment", form);
    await t.advance(5);
    const state = await control(gateway, t.ctx, "GET", "/__mock/payments/:txnid", {
      params: { txnid: form.txnid ?? "" },
    });
    expect(state.body).toMatchObject({ state: "success", callback: { error: /fetch failed/ } });
  });

  it("a wrong hash gets the documented 200 E1101 answer with the caller's txnid; unknown txnid in the control route is 404", async () => {
    const form: Record<string, string> = {
      ...signed("initiateHostedCheckoutPayment", "upiIntent", "upi-mandate-registration"),
      udf1: "x",
    };
    const res = await post("initiateHostedCheckoutPayment", form);
    expect(metaOf(res)).toMatchObject({ statusCode: "E1101", txnId: form.txnid });
    expect(res.headers?.["x-pgi-mock-hint"]).toMatch(
      /^body\.hash: does not match upi-mandate-registration: /,
    );
    expect(res.headers?.["x-pgi-mock-preimage"]).toMatch(/\|<SALT>$/);
    const missing = await control(gateway, t.ctx, "GET", "/__mock/payments/:txnid", {
      params: { txnid: "NOPE" },
    });
    expect(missing.status).toBe(404);
  });
});

describe("gateway: BNPL link-and-pay", () => {
  it.each([
    ["9876543210", "success", "E000", "captured"],
    ["9876543211", "failure", "E2401", undefined],
    ["9876543212", "failure", "E308", "failed"],
  ])("phone %s: %s %s", async (phone, status, error, unmapped) => {
    const form = signed("initiateHostedCheckoutPayment", "bnplLinkAndPay", "payment-request", { phone });
    const res = await post("initiateHostedCheckoutPayment", form);
    const result = resultOf(res);
    expect(result).toMatchObject({ status, error, txnid: form.txnid });
    expect(metaOf(res)).toMatchObject({ statusCode: error, txnId: form.txnid });
    if (unmapped) {
      expect(result).toMatchObject({ unmappedstatus: unmapped, phone });
      expect(merchantAccepts(result, form)).toBe(true);
    }
  });

  it("a first-time user (phone ending 3) gets the registration page once, then is a repeat user", async () => {
    const first = await post(
      "initiateHostedCheckoutPayment",
      signed("initiateHostedCheckoutPayment", "bnplLinkAndPay", "payment-request", { phone: "9876543213" }),
    );
    expect(resultOf(first)).toMatchObject({ link_and_pay: { customerLinked: "false" } });
    expect(resultOf(first).acsTemplate).toBeTruthy();
    const second = await post(
      "initiateHostedCheckoutPayment",
      signed("initiateHostedCheckoutPayment", "bnplLinkAndPay", "payment-request", {
        phone: "9876543213",
        txnid: "BNPL-2",
      }),
    );
    expect(resultOf(second)).toMatchObject({ status: "success", txnid: "BNPL-2" });
    await t.store.reset();
    const afterReset = await post(
      "initiateHostedCheckoutPayment",
      signed("initiateHostedCheckoutPayment", "bnplLinkAndPay", "payment-request", { phone: "9876543213" }),
    );
    expect(resultOf(afterReset).acsTemplate).toBeTruthy();
  });

  it("snapshot lists payments and linked users; reset forgets them", async () => {
    await post(
      "initiateHostedCheckoutPayment",
      signed("initiateHostedCheckoutPayment", "bnplLinkAndPay", "payment-request", { phone: "9876543213" }),
    );
    expect(await gateway.snapshot(t.clock.now(), t.ctx)).toMatchObject({ linkedBnplUsers: ["9876543213"] });
    await t.store.reset();
    expect(await gateway.snapshot(t.clock.now(), t.ctx)).toEqual({
      counts: { payments: 0, linkedBnplUsers: 0 },
      payments: {},
      linkedBnplUsers: [],
    });
  });
});

describe("gateway: documented answers prepared once", () => {
  it("reads each documented example once, and every answer carries only its own request's values", async () => {
    const looked: string[] = [];
    const documentedResponse = t.ctx.documentedResponse;
    t.ctx.documentedResponse = (operationId, status, example) => {
      looked.push(`${operationId} ${status} ${example ?? ""}`);
      return documentedResponse(operationId, status, example);
    };
    const answers: MockResponse[] = [];
    for (const n of [1, 2, 3]) {
      const form = signed("initiateHostedCheckoutPayment", "upiIntent", "upi-mandate-registration", {
        txnid: `UPI-T-${n}`,
        amount: `${n}0.00`,
      });
      answers.push(await post("initiateHostedCheckoutPayment", form));
    }
    const wrong = { ...signed("authorizeMandateTransaction", "tokenisedCard", "mandate-authorization") };
    wrong.hash = "0".repeat(128);
    await gateway.handle(request("authorizeMandateTransaction", { body: wrong }), t.ctx);
    await gateway.handle(request("authorizeMandateTransaction", { body: { ...wrong, txnid: "W2" } }), t.ctx);
    expect(looked).toEqual([
      "initiateHostedCheckoutPayment 200 upiIntentPending",
      "authorizeMandateTransaction 400 ",
    ]);
    // Three answers from one template: each with its own txnid, amount and payment id in the intent URI.
    expect(answers.map((a) => metaOf(a).txnId)).toEqual(["UPI-T-1", "UPI-T-2", "UPI-T-3"]);
    const ids = answers.map((a) => resultOf(a).paymentId);
    expect(new Set(ids).size).toBe(3);
    answers.forEach((a, i) => {
      expect(metaOf(a).intentURIData).toContain(`tr=${ids[i]}&am=${i + 1}0.00`);
    });
    // The template itself is untouched: the next answer has the documented fields, only its own values filled.
    const documented = documentedResponse("initiateHostedCheckoutPayment", 200, "upiIntentPending");
    if (!documented) throw new Error("upiIntentPending is not documented");
    const docBody = documented.body as { metaData: Result; result: Result };
    const fourth = await post(
      "initiateHostedCheckoutPayment",
      signed("initiateHostedCheckoutPayment", "upiIntent", "upi-mandate-registration", { txnid: "UPI-T-4" }),
    );
    expect(Object.keys(fourth.body as object)).toEqual(Object.keys(docBody));
    expect(Object.keys(resultOf(fourth))).toEqual(Object.keys(docBody.result));
    expect(metaOf(fourth)).toMatchObject({
      ...docBody.metaData,
      txnId: "UPI-T-4",
      referenceId: expect.stringMatching(/^[0-9a-f]{32}$/),
      intentURIData: expect.any(String),
    });
    expect(metaOf(fourth).intentURIData).not.toBe(metaOf(answers[2] as MockResponse).intentURIData);
  });
});
