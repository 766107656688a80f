// The de-duplication store contract shared by the memory and Redis stores.

/** claimed: process it now; processing: another attempt holds it; done: already processed. */
export type ClaimResult = "claimed" | "processing" | "done";

/** Where duplicate keys live. Every method may throw when the store is unreachable. */
export interface DedupStore {
  /** Atomically claims `key` for processing unless it is already held or done. */
  claim(key: string, ttlMs: number): Promise<ClaimResult>;
  /** Marks `key` processed; duplicates within `ttlMs` are answered 200 without the callback. */
  complete(key: string, ttlMs: number): Promise<void>;
  /** Gives up a claim (the callback failed) so a retry can process the event. */
  release(key: string): Promise<void>;
  /** Number of keys held (memory store only). */
  size?(): number;
}
