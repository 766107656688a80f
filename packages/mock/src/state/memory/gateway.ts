// Gateway state in memory: payments and mandates by txnid, and the BNPL users a first registration linked.
import { capSize, type StateLimits } from "../../core/bounded-store.js";
import type { GatewayState, Payment } from "../types.js";

/**
 * Creates the gateway's state (both collections capped at maxRecords, oldest first).
 *
 * @example
 * const gateway = createMemoryGatewayState(DEFAULT_STATE_LIMITS);
 * await gateway.linkBnplUser("9876543213"); // true, then false
 */
export function createMemoryGatewayState(limits: StateLimits): GatewayState & { clear(): void } {
  const payments = new Map<string, Payment>();
  const linked = new Set<string>();
  const current = (txnid: string, mihpayid: string) => {
    const p = payments.get(txnid);
    return p?.mihpayid === mihpayid ? p : undefined;
  };
  return {
    async record(payment) {
      payments.set(payment.txnid, { ...payment });
      capSize(payments, limits.maxRecords);
    },
    async payment(txnid) {
      const p = payments.get(txnid);
      return p && { ...p, ...(p.callback ? { callback: { ...p.callback } } : {}) };
    },
    async linkBnplUser(phone) {
      if (linked.has(phone)) return false;
      linked.add(phone);
      capSize(linked, limits.maxRecords);
      return true;
    },
    async complete(txnid, mihpayid, update) {
      const p = current(txnid, mihpayid);
      if (!p) return false;
      // Completed by a run that stopped before recording the callback's answer: post it again.
      if (p.state !== "pending")
        return p.callback !== undefined && !("status" in p.callback) && !("error" in p.callback);
      p.state = update.state;
      p.completedAt = update.completedAt;
      if (update.callback) p.callback = { ...update.callback };
      return true;
    },
    async recordCallback(txnid, mihpayid, result) {
      const p = current(txnid, mihpayid);
      if (p?.callback) Object.assign(p.callback, result);
    },
    async snapshot() {
      return { payments: [...payments.values()].map((p) => ({ ...p })), linkedBnplUsers: [...linked] };
    },
    clear() {
      payments.clear();
      linked.clear();
    },
  };
}
