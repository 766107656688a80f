// Delivers signed merchant status webhooks with the interface's answer limit and retry schedule. What is pending
// lives in the store (ctx.state.deliveries, with each retry and answer limit a job), so any instance of a shared
// sandbox makes the next attempt; this module only makes the HTTP calls.
import { webhookSignature } from "@pgi/signing";
import type { AttemptResult, AttemptTarget, Delivery, Job } from "../state/types.js";
import type { HostContext } from "../types.js";
import { MissingSpecRuleError } from "./errors.js";

export type { Delivery, DeliveryAttempt } from "../state/types.js";

/** The delivery rule read from the spec (x-pgi-rule of the merchantStatusUpdate webhook). */
export interface DeliveryRule {
  expectStatus: number;
  answerWithinSeconds: number;
  retrySchedule: number[];
}

/** Kinds of the jobs a delivery schedules: the next attempt, and the end of an unanswered one. */
export const ATTEMPT_JOB = "webhook-attempt";
export const LIMIT_JOB = "webhook-limit";

/** Reads the delivery rule from the spec; the mock refuses to start a delivery without it. */
export function deliveryRule(ctx: HostContext): DeliveryRule {
  const rule = ctx.operationRule("merchantStatusUpdate");
  const schedule = rule?.retrySchedule;
  if (!rule || !Array.isArray(schedule) || typeof rule.answerWithinSeconds !== "number") {
    throw new MissingSpecRuleError("partner", "merchantStatusUpdate", "webhook-delivery");
  }
  return {
    expectStatus: typeof rule.expectStatus === "number" ? rule.expectStatus : 200,
    answerWithinSeconds: rule.answerWithinSeconds,
    retrySchedule: schedule.map(Number),
  };
}

/**
 * Loopback HTTPS endpoints are reached over plain HTTP: registration demands https:// (the interface's rule), and a
 * receiver on a developer's machine has no certificate. Every other URL is used as registered.
 */
export function transportUrl(url: string): string {
  const u = new URL(url);
  if (u.protocol === "https:" && ["127.0.0.1", "localhost", "[::1]"].includes(u.hostname))
    u.protocol = "http:";
  return u.toString();
}

/** Resolves after pending microtasks and I/O callbacks: lets an attempt answered at once finish first. */
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What a status change reports: the item, its new status, and the payload for the previous status read. */
export interface StatusChange {
  merchant: string;
  event: string;
  current: string;
  /** The previous status the caller named; else the item's last status is read (Pending when none). */
  previous?: string;
  payload(previous: string): Record<string, unknown>;
}

/** Sends deliveries and runs their jobs; one per process, attempts in flight are this process's own. */
export class WebhookDispatcher {
  private readonly inflight = new Map<string, AbortController>();
  private readonly running = new Set<Promise<unknown>>();

  constructor(private readonly ctx: HostContext) {}

  /**
   * Records the status change and starts its delivery: signs the payload, makes attempt 1 now, and leaves the
   * retries to the store's jobs. "full" when maxPendingDeliveries are pending (nothing changed).
   *
   * @example
   * const started = await dispatcher.start("https://partner.example.in/hook", change);
   * if (started !== "full") started.delivery.state; // "pending" until the receiver answers 200
   */
  async start(url: string, change: StatusChange): Promise<{ delivery: Delivery } | "full" | "busy"> {
    const rule = deliveryRule(this.ctx);
    const { deliveries, partner } = this.ctx.state;
    // The previous status is read, then the start checks it is still the item's: a concurrent change of the same
    // item on another instance makes this one read again, so no two payloads report the same previous status.
    for (let i = 0; i < 8; i++) {
      const expected =
        change.previous === undefined
          ? ((await partner.itemStatus(change.merchant, change.event)) ?? null)
          : undefined;
      const payload = change.payload(change.previous ?? expected ?? "Pending");
      const { digest, body } = webhookSignature.sign(payload, this.ctx.credentials.webhookSecret);
      const item = { merchant: change.merchant, event: change.event, current: change.current, expected };
      const input = { url, payload, signature: digest, body, item, limitMs: rule.answerWithinSeconds * 1000 };
      const started = await deliveries.start(input, this.ctx.clock.now());
      if (started === "conflict") continue;
      if (started !== "full")
        this.track(this.attempt(started.delivery.id, 1, { url, body, signature: digest }));
      return started;
    }
    return "busy";
  }

