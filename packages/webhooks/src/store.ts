// The de-duplication store contract shared by the memory and Redis stores: leased claims, done markers.

/**
 * The answer of a claim. `claimed`: process it now, holding `token`; `processing`: another attempt holds a live
 * lease on it; `done`: it was already processed.
 */
export type ClaimResult = { state: "claimed"; token: string } | { state: "processing" } | { state: "done" };

/**
 * Where duplicate keys live. A key is absent, `processing` (a claim with an owner token and a short lease) or `done`
 * (kept for the whole retry window). Every method may reject when the store is unreachable.
 */
export interface DedupStore {
  /** Atomically claims `key` for `leaseMs` unless it is already held or done. */
  claim(key: string, leaseMs: number): Promise<ClaimResult>;
  /** Extends a claim still held by `token` to `leaseMs` from now; false when the claim was lost. */
  renew(key: string, token: string, leaseMs: number): Promise<boolean>;
  /** Marks `key` processed for `ttlMs`; duplicates within it are answered 200 without the callback. */
  complete(key: string, token: string, ttlMs: number): Promise<void>;
  /** Gives up a claim still held by `token` (the callback failed) so a retry can process the event. */
  release(key: string, token: string): Promise<void>;
}
