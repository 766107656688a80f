// Delivers signed merchant status webhooks with the interface's answer limit and retry schedule, and records attempts.
import { webhookSignature } from "@pgi/signing";
import type { HostContext } from "../types.js";

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
    throw new Error("the partner bundle has no x-pgi-rule webhook-delivery on merchantStatusUpdate");
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

/** Sends deliveries and keeps them for GET /__mock/deliveries. */
export class WebhookDispatcher {
  readonly deliveries: Delivery[] = [];
  private readonly cancels = new Set<() => void>();
  private readonly inflight = new Set<Promise<unknown>>();

  constructor(private readonly ctx: HostContext) {}

  /** Signs `payload`, sends it to `url` now, and retries per the rule until it is answered 200 or attempts run out. */
  send(url: string, payload: Record<string, unknown>): Delivery {
    const rule = deliveryRule(this.ctx);
    const { digest, body } = webhookSignature.sign(payload, this.ctx.credentials.webhookSecret);
    const delivery: Delivery = {
      id: `dlv_${this.deliveries.length + 1}`,
      url,
      payload,
      signature: digest,
      state: "pending",
      attempts: [],
    };
    this.deliveries.push(delivery);
    const attempt = async (n: number): Promise<void> => {
      const at = this.ctx.clock.now();
      const record: DeliveryAttempt = { n, at: new Date(at).toISOString() };
      delivery.attempts.push(record);
      delete delivery.nextAttemptAt;
      const controller = new AbortController();
      const limitMs = rule.answerWithinSeconds * 1000;
      const cancelLimit = this.ctx.scheduler.after(limitMs, () => controller.abort());
      try {
        const res = await this.ctx.fetch(transportUrl(url), {
          method: "POST",
          headers: { "content-type": "application/json", authorization: digest },
          body,
          signal: controller.signal,
        });
        record.status = res.status;
        await res.arrayBuffer().catch(() => undefined);
        if (res.status === rule.expectStatus) {
          delivery.state = "delivered";
          return;
        }
        record.error = `answered ${res.status}, not ${rule.expectStatus}`;
      } catch (error) {
        record.error = controller.signal.aborted
          ? `no answer within ${rule.answerWithinSeconds} s`
          : `could not connect: ${(error as Error).message}`;
      } finally {
        cancelLimit();
      }
      const delaySeconds = rule.retrySchedule[n - 1];
      if (delaySeconds === undefined) {
        delivery.state = "failed";
        this.ctx.log("webhook-failed", { id: delivery.id, attempts: n });
        return;
      }
      delivery.nextAttemptAt = new Date(this.ctx.clock.now() + delaySeconds * 1000).toISOString();
      const cancel = this.ctx.scheduler.after(delaySeconds * 1000, () => {
        this.cancels.delete(cancel);
        return attempt(n + 1);
      });
      this.cancels.add(cancel);
    };
    const first = attempt(1).catch((error) => this.ctx.log("webhook-error", { error: String(error) }));
    this.inflight.add(first);
    void first.finally(() => this.inflight.delete(first));
    return delivery;
  }

  /** Resolves when every first attempt started so far has finished (retries are the scheduler's: see idle()). */
  async settled(): Promise<void> {
    while (this.inflight.size > 0) await Promise.all([...this.inflight]);
  }

  reset(): void {
    for (const cancel of this.cancels) cancel();
    this.cancels.clear();
    this.deliveries.length = 0;
  }
}
