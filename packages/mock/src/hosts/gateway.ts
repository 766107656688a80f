// Gateway host: hash checks, mandate registration, UPI one-time mandates (Intent, Collect with surl/furl) and BNPL.

import { secretEquals } from "../core/secret-compare.js";
import type { Job, Payment } from "../state/types.js";
import type { ControlRoute, HostBehaviour, HostContext, MockRequest, MockResponse } from "../types.js";
import {
  type CollectOutcome,
  collectFinal,
  documentedAnswers,
  type Form,
  fillIntentUri,
  fillResult,
  newMihpayid,
  newReferenceId,
} from "./gateway-answers.js";
import { checkHash } from "./hash-check.js";

type Scheme = "mandate-authorization" | "payment-request" | "upi-mandate-registration";

/** Seconds of mock time after which a pending UPI mandate completes (Intent success; Collect final response). */
export const UPI_COMPLETION_SECONDS = 5;

/** BNPL scenario (example name) chosen by the last digit of `phone`; any other digit is a repeat-user success. */
export const BNPL_SCENARIOS: Readonly<Record<string, string>> = {
  "1": "bnplRepeatUserNotEligible",
  "2": "bnplBankFailure",
  "3": "bnplFirstTimeRegistration",
};

/** A Collect request on a VPA whose handle starts with this fails at the bank (E308) and is posted to furl. */
export const COLLECT_FAILURE_VPA_PREFIX = "fail";

/** A mandate authorization whose amount ends in these paise fails at the bank (E308): not registered. */
export const MANDATE_FAILURE_PAISE = ".08";

const COLLECT_SUCCESS: CollectOutcome = { status: "success", error: "E000", errorMessage: "No Error" };
const COLLECT_FAILURE: CollectOutcome = {
  status: "failure",
  error: "E308",
  errorMessage: "Transaction failed at the bank end",
};

/** The job that completes a pending UPI payment: its txnid and mihpayid, and the form it was requested with. */
const UPI_COMPLETION_JOB = "upi-complete";

function schemeOf(req: MockRequest, form: Form): Scheme {
  if (req.operationId === "authorizeMandateTransaction") return "mandate-authorization";
  return form.pg === "BNPL" ? "payment-request" : "upi-mandate-registration";
}

type AuthenticationInfo = { referenceId?: unknown; siTokenDetails?: { last4digits?: unknown } } | undefined;

/** The authentication_info JSON field, parsed once; undefined when it does not parse. */
function authenticationInfo(form: Form): AuthenticationInfo {
  try {
    return JSON.parse(form.authentication_info ?? "{}") as AuthenticationInfo;
  } catch {
    return undefined;
  }
}

/** The card's masked number from authentication_info.siTokenDetails.last4digits, when sent. */
function maskedCard(info: AuthenticationInfo): string | undefined {
  const last4 = info?.siTokenDetails?.last4digits;
  return typeof last4 === "string" && /^\d{4}$/.test(last4) ? `XXXXXXXXXXXX${last4}` : undefined;
}

function referenceIdOf(info: AuthenticationInfo): string | undefined {
  const ref = info?.referenceId;
  return typeof ref === "string" ? ref : undefined;
}

/**
 * Completes a pending UPI payment (a job, 5 mock seconds after the request): Intent succeeds; Collect's final
 * response is POSTed to surl (success) or furl (failure) and the answer recorded.
 */
async function completeUpi(job: Job, ctx: HostContext): Promise<void> {
  const { txnid, mihpayid, flow } = job.payload as { txnid: string; mihpayid: string; flow: string };
  const form = job.payload.form as Form;
  const completedAt = new Date(ctx.clock.now()).toISOString();
  if (flow === "upi-intent") {
    await ctx.state.gateway.complete(txnid, mihpayid, { state: "success", completedAt });
    return;
  }
  const vpaHandle = (form.vpa ?? "").split("@")[0] ?? "";
  const outcome = vpaHandle.startsWith(COLLECT_FAILURE_VPA_PREFIX) ? COLLECT_FAILURE : COLLECT_SUCCESS;
  const url = (outcome.status === "success" ? form.surl : form.furl) ?? "";
  const update = { state: outcome.status, completedAt, callback: { url } };
  if (!(await ctx.state.gateway.complete(txnid, mihpayid, update))) return;
  let result: { status?: number; error?: string };
  try {
    const res = await ctx.fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(collectFinal(ctx, form, mihpayid, outcome)).toString(),
    });
    result = { status: res.status };
    await res.arrayBuffer().catch(() => undefined);
  } catch (error) {
    result = { error: `could not post the final response: ${(error as Error).message}` };
  }
  await ctx.state.gateway.recordCallback(txnid, mihpayid, result);
  ctx.log("collect-final-response", { txnid, url, status: result.status });
}

