// Bill-payment state in memory: each complaint's status, capped at maxRecords (oldest first).
import { capSize, type StateLimits } from "../../core/bounded-store.js";
import { COMPLAINT_ORDER } from "../lifetimes.js";
import type { BbpsState, ComplaintStatus } from "../types.js";

/**
 * Creates the bill-payment host's state.
 *
 * @example
 * const bbps = createMemoryBbpsState(DEFAULT_STATE_LIMITS);
 * await bbps.advance("CMP1"); // { previous: "CAPTURED", next: "ASSIGNED" }
 */
export function createMemoryBbpsState(limits: StateLimits): BbpsState & { clear(): void } {
  const complaints = new Map<string, ComplaintStatus>();
  return {
    async status(id) {
      const status = complaints.get(id) ?? "CAPTURED";
      complaints.set(id, status);
      capSize(complaints, limits.maxRecords);
      return status;
    },
    async advance(id) {
      const previous = complaints.get(id) ?? "CAPTURED";
      const next = COMPLAINT_ORDER[COMPLAINT_ORDER.indexOf(previous) + 1];
      if (next === undefined) return "resolved";
      complaints.set(id, next);
      capSize(complaints, limits.maxRecords);
      return { previous, next };
    },
    async snapshot() {
      return [...complaints];
    },
    clear() {
      complaints.clear();
    },
  };
}
