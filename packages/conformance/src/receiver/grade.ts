// The receiver grader: runs the checks of src/receiver/checks/ against one webhook endpoint and returns an ordinary
// RunResult (one case per delivery judged), so every reporter prints it. Requests go only to the URL given, their
// count is bounded by the checks' declared maxima, and each waits at most the scaled answer time plus a margin.
import { webhookSignature } from "@pgi/signing";
import type { CaseResult, RunResult } from "../model/results.js";
import { summarise } from "../model/results.js";
import { maskText } from "../requests/reproduce.js";
import { loadSpecSet, type SpecSet } from "../spec/spec-set.js";
import { type WebhookContract, webhookContract } from "../spec/webhook-contract.js";
import { merchantUuid, writeJson } from "./bodies.js";
import { shownUrl } from "./endpoint.js";
import { RECEIVER_CHECKS } from "./registry.js";
import { reproduceDelivery } from "./reproduce-delivery.js";
import { sendDelivery } from "./send-delivery.js";
import type { Attempt, CaseVerdict, Delivery, Grader, Payload, ReceiverCheck, TimedAnswer } from "./types.js";

/** After this many deliveries in a row left unanswered, the rest of the run is not sent. */
export const STALL_LIMIT = 3;

/** What a grading run needs. */
export interface GradeOptions {
  url: URL;
  /** The partner's client secret (PGI_WEBHOOK_SECRET): it signs the deliveries and is never printed. */
  secret: string;
  /** Real seconds per interface second (default 1): 0.01 makes the 30 s answer time 0.3 s. */
  timeFactor?: number;
  specs?: SpecSet;
  /** The checks to run (default: every receiver check). */
  checks?: readonly ReceiverCheck[];
  /** Random source for merchant UUIDs (default Math.random). */
  random?: () => number;
  /** Clock for change_timestamp, in ms (default Date.now). */
  now?: () => number;
  onProgress?: (text: string) => void;
  userAgent?: string;
}

/** The signing secret the forged deliveries use: never the endpoint's. */
const otherSecret = (secret: string) =>
  secret === "pgi-grader-other-secret" ? "pgi-grader-other-secret-2" : "pgi-grader-other-secret";

/** A fresh payload of its own event: the spec's example in the schema's field order, with the run's identifiers. */
function payloadMaker(contract: WebhookContract, random: () => number, now: () => number) {
  const example = contract.examples[0] ?? {};
  return (fields: Payload = {}): Payload => {
    const base: Payload = {};
    for (const f of contract.fields) base[f] = example[f];
    base.merchant_uuid = merchantUuid(random);
    base.change_timestamp = Math.floor(now() / 1000);
    return { ...base, ...fields };
  };
}

/** The sender: the request budget, the stall guard, and the log of valid deliveries' answer times. */
function sender(o: GradeOptions, budget: number, timeoutMs: number) {
  const timedAnswers: TimedAnswer[] = [];
  let sent = 0;
  let unanswered = 0;
  const send = async (d: Delivery, timed?: { check: string; name: string }): Promise<Attempt> => {
    if (unanswered >= STALL_LIMIT)
      return { ms: 0, head: "", notSent: `the endpoint left the last ${STALL_LIMIT} deliveries unanswered` };
    if (sent >= budget)
      return { ms: 0, head: "", notSent: `the run's budget of ${budget} requests is spent` };
    sent++;
    const a = await sendDelivery(o.url, d, timeoutMs, o.userAgent ?? "pgi-conformance receiver");
    unanswered = a.timedOut ? unanswered + 1 : 0;
    if (timed)
      timedAnswers.push({
        ...timed,
        ms: a.ms,
        ...(a.status !== undefined ? { status: a.status } : {}),
        ...(a.error ? { error: a.error } : {}),
        ...(a.timedOut ? { timedOut: true } : {}),
      });
    return a;
  };
  return { send, timedAnswers, count: () => sent };
}

/**
 * The grading context the checks use.
 *
 * @example
 * const g = grader({ url, secret }, webhookContract(loadSpecSet()), 40);
 */