const paymentRoute: ControlRoute = {
  method: "GET",
  path: "/__mock/payments/:txnid",
  description:
    "a gateway payment or mandate by txnid: flow, state (pending, then success or failure), mihpayid, Collect callback",
  async handle(req, ctx) {
    const p = await ctx.state.gateway.payment(req.params.txnid ?? "");
    if (!p) {
      return {
        status: 404,
        contentType: "application/problem+json",
        body: {
          type: "https://pgi.dev/mock/problems/404",
          title: "Unknown payment",
          status: 404,
          detail: `params.txnid: no payment or mandate with txnid ${req.params.txnid}; POST it to the gateway first`,
        },
      };
    }
    return { status: 200, body: p };
  },
};

/** Creates the gateway behaviour; its state is ctx.state.gateway. */
export function createGatewayBehaviour(): HostBehaviour {
  const answers = documentedAnswers();

  /** The documented invalid-parameters answer (E1101) with the caller's txnid and the hint headers. */
  const invalid = (
    req: MockRequest,
    ctx: HostContext,
    form: Form,
    hints: Record<string, string>,
  ): MockResponse | undefined => {
    const res =
      req.operationId === "authorizeMandateTransaction"
        ? answers(ctx, req.operationId, 400)
        : answers(ctx, req.operationId, 200, "invalidParameters");
    fillResult(ctx, res, form, {});
    return res && { ...res, headers: { ...res.headers, ...hints } };
  };

  return {
    host: "gateway",
    control: [paymentRoute],
    jobs: { [UPI_COMPLETION_JOB]: completeUpi },
    async handle(req, ctx) {
      const form = req.body as Form;
      if (!secretEquals(form.key ?? "", ctx.credentials.merchantKey)) {
        const hint = "body.key: not the configured merchant key (PGI_MERCHANT_KEY)";
        return invalid(req, ctx, form, { "x-pgi-mock-hint": hint });
      }
      const scheme = schemeOf(req, form);
      const check = checkHash(scheme, form, "hash", ctx.credentials.salt);
      if (!check.ok) return invalid(req, ctx, form, check.headers);

      const txnid = form.txnid ?? "";
      const mihpayid = newMihpayid(ctx);
      const record = (flow: Payment["flow"], state: string) =>
        ctx.state.gateway.record({
          txnid,
          flow,
          state,
          mihpayid,
          createdAt: new Date(ctx.clock.now()).toISOString(),
        });

      if (req.operationId === "authorizeMandateTransaction") {
        const fails = (form.amount ?? "").endsWith(MANDATE_FAILURE_PAISE);
        await record("mandate", fails ? "failure" : "registered");
        const res = answers(ctx, req.operationId, 200, fails ? "bankFailure" : "registered");
        const info = authenticationInfo(form);
        return fillResult(ctx, res, form, {
          mihpayid,
          referenceId: referenceIdOf(info) ?? "",
          cardNo: maskedCard(info),
        });
      }

      if (scheme === "payment-request") {
        const phone = form.phone ?? "";
        let scenario = BNPL_SCENARIOS[phone.slice(-1)] ?? "bnplRepeatUserSuccess";
        // A first-time user is linked by the registration: the next link-and-pay is a repeat user's debit.
        if (scenario === "bnplFirstTimeRegistration" && !(await ctx.state.gateway.linkBnplUser(phone))) {
          scenario = "bnplRepeatUserSuccess";
        }
        await record("bnpl", scenario);
        const res = answers(ctx, req.operationId, 200, scenario);
        return fillResult(ctx, res, form, { mihpayid, referenceId: newReferenceId(ctx) });
      }

      const intent = form.bankcode === "INTENT";
      const flow = intent ? "upi-intent" : "upi-collect";
      await record(flow, "pending");
      const payload = { txnid, mihpayid, flow, form };
      await ctx.state.jobs.schedule(
        { id: `upi:${txnid}:${mihpayid}`, kind: UPI_COMPLETION_JOB, payload },
        UPI_COMPLETION_SECONDS * 1000,
      );
      const res = answers(ctx, req.operationId, 200, intent ? "upiIntentPending" : "upiCollectPending");
      fillIntentUri(res, form, mihpayid);
      return fillResult(ctx, res, form, { mihpayid, referenceId: newReferenceId(ctx) });
    },
    async snapshot(_now, ctx) {
      const { payments, linkedBnplUsers } = await ctx.state.gateway.snapshot();
      return {
        counts: { payments: payments.length, linkedBnplUsers: linkedBnplUsers.length },
        payments: Object.fromEntries(payments.map((p) => [p.txnid, p])),
        linkedBnplUsers,
      };
    },
  };
}
