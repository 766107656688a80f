// Gateway host: hash checks, mandate registration, UPI one-time mandates (Intent, Collect with surl/furl) and BNPL.
import { explain, paymentResponse, sign, verify } from "@pgi/signing";
import type { HostBehaviour, HostContext, MockRequest, MockResponse } from "../types.js";

type Scheme = "mandate-authorization" | "payment-request" | "upi-mandate-registration";
type Form = Record<string, string>;

/** Seconds of mock time after which a pending UPI mandate completes (Intent success; Collect final response). */
export const UPI_COMPLETION_SECONDS = 5;

/** BNPL scenario chosen by the last digit of `phone` (see docs/flows.md). */
export const BNPL_SCENARIOS: Readonly<Record<string, string>> = {
  "1": "bnplRepeatUserNotEligible",
  "2": "bnplBankFailure",
  "3": "bnplFirstTimeRegistration",
};

/** A one-line hint for a wrong hash: the recipe and the pre-image, secret masked. */
export function hashHint(scheme: Scheme, fields: Form, salt: string): string {
  const text = explain(scheme, fields as never, { secret: salt, received: fields.hash ?? "" }).format();
  return text
    .split(salt)
    .join("<SALT>")
    .replace(/\s*\n\s*/g, " | ")
    .slice(0, 4_000);
}

function schemeOf(req: MockRequest, form: Form): Scheme {
  if (req.operationId === "authorizeMandateTransaction") return "mandate-authorization";
  return form.LinkAndPayFlowType !== undefined ? "payment-request" : "upi-mandate-registration";
}

function mihpayid(ctx: HostContext): string {
  let digits = "40399";
  for (let i = 0; i < 13; i++) digits += Math.floor(ctx.random() * 10).toString();
  return digits;
}

function addedOn(ctx: HostContext): string {
  // The gateway writes IST wall-clock time as YYYY-MM-DD HH:MM:SS.
  return new Date(ctx.clock.now() + 5.5 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");
}

/** Copies the request's values into a documented answer and signs result.hash with the payment-response recipe. */
function completeResult(ctx: HostContext, answer: MockResponse, form: Form, id: string): MockResponse {
  const body = answer.body as
    | { result?: Record<string, unknown>; metaData?: Record<string, unknown> }
    | undefined;
  const result = body?.result;
  if (!result) return answer;
  for (const k of ["key", "txnid", "amount", "productinfo", "firstname", "email", "phone"]) {
    if (form[k] !== undefined && k in result) result[k] = form[k];
  }
  for (let i = 1; i <= 10; i++)
    if (form[`udf${i}`] !== undefined && `udf${i}` in result) result[`udf${i}`] = form[`udf${i}`];
  if ("mihpayid" in result) result.mihpayid = id;
  if ("addedon" in result) result.addedon = addedOn(ctx);
  if (body.metaData && "txnId" in body.metaData) body.metaData.txnId = form.txnid;
  if ("hash" in result) {
    // The recipe covers request fields the result may not echo (email, udf*): signed as the merchant verifies.
    const fields = paymentResponse.fieldsFor(result, form);
    result.hash = sign("payment-response", fields as never, ctx.credentials.salt).digest;
  }
  return answer;
}

function collectFinal(ctx: HostContext, form: Form, id: string): Record<string, string> {
  const fields: Record<string, string> = {
    mihpayid: id,
    mode: "UPI",
    status: "success",
    key: form.key ?? "",
    txnid: form.txnid ?? "",
    amount: form.amount ?? "",
    productinfo: form.productinfo ?? "",
    firstname: form.firstname ?? "",
    email: form.email ?? "",
    phone: form.phone ?? "",
    udf1: form.udf1 ?? "",
    udf2: form.udf2 ?? "",
    udf3: form.udf3 ?? "",
    udf4: form.udf4 ?? "",
    udf5: form.udf5 ?? "",
    PG_TYPE: "UPI-PG",
    bankcode: "UPI",
    addedon: addedOn(ctx),
    error: "E000",
    error_Message: "No Error",
  };
  fields.hash = sign("payment-response", fields as never, ctx.credentials.salt).digest;
  return fields;
}

/** Creates the gateway behaviour. */
export function createGatewayBehaviour(): HostBehaviour {
  const mandates = new Map<string, { mihpayid: string; amount: string; at: string }>();
  const payments = new Map<string, { flow: string; state: string; mihpayid: string; callback?: string }>();

  return {
    host: "gateway",
    handle(req, ctx) {
      const form = req.body as Form;
      const scheme = schemeOf(req, form);
      const invalid = () =>
        req.operationId === "authorizeMandateTransaction"
          ? ctx.documentedResponse(req.operationId, 400)
          : ctx.documentedResponse(req.operationId, 200, "invalidParameters");
      if (form.key !== ctx.credentials.merchantKey) {
        const res = invalid();
        return res && { ...res, headers: { "x-pgi-mock-hint": `body.key: not the configured merchant key` } };
      }
      if (!verify(scheme, form as never, form.hash, ctx.credentials.salt)) {
        const res = invalid();
        return (
          res && { ...res, headers: { "x-pgi-mock-hint": hashHint(scheme, form, ctx.credentials.salt) } }
        );
      }
      const id = mihpayid(ctx);
      if (req.operationId === "authorizeMandateTransaction") {
        mandates.set(form.txnid as string, { mihpayid: id, amount: form.amount as string, at: addedOn(ctx) });
        const res = ctx.documentedResponse(req.operationId, 200, "registered");
        return res && completeResult(ctx, res, form, id);
      }
      if (scheme === "payment-request") {
        const scenario = BNPL_SCENARIOS[(form.phone ?? "").slice(-1)] ?? "bnplRepeatUserSuccess";
        payments.set(form.txnid as string, { flow: "bnpl", state: scenario, mihpayid: id });
        const res = ctx.documentedResponse(req.operationId, 200, scenario);
        return res && completeResult(ctx, res, form, id);
      }
      const intent = form.bankcode === "INTENT";
      const record: { flow: string; state: string; mihpayid: string; callback?: string } = {
        flow: intent ? "upi-intent" : "upi-collect",
        state: "pending",
        mihpayid: id,
      };
      payments.set(form.txnid as string, record);
      ctx.scheduler.after(UPI_COMPLETION_SECONDS * 1000, async () => {
        record.state = "success";
        if (intent) return;
        const url = form.surl as string;
        const body = new URLSearchParams(collectFinal(ctx, form, id)).toString();
        try {
          const res = await ctx.fetch(url, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body,
          });
          record.callback = `POST ${url} answered ${res.status}`;
        } catch (error) {
          record.callback = `POST ${url} failed: ${(error as Error).message}`;
        }
      });
      const res = ctx.documentedResponse(
        req.operationId,
        200,
        intent ? "upiIntentPending" : "upiCollectPending",
      );
      return res && completeResult(ctx, res, form, id);
    },
    snapshot: () => ({ mandates: Object.fromEntries(mandates), payments: Object.fromEntries(payments) }),
    reset() {
      mandates.clear();
      payments.clear();
    },
  };
}
