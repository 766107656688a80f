// A keyed store whose records expire at their end of life plus a retention, and whose oldest go first beyond a cap.

/** How long finished records are kept and how many a store holds (GET /__mock/state shows the counts). */
export interface StateLimits {
  /** Mock milliseconds a record is kept after its end of life (OTP expiry, link expiry, token validity). */
  retentionMs: number;
  /** Records per store; beyond it the oldest are evicted first. */
  maxRecords: number;
  /** Webhook deliveries kept in the history (finished ones are dropped oldest first). */
  maxDeliveries: number;
  /**
   * Deliveries whose attempts are not over (at most maxDeliveries): a status change that would start one more is
   * refused with 429, and nothing already pending is dropped (docs/decisions.md).
   */
  maxPendingDeliveries: number;
}

/** Defaults: one hour of retention, 10,000 records per store, 1,000 deliveries, all of which may be pending. */
export const DEFAULT_STATE_LIMITS: Readonly<StateLimits> = {
  retentionMs: 3_600_000,
  maxRecords: 10_000,
  maxDeliveries: 1_000,
  maxPendingDeliveries: 1_000,
};

interface Entry<V> {
  value: V;
  until: number;
}

/**
 * Records by key, each living until its end of life plus the retention.
 *
 * @example
 * const otps = new BoundedStore<string>(DEFAULT_STATE_LIMITS);
 * otps.set("uuid-1", "123456", clock.now() + 300_000, clock.now());
 * otps.get("uuid-1", clock.now()); // "123456" until 300 s + retention have passed
 */
export class BoundedStore<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private writes = 0;

  constructor(private readonly limits: StateLimits) {}

  /** The record, or undefined once it is past its end of life plus the retention. */
  get(key: string, now: number): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now > entry.until) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Stores (or replaces, as the newest) a record whose life ends at `endsAt`. */
  set(key: string, value: V, endsAt: number, now: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, until: endsAt + this.limits.retentionMs });
    if (++this.writes % 512 === 0) this.sweep(now);
    while (this.entries.size > this.limits.maxRecords) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  /** Moves a record's end of life (an extended link), keeping its age. */
  extend(key: string, endsAt: number): void {
    const entry = this.entries.get(key);
    if (entry) entry.until = endsAt + this.limits.retentionMs;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Drops every record past its end of life plus the retention. */
  sweep(now: number): void {
    for (const [key, entry] of this.entries) if (now > entry.until) this.entries.delete(key);
  }

  /** Live records, oldest first. */
  values(now: number): V[] {
    this.sweep(now);
    return [...this.entries.values()].map((e) => e.value);
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * Evicts the oldest entries (insertion order) of a Map or Set beyond `max`: for state with no lifetime of its own.
 *
 * @example
 * payments.set(txnid, payment);
 * capSize(payments, limits.maxRecords);
 */
export function capSize(collection: Map<unknown, unknown> | Set<unknown>, max: number): void {
  for (const key of collection.keys()) {
    if (collection.size <= max) return;
    collection.delete(key);
  }
}