export function grader(o: GradeOptions, contract: WebhookContract, budget: number): Grader {
  const f = o.timeFactor ?? 1;
  const limitMs = contract.rule.answerWithinSeconds * 1000 * f;
  const timeoutMs = limitMs + Math.max(limitMs, 1000);
  const payload = payloadMaker(contract, o.random ?? Math.random, o.now ?? Date.now);
  const sign = (body: string) => webhookSignature.sign(body, o.secret).digest;
  const s = sender(o, budget, timeoutMs);
  return {
    contract,
    limitMs,
    timeoutMs,
    retryDelaysMs: contract.rule.retrySchedule.map((sec) => sec * 1000 * f),
    timeFactor: f,
    payload,
    delivery: (label, p) => {
      const body = writeJson(p);
      return { body, authorization: sign(body), label, signing: "valid signature" };
    },
    sign,
    signWithOtherSecret: (body) => webhookSignature.sign(body, otherSecret(o.secret)).digest,
    send: s.send,
    timedAnswers: s.timedAnswers,
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    progress: (text) => o.onProgress?.(text),
  };
}

/** Said on each refusal of a valid delivery when the endpoint refused every one: the likeliest cause. */
export const SECRET_HINT =
  "the endpoint refused every validly signed delivery with 401 or 403: check that its secret is the one given with --secret or PGI_WEBHOOK_SECRET";

/** True when there were valid deliveries and the endpoint refused them all as unauthorised. */
const refusedAll = (timed: readonly TimedAnswer[]) =>
  timed.length > 0 && timed.every((t) => t.status === 401 || t.status === 403);

/** One case of the report from a check's verdict, every text masked. */
function caseResult(
  check: ReceiverCheck,
  v: CaseVerdict,
  url: string,
  mask: (t: string) => string,
): CaseResult {
  const finding = {
    check: check.id,
    ok: v.ok,
    message: mask(`sent ${v.sent}`),
    expected: mask(v.expected),
    actual: mask(v.got),
  };
  return {
    host: "receiver",
    operation: check.id,
    name: mask(v.name),
    findings: v.skipped ? [] : [finding],
    durationMs: v.durationMs,
    ...(v.reproduce ? { curl: mask(reproduceDelivery(url, v.reproduce, v.copies)) } : {}),
    ...(v.status !== undefined ? { status: v.status } : {}),
    ...(v.skipped ? { skipped: mask(v.skipped) } : {}),
  };
}

/**
 * Grades the webhook endpoint at `o.url`: every receiver check in order, one case per judged delivery.
 *
 * @example
 * const result = await gradeReceiver({ url: new URL("http://127.0.0.1:8080/hook"), secret, timeFactor: 0.01 });
 * console.log(summaryLine(result)); // "20 passed, 0 failed, 0 skipped"
 */
export async function gradeReceiver(o: GradeOptions): Promise<RunResult> {
  const t0 = performance.now();
  const contract = webhookContract(o.specs ?? loadSpecSet());
  const checks = o.checks ?? RECEIVER_CHECKS;
  const g = grader(
    o,
    contract,
    checks.reduce((n, c) => n + c.maxRequests, 0),
  );
  const url = shownUrl(o.url);
  const mask = (t: string) => maskText(t, [["PGI_WEBHOOK_SECRET", o.secret]]);
  const results: CaseResult[] = [];
  for (const [i, check] of checks.entries()) {
    const progress = (text: string) => o.onProgress?.(`${i + 1}/${checks.length} ${check.id}: ${text}`);
    let verdicts: CaseVerdict[];
    try {
      verdicts = await check.run({ ...g, progress });
    } catch (error) {
      verdicts = [
        {
          name: check.id,
          ok: false,
          sent: "",
          got: `the check stopped: ${(error as Error).message}`,
          expected: "",
          durationMs: 0,
        },
      ];
    }
    for (const v of verdicts) results.push(caseResult(check, v, url, mask));
  }
  if (refusedAll(g.timedAnswers))
    for (const r of results)
      for (const f of r.findings)
        if (!f.ok && /^40[13] /.test(f.actual ?? "")) f.message = `${f.message}; ${SECRET_HINT}`;
  o.onProgress?.("");
  return summarise(mask(`the webhook endpoint ${url}`), results, performance.now() - t0);
}
