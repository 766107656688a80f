// Delivers signed merchant status webhooks with the interface's answer limit and retry schedule, and records attempts.
import { webhookSignature } from "@pgi/signing";
import { DEFAULT_STATE_LIMITS, type StateLimits } from "../core/bounded-store.js";
import type { HostContext } from "../types.js";
import { MissingSpecRuleError } from "./errors.js";

/** One attempt to deliver a webhook. */
export interface DeliveryAttempt {
  n: number;
  at: string;
  status?: number;
  error?: string;
}

/** A webhook and every attempt to deliver it. */
export interface Delivery {
  id: string;
  url: string;
  payload: Record<string, unknown>;
  signature: string;
  state: "pending" | "delivered" | "failed";
  attempts: DeliveryAttempt[];
  /** Mock time (ms) the delivery was delivered or failed for good. */
  finishedAt?: number;
  nextAttemptAt?: string;
}

/** The delivery rule read from the spec (x-pgi-rule of the merchantStatusUpdate webhook). */
export interface DeliveryRule {
  expectStatus: number;
  answerWithinSeconds: number;
  retrySchedule: number[];
}

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

/** The reason an attempt is ended when the answer limit passes. */
class AnswerTimeout extends Error {}

/** Sends deliveries and keeps them for GET /__mock/deliveries. */
export class WebhookDispatcher {
  readonly deliveries: Delivery[] = [];
  private readonly cancels = new Set<() => void>();
  private readonly inflight = new Set<Promise<unknown>>();
  /** Bumped by reset(): attempts started before it schedule nothing more. */
  private generation = 0;
  private sent = 0;

  constructor(
    private readonly ctx: HostContext,
    private readonly limits: StateLimits = DEFAULT_STATE_LIMITS,
  ) {}

  /**
   * Keeps the history bounded: finished deliveries past the retention go, then the oldest beyond the cap (finished
   * first; a pending one only when nothing else is left to drop).
   */
  prune(): void {
    const now = this.ctx.clock.now();
    const keep = (d: Delivery) => d.finishedAt === undefined || d.finishedAt + this.limits.retentionMs >= now;
    let kept = this.deliveries.filter(keep);
    let excess = kept.length - this.limits.maxDeliveries;
    if (excess > 0) kept = kept.filter((d) => !(d.state !== "pending" && excess-- > 0));
    if (kept.length > this.limits.maxDeliveries) kept = kept.slice(kept.length - this.limits.maxDeliveries);
    if (kept.length !== this.deliveries.length) this.deliveries.splice(0, this.deliveries.length, ...kept);
  }

  /**
   * Signs `payload`, sends it to `url` now, and retries per the spec's rule until it is answered 200 or the
   * attempts run out. Scheduled work never waits for a receiver that does not answer, so advancing the mock's
   * clock cannot block on one: the answer limit ends the attempt at its own due time.
   *
   * @example
   * const delivery = dispatcher.send("https://partner.example.in/hook", payload);
   * delivery.state; // "pending" until the receiver answers 200
   */
  send(url: string, payload: Record<string, unknown>): Delivery {
    const rule = deliveryRule(this.ctx);
    const { digest, body } = webhookSignature.sign(payload, this.ctx.credentials.webhookSecret);
    const delivery: Delivery = {
      id: `dlv_${++this.sent}`,
      url,
      payload,
      signature: digest,
      state: "pending",
      attempts: [],
    };
    this.deliveries.push(delivery);
    this.prune();
    const generation = this.generation;

    const attempt = async (n: number): Promise<void> => {
      const record: DeliveryAttempt = { n, at: new Date(this.ctx.clock.now()).toISOString() };
      delivery.attempts.push(record);
      delete delivery.nextAttemptAt;
      const controller = new AbortController();
      let finished = () => {};
      const done = new Promise<void>((resolve) => {
        finished = resolve;
      });
      const timedOut = new Promise<never>((_resolve, reject) => {
        controller.signal.addEventListener("abort", () => reject(new AnswerTimeout()));
      });
      // The limit's task waits for this attempt to record its failure and schedule the retry, so a clock advance
      // measures the retry from the timeout, as the interface says.
      const cancelLimit = this.ctx.scheduler.after(rule.answerWithinSeconds * 1000, async () => {
        controller.abort();
        await done;
      });
      try {
        const res = await Promise.race([
          this.ctx.fetch(transportUrl(url), {
            method: "POST",
            headers: { "content-type": "application/json", authorization: digest },
            body,
            signal: controller.signal,
          }),
          timedOut,
        ]);
        record.status = res.status;
        void res.arrayBuffer().catch(() => undefined);
        if (res.status === rule.expectStatus) {
          delivery.state = "delivered";
          delivery.finishedAt = this.ctx.clock.now();
          return;
        }
        record.error = `answered ${res.status}, not ${rule.expectStatus}`;
      } catch (error) {
        record.error =
          error instanceof AnswerTimeout || controller.signal.aborted
            ? `no answer within ${rule.answerWithinSeconds} s`
            : `could not connect: ${(error as Error).message}`;
      } finally {
        cancelLimit();
        finished();
      }
      if (generation !== this.generation) return;
      const delaySeconds = rule.retrySchedule[n - 1];
      if (delaySeconds === undefined) {
        delivery.state = "failed";
        delivery.finishedAt = this.ctx.clock.now();
        this.ctx.log("webhook-failed", { id: delivery.id, attempts: n });
        return;
      }
      delivery.nextAttemptAt = new Date(this.ctx.clock.now() + delaySeconds * 1000).toISOString();
      const cancel = this.ctx.scheduler.after(delaySeconds * 1000, () => {
        this.cancels.delete(cancel);
        // Wait for a quick answer (so its retry is scheduled in order), never for a receiver that hangs.
        return Promise.race([this.track(attempt(n + 1)), tick()]);
      });
      this.cancels.add(cancel);
    };
    void this.track(attempt(1));
    return delivery;
  }

  private track(p: Promise<void>): Promise<void> {
    const tracked = p.catch((error) => this.ctx.log("webhook-error", { error: String(error) }));
    this.inflight.add(tracked);
    void tracked.finally(() => this.inflight.delete(tracked));
    return tracked;
  }

  /** Resolves when every attempt in flight has finished (a receiver that hangs keeps it waiting until its limit). */
  async settled(): Promise<void> {
    while (this.inflight.size > 0) await Promise.all([...this.inflight]);
  }

  /** Cancels every scheduled retry and forgets the deliveries; attempts in flight schedule nothing more. */
  reset(): void {
    this.generation += 1;
    for (const cancel of this.cancels) cancel();
    this.cancels.clear();
    this.deliveries.length = 0;
  }
}
