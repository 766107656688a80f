// Gateway host: hash checks, mandate registration, UPI one-time mandates (Intent, Collect with surl/furl) and BNPL.
import { capSize, DEFAULT_STATE_LIMITS, type StateLimits } from "../core/bounded-store.js";
import { secretEquals } from "../core/secret-compare.js";
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
} from "./gateway-results.js";
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

/** What the mock remembers about a payment on /_payment or a mandate authorization, by txnid. */
interface Payment {
  txnid: string;
  flow: "mandate" | "upi-intent" | "upi-collect" | "bnpl";
  state: string;
  mihpayid: string;
  createdAt: string;
  completedAt?: string;
  callback?: { url: string; status?: number; error?: string };
}

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

/** Creates the gateway behaviour. */
export function createGatewayBehaviour(limits: StateLimits = DEFAULT_STATE_LIMITS): HostBehaviour {
  const payments = new Map<string, Payment>();
  const linkedBnplUsers = new Set<string>();
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

  const completeUpi = async (ctx: HostContext, form: Form, p: Payment): Promise<void> => {
    p.completedAt = new Date(ctx.clock.now()).toISOString();
    if (p.flow === "upi-intent") {
      p.state = "success";
      return;
    }
    const vpaHandle = (form.vpa ?? "").split("@")[0] ?? "";
    const outcome = vpaHandle.startsWith(COLLECT_FAILURE_VPA_PREFIX) ? COLLECT_FAILURE : COLLECT_SUCCESS;
    p.state = outcome.status;
    const url = (outcome.status === "success" ? form.surl : form.furl) ?? "";
    p.callback = { url };
    try {
      const res = await ctx.fetch(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(collectFinal(ctx, form, p.mihpayid, outcome)).toString(),
      });
      p.callback.status = res.status;
      await res.arrayBuffer().catch(() => undefined);
    } catch (error) {
      p.callback.error = `could not post the final response: ${(error as Error).message}`;
    }
    ctx.log("collect-final-response", { txnid: p.txnid, url, status: p.callback.status });
  };

  const paymentRoute: ControlRoute = {
    method: "GET",
    path: "/__mock/payments/:txnid",
    description:
      "a gateway payment or mandate by txnid: flow, state (pending, then success or failure), mihpayid, Collect callback",
    handle(req) {
      const p = payments.get(req.params.txnid ?? "");
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

  return {
    host: "gateway",
    control: [paymentRoute],
    handle(req, ctx) {
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
      const record = (flow: Payment["flow"], state: string): Payment => {
        const p: Payment = {
          txnid,
          flow,
          state,
          mihpayid,
          createdAt: new Date(ctx.clock.now()).toISOString(),
        };
        payments.set(txnid, p);
        capSize(payments, limits.maxRecords);
        return p;
      };

      if (req.operationId === "authorizeMandateTransaction") {
        const fails = (form.amount ?? "").endsWith(MANDATE_FAILURE_PAISE);
        record("mandate", fails ? "failure" : "registered");
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
        if (scenario === "bnplFirstTimeRegistration" && linkedBnplUsers.has(phone)) {
          scenario = "bnplRepeatUserSuccess";
        } else if (scenario === "bnplFirstTimeRegistration") {
          linkedBnplUsers.add(phone);
          capSize(linkedBnplUsers, limits.maxRecords);
        }
        record("bnpl", scenario);
        const res = answers(ctx, req.operationId, 200, scenario);
        return fillResult(ctx, res, form, { mihpayid, referenceId: newReferenceId(ctx) });
      }

      const intent = form.bankcode === "INTENT";
      const p = record(intent ? "upi-intent" : "upi-collect", "pending");
      ctx.scheduler.after(UPI_COMPLETION_SECONDS * 1000, () => completeUpi(ctx, form, p));
      const res = answers(ctx, req.operationId, 200, intent ? "upiIntentPending" : "upiCollectPending");
      fillIntentUri(res, form, mihpayid);
      return fillResult(ctx, res, form, { mihpayid, referenceId: newReferenceId(ctx) });
    },
    snapshot: () => ({
      counts: {
        payments: payments.size,
        linkedBnplUsers: linkedBnplUsers.size,
      },
      payments: Object.fromEntries(payments),
      linkedBnplUsers: [...linkedBnplUsers],
    }),
    reset() {
      payments.clear();
      linkedBnplUsers.clear();
    },
  };
}
