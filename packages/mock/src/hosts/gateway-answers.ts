// Gateway answers built from the request's values: documented bodies filled in, result hashes signed, Collect finals.
import { paymentResponse, sign } from "@pgi/signing";
import type { HostContext, MockResponse } from "../types.js";
import { randomDigits } from "./ids.js";

/** A form body as received: every value a string, JSON-in-form fields the exact strings sent. */
export type Form = Record<string, string>;

type Body = { metaData?: Record<string, unknown>; result?: Record<string, unknown> } | undefined;

/** An 18-digit gateway transaction id, kept as a string so no JSON reader loses precision. */
export function newMihpayid(ctx: HostContext): string {
  return `40399${randomDigits(ctx.random, 13)}`;
}

/** 32 lowercase hex characters, like the gateway's referenceId. */
export function newReferenceId(ctx: HostContext): string {
  return Array.from({ length: 32 }, () => Math.floor(ctx.random() * 16).toString(16)).join("");
}

/** The gateway's IST wall-clock time, YYYY-MM-DD HH:MM:SS. */
export function gatewayTime(ms: number): string {
  return new Date(ms + 5.5 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");
}

/** Freezes a documented answer and everything in it: it is shared by every request that starts from it. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** A fresh answer over a frozen template: only the objects fillResult and fillIntentUri write to are copied. */
function fillable(template: MockResponse): MockResponse {
  const body = template.body;
  if (!isRecord(body)) return { ...template };
  // Object.assign, not spread: spreading an object in dictionary mode (a frozen example with many keys) costs
  // microseconds; assign stays well under one.
  const copy: Record<string, unknown> = Object.assign({}, body);
  if (isRecord(body.metaData)) copy.metaData = Object.assign({}, body.metaData);
  if (isRecord(body.result)) copy.result = Object.assign({}, body.result);
  return { ...template, body: copy };
}

/** Looks up a documented answer to fill in, like HostContext.documentedResponse. */
export type DocumentedAnswers = (
  ctx: HostContext,
  operationId: string,
  status: number,
  exampleName?: string,
) => MockResponse | undefined;

/**
 * Documented answers prepared once per context, operation, status and example (a frozen template), each request
 * getting a shallow copy whose `metaData` and `result` it may fill in: no deep copy of the example per request.
 *
 * @example
 * const answers = documentedAnswers();
 * const res = fillResult(ctx, answers(ctx, "authorizeMandateTransaction", 200, "registered"), form, ids);
 */
export function documentedAnswers(): DocumentedAnswers {
  const templates = new WeakMap<HostContext, Map<string, MockResponse | undefined>>();
  return (ctx, operationId, status, exampleName) => {
    let byKey = templates.get(ctx);
    if (!byKey) {
      byKey = new Map();
      templates.set(ctx, byKey);
    }
    const key = `${operationId} ${status} ${exampleName ?? ""}`;
    let template = byKey.get(key);
    if (template === undefined && !byKey.has(key)) {
      template = deepFreeze(ctx.documentedResponse(operationId, status, exampleName));
      byKey.set(key, template);
    }
    return template && fillable(template);
  };
}

const ECHOED = ["key", "txnid", "amount", "productinfo", "firstname", "email", "phone", "surl", "furl"];

/**
 * Copies the request's values into a documented answer (only into fields the answer already has), sets the ids
 * and times, and signs result.hash with the payment-response recipe so the merchant's check passes.
 *
 * @example
 * const answer = fillResult(ctx, ctx.documentedResponse("authorizeMandateTransaction", 200, "registered"), form, id);
 */
export function fillResult(
  ctx: HostContext,
  answer: MockResponse | undefined,
  form: Form,
  ids: { mihpayid?: string; referenceId?: string; cardNo?: string },
): MockResponse | undefined {
  const body = answer?.body as Body;
  const meta = body?.metaData;
  if (meta && "txnId" in meta) meta.txnId = form.txnid ?? "";
  if (meta && ids.referenceId !== undefined && "referenceId" in meta) meta.referenceId = ids.referenceId;
  const result = body?.result;
  if (!result) return answer;
  for (const k of ECHOED) if (form[k] !== undefined && k in result) result[k] = form[k];
  for (let i = 1; i <= 10; i++) {
    const k = `udf${i}`;
    if (k in result) result[k] = form[k] ?? "";
  }
  if (ids.mihpayid !== undefined && "mihpayid" in result) result.mihpayid = ids.mihpayid;
  if (ids.mihpayid !== undefined && "paymentId" in result) result.paymentId = ids.mihpayid;
  if (ids.cardNo !== undefined && "card_no" in result) result.card_no = ids.cardNo;
  if ("addedon" in result) result.addedon = gatewayTime(ctx.clock.now());
  if ("net_amount_debit" in result && result.status === "success" && form.amount !== undefined) {
    result.net_amount_debit = String(Number(form.amount));
  }
  if ("hash" in result) {
    // The recipe covers request fields a result may not echo (email, udf*): signed as the merchant verifies.
    const fields = paymentResponse.fieldsFor(result, form);
    result.hash = sign("payment-response", fields as never, ctx.credentials.salt).digest;
  }
  return answer;
}

/** DDMMYYYY from YYYY-MM-DD, as UPI intent URIs write validity dates. */
const ddmmyyyy = (iso: unknown) =>
  typeof iso === "string" && /^\d{4}-\d{2}-\d{2}$/.test(iso)
    ? `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`
    : undefined;

/** Rewrites the documented intent URI with this payment's id, amount and validity window. */
export function fillIntentUri(answer: MockResponse | undefined, form: Form, mihpayid: string): void {
  const meta = (answer?.body as Body)?.metaData;
  if (!meta || typeof meta.intentURIData !== "string") return;
  let dates: Record<string, unknown> = {};
  try {
    dates = JSON.parse(form.si_Details ?? form.siDetails ?? "{}") as Record<string, unknown>;
  } catch {
    // The core already refused malformed JSON-in-form; keep the documented dates if it ever gets here.
  }
  const set: Record<string, string | undefined> = {
    tr: mihpayid,
    am: form.amount,
    mn: form.productinfo,
    validitystart: ddmmyyyy(dates.paymentStartDate),
    validityend: ddmmyyyy(dates.paymentEndDate),
  };
  const [base, query = ""] = meta.intentURIData.split("?", 2) as [string, string?];
  const params = query.split("&").map((pair) => {
    const [k = "", v = ""] = pair.split("=", 2);
    const value = set[k];
    return `${k}=${value === undefined ? v : encodeURIComponent(value)}`;
  });
  meta.intentURIData = `${base}?${params.join("&")}`;
}

/** Outcome of a UPI Collect request once the customer answers in the UPI app. */
export interface CollectOutcome {
  status: "success" | "failure";
  error: string;
  errorMessage: string;
}

/**
 * The final URL-encoded Collect response (the fields of the documented successToSurl / failureToFurl examples)
 * with the request's values and a payment-response hash over them.
 *
 * @example
 * const body = new URLSearchParams(collectFinal(ctx, form, id, outcome)).toString();
 */
export function collectFinal(
  ctx: HostContext,
  form: Form,
  mihpayid: string,
  outcome: CollectOutcome,
): Record<string, string> {
  const ok = outcome.status === "success";
  const fields: Record<string, string> = {
    mihpayid,
    mode: "UPI",
    status: outcome.status,
    key: form.key ?? "",
    txnid: form.txnid ?? "",
    amount: form.amount ?? "",
    addedon: gatewayTime(ctx.clock.now()),
    productinfo: form.productinfo ?? "",
    firstname: form.firstname ?? "",
    lastname: "",
    address1: "",
    address2: "",
    city: "",
    state: "",
    country: "",
    zipcode: "",
    email: form.email ?? "",
    phone: form.phone ?? "",
  };
  for (let i = 1; i <= 10; i++) fields[`udf${i}`] = form[`udf${i}`] ?? "";
  Object.assign(fields, {
    card_token: "",
    field0: "",
    field1: "",
    field2: "",
    field3: "",
    field4: form.vpa ?? "",
    field5: "",
    field6: "",
    field7: "",
    field8: "",
    field9: ok ? "SUCCESS|Completed Using Callback" : `FAILURE|${outcome.errorMessage}`,
    payment_source: "",
    PG_TYPE: "UPI-PG",
    error: outcome.error,
    error_Message: outcome.errorMessage,
    net_amount_debit: ok ? String(Number(form.amount ?? "0")) : "0",
    discount: "0.00",
    offer_key: "",
    offer_availed: "",
    additionalCharges: "0.00",
    unmappedstatus: ok ? "captured" : "failed",
    bank_ref_no: ok ? randomDigits(ctx.random, 12) : "",
    bankcode: "UPI",
    surl: form.surl ?? "",
    curl: "",
    furl: form.furl ?? "",
    card_no: "",
  });
  fields.bank_ref_num = fields.bank_ref_no ?? "";
  fields.hash = sign("payment-response", fields as never, ctx.credentials.salt).digest;
  return fields;
}
