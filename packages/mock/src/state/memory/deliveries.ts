// Webhook deliveries in memory: the history (bounded by count and retention), pending ones bounded by count, and
// each attempt's follow-up (retry, answer limit) as a job.
import { capSize, type StateLimits } from "../../core/bounded-store.js";
import type { AttemptTarget, Delivery, DeliveryState } from "../types.js";
import type { MemoryJobs } from "./jobs.js";
import type { MemoryPartnerState } from "./partner.js";

const iso = (ms: number) => new Date(ms).toISOString();

/** Job ids of an attempt and its answer limit (one of each per delivery and attempt number). */
export const attemptJobId = (id: string, n: number) => `attempt:${id}:${n}`;
export const limitJobId = (id: string, n: number) => `limit:${id}:${n}`;

/**
 * Creates the deliveries' state.
 *
 * @example
 * const deliveries = createMemoryDeliveries(limits, partner, jobs);
 * const started = await deliveries.start({ url, payload, signature, body, item, limitMs: 30_000 }, now);
 */
export function createMemoryDeliveries(
  limits: StateLimits,
  partner: MemoryPartnerState,
  jobs: MemoryJobs,
): DeliveryState & { clear(): void } {
  const deliveries: Delivery[] = [];
  const targets = new Map<string, AttemptTarget>();
  let sent = 0;
  /** Deliveries whose attempts are not over, counted as they start and end (the bound is checked per call). */
  let pendingCount = 0;
  const find = (id: string) => deliveries.find((d) => d.id === id);

  /**
   * Finished deliveries past the retention go, then the oldest beyond the cap (finished first; a pending one only
   * when nothing else is left, which the pending bound prevents).
   */
  const prune = (now: number) => {
    const keep = (d: Delivery) => d.finishedAt === undefined || d.finishedAt + limits.retentionMs >= now;
    let kept = deliveries.filter(keep);
    let excess = kept.length - limits.maxDeliveries;
    if (excess > 0) kept = kept.filter((d) => !(d.state !== "pending" && excess-- > 0));
    if (kept.length > limits.maxDeliveries) kept = kept.slice(kept.length - limits.maxDeliveries);
    if (kept.length === deliveries.length) return;
    const ids = new Set(kept.map((d) => d.id));
    for (const d of deliveries) if (!ids.has(d.id)) targets.delete(d.id);
    deliveries.splice(0, deliveries.length, ...kept);
    pendingCount = deliveries.reduce((n, d) => n + (d.state === "pending" ? 1 : 0), 0);
  };

  return {
    async start(input, now) {
      if (pendingCount >= limits.maxPendingDeliveries) return "full";
      if (input.item) {
        const { merchant, event, current, expected } = input.item;
        const known = partner.items.get(merchant) ?? new Map<string, string>();
        if (expected !== undefined && (known.get(event) ?? null) !== expected) return "conflict";
        partner.items.set(merchant, known);
        capSize(partner.items, limits.maxRecords);
        known.set(event, current);
      }
      const delivery: Delivery = {
        id: `dlv_${++sent}`,
        url: input.url,
        payload: input.payload,
        signature: input.signature,
        state: "pending",
        attempts: [{ n: 1, at: iso(now) }],
      };
      deliveries.push(delivery);
      pendingCount++;
      targets.set(delivery.id, { url: input.url, body: input.body, signature: input.signature });
      prune(now);
      jobs.add(
        { id: limitJobId(delivery.id, 1), kind: "webhook-limit", payload: { id: delivery.id, n: 1 } },
        input.limitMs,
        now,
      );
      return { delivery: structuredClone(delivery) };
    },
    async begin(id, n, now, limitMs) {
      const d = find(id);
      const target = targets.get(id);
      if (!d || !target || d.state !== "pending" || d.attempts.some((a) => a.n === n)) return undefined;
      d.attempts.push({ n, at: iso(now) });
      delete d.nextAttemptAt;
      jobs.add({ id: limitJobId(id, n), kind: "webhook-limit", payload: { id, n } }, limitMs, now);
      return { ...target };
    },
    async end(id, n, result, now, retrySeconds) {
      const d = find(id);
      const attempt = d?.attempts.find((a) => a.n === n);
      if (
        !d ||
        !attempt ||
        d.state !== "pending" ||
        attempt.status !== undefined ||
        attempt.error !== undefined
      )
        return "stale";
      jobs.cancel(limitJobId(id, n));
      if (result.status !== undefined) attempt.status = result.status;
      if (result.ms !== undefined) attempt.ms = result.ms;
      if (result.delivered) {
        d.state = "delivered";
        d.finishedAt = now;
        pendingCount--;
        return "delivered";
      }
      attempt.error = result.error ?? "failed";
      const delaySeconds = retrySeconds[n - 1];
      if (delaySeconds === undefined) {
        d.state = "failed";
        d.finishedAt = now;
        pendingCount--;
        return "failed";
      }
      d.nextAttemptAt = iso(now + delaySeconds * 1000);
      jobs.add(
        { id: attemptJobId(id, n + 1), kind: "webhook-attempt", payload: { id, n: n + 1 } },
        delaySeconds * 1000,
        now,
      );
      return "retry";
    },
    async list(now) {
      prune(now);
      return structuredClone(deliveries);
    },
    async counts(now) {
      prune(now);
      return { deliveries: deliveries.length, pending: pendingCount };
    },
    clear() {
      deliveries.length = 0;
      pendingCount = 0;
      targets.clear();
    },
  };
}