  /**
   * Sends a delivery of the log again: the same payload (signed again) to the same URL, as a new delivery with its
   * own attempts and retries. No item status changes (a resent old event does not rewind the item). "notFound"
   * when the log no longer holds `id`.
   *
   * @example
   * const again = await dispatcher.resend("dlv_3"); // { delivery: { id: "dlv_4", ... } }
   */
  async resend(id: string): Promise<{ delivery: Delivery } | "full" | "notFound"> {
    const rule = deliveryRule(this.ctx);
    const now = this.ctx.clock.now();
    const old = (await this.ctx.state.deliveries.list(now)).find((d) => d.id === id);
    if (!old) return "notFound";
    const { digest, body } = webhookSignature.sign(old.payload, this.ctx.credentials.webhookSecret);
    const input = {
      url: old.url,
      payload: old.payload,
      signature: digest,
      body,
      limitMs: rule.answerWithinSeconds * 1000,
    };
    const started = await this.ctx.state.deliveries.start(input, now);
    if (started === "conflict") return "notFound"; // unreachable: no item is checked
    if (started !== "full")
      this.track(this.attempt(started.delivery.id, 1, { url: old.url, body, signature: digest }));
    return started;
  }

  /** The job of a scheduled retry: begins attempt n (exactly once across instances) and sends it. */
  async runAttempt(job: Job): Promise<void> {
    const { id, n } = job.payload as { id: string; n: number };
    const rule = deliveryRule(this.ctx);
    const target = await this.ctx.state.deliveries.begin(
      id,
      n,
      this.ctx.clock.now(),
      rule.answerWithinSeconds * 1000,
    );
    if (!target) return;
    // Wait for a quick answer (so its retry is scheduled in order), never for a receiver that hangs.
    await Promise.race([this.track(this.attempt(id, n, target)), tick()]);
  }

  /** The job of an answer limit: ends the attempt as unanswered (unless it ended) and stops waiting for it. */
  async runLimit(job: Job): Promise<void> {
    const { id, n } = job.payload as { id: string; n: number };
    const rule = deliveryRule(this.ctx);
    const error = `no answer within ${rule.answerWithinSeconds} s`;
    await this.finish(id, n, { delivered: false, error }, rule);
    this.inflight.get(`${id}:${n}`)?.abort();
  }

  private async attempt(id: string, n: number, target: AttemptTarget): Promise<void> {
    const rule = deliveryRule(this.ctx);
    const controller = new AbortController();
    const key = `${id}:${n}`;
    this.inflight.set(key, controller);
    // The limit job ends the attempt on whichever instance runs it; this timer frees the socket here as well.
    const limitMs = rule.answerWithinSeconds * 1000 * this.ctx.timeFactor;
    const timer = limitMs > 0 ? setTimeout(() => controller.abort(), limitMs) : undefined;
    timer?.unref();
    let result: AttemptResult;
    const t0 = performance.now();
    try {
      const res = await this.ctx.fetch(transportUrl(target.url), {
        method: "POST",
        headers: { "content-type": "application/json", authorization: target.signature },
        body: target.body,
        signal: controller.signal,
      });
      void res.arrayBuffer().catch(() => undefined);
      const ms = Math.round(performance.now() - t0);
      result =
        res.status === rule.expectStatus
          ? { delivered: true, status: res.status, ms }
          : {
              delivered: false,
              status: res.status,
              error: `answered ${res.status}, not ${rule.expectStatus}`,
              ms,
            };
    } catch (error) {
      result = {
        delivered: false,
        error: controller.signal.aborted
          ? `no answer within ${rule.answerWithinSeconds} s`
          : `could not connect: ${(error as Error).message}`,
      };
    } finally {
      clearTimeout(timer);
      this.inflight.delete(key);
    }
    await this.finish(id, n, result, rule);
  }

  private async finish(id: string, n: number, result: AttemptResult, rule: DeliveryRule): Promise<void> {
    const ended = await this.ctx.state.deliveries.end(
      id,
      n,
      result,
      this.ctx.clock.now(),
      rule.retrySchedule,
    );
    if (ended === "failed") this.ctx.log("webhook-failed", { id, attempts: n });
  }

  private track(p: Promise<void>): Promise<void> {
    const tracked = p.catch((error) => this.ctx.log("webhook-error", { error: String(error) }));
    this.running.add(tracked);
    void tracked.finally(() => this.running.delete(tracked));
    return tracked;
  }

  /** Resolves when every attempt in flight has finished (a receiver that hangs keeps it waiting until its limit). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
