// The store's webhook deliveries, forced answers and scheduled jobs: the part of the store interface (types.ts)
// that outlives a request (retries, answer limits, callbacks) and the queue every instance takes from.

/** One attempt to deliver a webhook. */
export interface DeliveryAttempt {
  n: number;
  at: string;
  status?: number;
  error?: string;
  /** Real milliseconds the receiver took to answer (absent when it did not answer). */
  ms?: number;
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

/** What starting a delivery needs: the signed webhook, and the item status change it reports. */
export interface DeliveryStart {
  url: string;
  payload: Record<string, unknown>;
  signature: string;
  /** The exact body sent with every attempt. */
  body: string;
  /** The item status change the webhook reports; absent for a delivery of the log sent again (no item changes). */
  item?: {
    merchant: string;
    event: string;
    current: string;
    /** The status the payload reports as previous, read before signing; the start refuses if it changed since. */
    expected?: string | null;
  };
  /** The answer limit of each attempt, in mock ms (a job ends an unanswered attempt then). */
  limitMs: number;
}

/** What an attempt sends. */
export interface AttemptTarget {
  url: string;
  body: string;
  signature: string;
}

/** How an attempt ended. */
export interface AttemptResult {
  delivered: boolean;
  status?: number;
  error?: string;
  /** Real milliseconds the receiver took to answer. */
  ms?: number;
}

/** Webhook deliveries and their attempts; each attempt's follow-up (retry or answer limit) is a job. */
export interface DeliveryState {
  /**
   * Changes the item's status (when `input.item` is given) and starts its delivery (attempt 1 begun, its answer
   * limit scheduled), in one step.
   * "full" when maxPendingDeliveries are pending (nothing changes); "conflict" when the item's status is no longer
   * `item.expected` (read it again, re-sign, retry).
   */
  start(input: DeliveryStart, now: number): Promise<{ delivery: Delivery } | "full" | "conflict">;
  /** Begins attempt `n` (a scheduled retry) and schedules its answer limit; undefined when gone or begun. */
  begin(id: string, n: number, now: number, limitMs: number): Promise<AttemptTarget | undefined>;
  /**
   * Ends attempt `n` once (a later end of the same attempt is "stale"): delivered, failed after the last retry,
   * or a retry scheduled `retrySeconds[n - 1]` seconds later.
   */
  end(
    id: string,
    n: number,
    result: AttemptResult,
    now: number,
    retrySeconds: readonly number[],
  ): Promise<"stale" | "delivered" | "failed" | "retry">;
  /** The history, oldest first, pruned to the limits. */
  list(now: number): Promise<Delivery[]>;
  counts(now: number): Promise<{ deliveries: number; pending: number }>;
}

/** An answer forced through POST /__mock/force: a documented status and example of an operation. */
export interface ForcedEntry {
  status: number;
  example?: string;
}

/** Forced answers, queued per `host:operationId`. */
export interface ForcedState {
  push(key: string, entry: ForcedEntry, times: number): Promise<void>;
  /** The next forced answer of the operation, consumed; undefined at once when none is queued anywhere. */
  take(key: string): Promise<ForcedEntry | undefined> | undefined;
}

/** Work to run later, by kind and a JSON payload, so any instance of a shared sandbox can run it. */
export interface Job {
  /** Unique while scheduled: scheduling an id again replaces the job. */
  id: string;
  kind: string;
  payload: Record<string, unknown>;
}

/** Scheduled work in the mock's time: due when the clock is advanced past it, or after the scaled real delay. */
export interface JobQueue {
  schedule(job: Job, delayMs: number): Promise<void>;
  /** Sets what runs a due job (once, by the core); a job runs on exactly one instance. */
  start(run: (job: Job) => Promise<void>): void;
  /** Resolves when no job of this process is running. */
  idle(): Promise<void>;
}
