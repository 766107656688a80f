// Payout state in memory: links by linkId and the newest link of each merchantRefId, each living until its end.
import { BoundedStore, type StateLimits } from "../../core/bounded-store.js";
import type { Link, PayoutState } from "../types.js";

/** A link lives until its expiry, or until it ended (claimed, cancelled) if that is later; then the retention. */
export const linkEndOfLife = (l: Link): number => Math.max(l.expiresAt, l.updatedOn);

/**
 * The link as of `now`: an active link past its expiry reads EXPIRED, updated at its expiry.
 *
 * @example
 * linkAt(link, clock.now()).state; // "EXPIRED" once the expiry passed
 */
export function linkAt(l: Link, now: number): Link {
  return l.state === "ACTIVE" && now >= l.expiresAt
    ? { ...l, state: "EXPIRED", updatedOn: l.expiresAt }
    : { ...l };
}

/**
 * Creates the payout host's state.
 *
 * @example
 * const payout = createMemoryPayoutState(DEFAULT_STATE_LIMITS);
 * await payout.cancel("REF1", "1111312", now); // "cancelled", then "alreadyCancelled"
 */
export function createMemoryPayoutState(limits: StateLimits): PayoutState & { clear(): void } {
  const byId = new BoundedStore<Link>(limits);
  /** merchantRefId -> linkId of its newest link. */
  const byRef = new BoundedStore<string>(limits);
  const ofRef = (ref: string, now: number) => {
    const id = byRef.get(ref, now);
    return id === undefined ? undefined : byId.get(id, now);
  };
  const save = (l: Link) => {
    byId.extend(l.linkId, linkEndOfLife(l));
    byRef.extend(l.merchantRefId, linkEndOfLife(l));
  };
  return {
    async create(link, now) {
      const l = { ...link };
      byId.set(l.linkId, l, linkEndOfLife(l), now);
      byRef.set(l.merchantRefId, l.linkId, linkEndOfLife(l), now);
    },
    async byRef(ref, now) {
      const l = ofRef(ref, now);
      return l && linkAt(l, now);
    },
    async byId(id, now) {
      const l = byId.get(id, now);
      return l && linkAt(l, now);
    },
    async extend(id, pid, expiresAt, now) {
      const l = byId.get(id, now);
      if (!l || l.payoutMerchantId !== pid) return "notFound";
      const state = linkAt(l, now).state;
      if (state !== "ACTIVE") return { refused: state };
      if (!(expiresAt > now)) return "notFuture";
      l.expiresAt = expiresAt;
      l.updatedOn = now;
      save(l);
      return "extended";
    },
    async cancel(ref, pid, now) {
      const l = ofRef(ref, now);
      if (!l || l.payoutMerchantId !== pid) return "notFound";
      const state = linkAt(l, now).state;
      if (state === "CANCELLED") return "alreadyCancelled";
      if (state !== "ACTIVE") return { refused: state };
      l.state = "CANCELLED";
      l.updatedOn = now;
      save(l);
      return "cancelled";
    },
    async claim(ref, now) {
      const l = ofRef(ref, now);
      if (!l) return "notFound";
      const state = linkAt(l, now).state;
      if (state !== "ACTIVE") return { refused: state };
      l.state = "SUCCESS";
      l.succeededAt = now;
      l.updatedOn = now;
      save(l);
      return { claimed: { ...l } };
    },
    async snapshot(now) {
      byId.sweep(now);
      const links: Link[] = [];
      for (const id of byRef.values(now)) {
        const l = byId.get(id, now);
        if (l) links.push(linkAt(l, now));
      }
      return links;
    },
    clear() {
      byId.clear();
      byRef.clear();
    },
  };
}
