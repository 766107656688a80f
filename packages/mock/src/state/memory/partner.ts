// Partner state in memory: webhook endpoints by reseller, item statuses by merchant, agreements by merchant.
import { capSize, type StateLimits } from "../../core/bounded-store.js";
import type { Endpoint, PartnerState } from "../types.js";

/** The partner host's state; `items` is shared with the deliveries, which change an item as they start. */
export interface MemoryPartnerState extends PartnerState {
  readonly items: Map<string, Map<string, string>>;
  clear(): void;
}

/**
 * Creates the partner host's state (merchants and agreements capped at maxRecords).
 *
 * @example
 * const partner = createMemoryPartnerState(DEFAULT_STATE_LIMITS);
 * await partner.register(resellerUuid, { url: "https://partner.example.in/hook", registeredAt });
 */
export function createMemoryPartnerState(limits: StateLimits): MemoryPartnerState {
  const endpoints = new Map<string, Endpoint>();
  const items = new Map<string, Map<string, string>>();
  const agreements = new Map<string, { status: string; at: string }>();
  return {
    items,
    async register(reseller, endpoint) {
      endpoints.set(reseller, { ...endpoint });
      capSize(endpoints, limits.maxRecords);
    },
    async endpoint(reseller) {
      const e = endpoints.get(reseller);
      return e && { ...e };
    },
    async itemStatus(merchant, event) {
      return items.get(merchant)?.get(event);
    },
    async recordAgreement(merchant, agreement) {
      agreements.set(merchant, { ...agreement });
      capSize(agreements, limits.maxRecords);
    },
    async snapshot() {
      return {
        endpoints: [...endpoints].map(([k, v]) => [k, { ...v }] as [string, Endpoint]),
        merchants: [...items].map(([m, s]) => [m, Object.fromEntries(s)] as [string, Record<string, string>]),
        agreements: [...agreements].map(
          ([k, v]) => [k, { ...v }] as [string, { status: string; at: string }],
        ),
      };
    },
    clear() {
      endpoints.clear();
      items.clear();
      agreements.clear();
    },
  };
}
