// Payout smart send: links created, looked up, extended, cancelled (twice: 1122) and expired by the mock's clock.

import { BoundedStore, DEFAULT_STATE_LIMITS, type StateLimits } from "../core/bounded-store.js";
import { ExactInteger } from "../core/exact-json.js";
import type { ControlRoute, HostBehaviour, HostContext, MockResponse } from "../types.js";

/** Formats a time as the smart-send API writes it: YYYY-MM-DDTHH:MM:SS.mmm+0000 (UTC). */
export function smartSendTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace("Z", "+0000");
}

/** Parses YYYY-MM-DDTHH:MM:SS.mmm+0000 or YYYY-MM-DDTHH:MM:SS.mmmZ (the spec accepts both in requests). */
export function parseTimestamp(value: string): number {
  return Date.parse(value.replace(/\+0000$/, "Z"));
}

interface Link {
  merchantRefId: string;
  /** The payout merchant identifier exactly as the pid header carried it (digits of a long). */
  payoutMerchantId: string;
  linkId: string;
  link: string;
  amount: number;
  custName: string;
  custMobile: string;
  custEmail: string | null;
  description: string | null;
  addedOn: number;
  updatedOn: number;
  expiresAt: number;
  state: "ACTIVE" | "SUCCESS" | "CANCELLED" | "EXPIRED";
  succeededAt?: number;
}

const envelope = (
  status: number,
  msg: string,
  code: number | null = null,
  data: unknown = null,
): MockResponse => ({
  status: 200,
  body: { status, msg, code, data },
});

/**
 * A new linkId: 64 characters of the URL-safe base64 alphabet. The interface's own sample linkId holds a `/`, but
 * tools and scripts put identifiers into paths and queries as they are, so the mock's never need escaping
 * (docs/decisions.md); links given to the mock with `/` or `+`, percent-encoded, still work.
 */
function linkId(ctx: HostContext): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  return Array.from({ length: 64 }, () => alphabet[Math.floor(ctx.random() * 64)]).join("");
}

/** Creates the payout behaviour. */
export function createPayoutBehaviour(limits: StateLimits = DEFAULT_STATE_LIMITS): HostBehaviour {
  const byRef = new BoundedStore<Link>(limits);
  const byId = new BoundedStore<Link>(limits);
  /** A link lives until its expiry, or until it ended (claimed, cancelled) if that is later; then the retention. */
  const endOfLife = (l: Link) => Math.max(l.expiresAt, l.updatedOn);
  const touch = (l: Link) => {
    byRef.extend(l.merchantRefId, endOfLife(l));
    byId.extend(l.linkId, endOfLife(l));
  };

  const refresh = (ctx: HostContext, l: Link) => {
    if (l.state === "ACTIVE" && ctx.clock.now() >= l.expiresAt) {
      l.state = "EXPIRED";
      l.updatedOn = l.expiresAt;
    }
    return l;
  };

  const record = (l: Link) => ({
    merchantRefId: l.merchantRefId,
    payoutMerchantId: new ExactInteger(l.payoutMerchantId),
    smartSendStatus: l.state === "ACTIVE" ? "ACTIVE" : l.state,
    addedOn: smartSendTimestamp(l.addedOn),
    expiryDate: smartSendTimestamp(l.expiresAt),
    description: l.description,
    linkId: l.linkId,
    amount: l.amount,
    updatedOn: smartSendTimestamp(l.updatedOn),
    transferType: l.state === "SUCCESS" ? "UPI" : null,
    bankTransactionRefNo: null,
    gatewayTransactionRefNo: null,
    txnStatus: l.state === "SUCCESS" ? "SUCCESS" : null,
    txnSubStatus: null,
    lastStatusUpdateDate: l.state === "ACTIVE" ? null : smartSendTimestamp(l.updatedOn),
    custName: l.custName,
    custEmail: l.custEmail,
    custMobile: l.custMobile,
    msg: null,
    link: l.link,
    succeedOn: l.succeededAt ? smartSendTimestamp(l.succeededAt) : null,
    txnSource: l.state === "SUCCESS" ? "SMART_SEND" : null,
  });

  const claim: ControlRoute = {
    method: "POST",
    path: "/__mock/smart-send/:merchantRefId/claim",
    description: "the beneficiary claims an active link: it becomes SUCCESS",
    handle(req, ctx) {
      const l = byRef.get(req.params.merchantRefId as string, ctx.clock.now());
      if (!l) return { status: 404, body: { detail: "params.merchantRefId: no such link" } };
      refresh(ctx, l);
      if (l.state !== "ACTIVE") return { status: 409, body: { detail: `the link is ${l.state}` } };
      l.state = "SUCCESS";
      l.succeededAt = ctx.clock.now();
      l.updatedOn = l.succeededAt;
      touch(l);
      return { status: 200, body: { merchantRefId: l.merchantRefId, smartSendStatus: l.state } };
    },
  };

  return {
    host: "payout",
    control: [claim],
    handle(req, ctx) {
      const now = ctx.clock.now();
      switch (req.operationId) {
        case "createSmartSendLink": {
          const b = req.body as Record<string, string>;
          const id = linkId(ctx);
          const expiresAt = b.expiryDate ? parseTimestamp(b.expiryDate) : now + 7 * 86_400_000;
          const l: Link = {
            merchantRefId: b.merchantRefId as string,
            payoutMerchantId: req.headers.pid as string,
            linkId: id,
            link: `https://test.payumoney.com/url/${id.slice(0, 12)}`,
            amount: Number(b.amount),
            custName: b.custName ?? "",
            custMobile: b.custMobile ?? "",
            custEmail: b.custEmail || null,
            description: b.description ?? null,
            addedOn: now,
            updatedOn: now,
            expiresAt,
            state: "ACTIVE",
          };
          byRef.set(l.merchantRefId, l, endOfLife(l), now);
          byId.set(id, l, endOfLife(l), now);
          return envelope(0, "Success", null, {
            link: l.link,
            linkId: id,
            expiryDate: smartSendTimestamp(expiresAt),
          });
        }
        case "getSmartSendDetails": {
          const ref = req.query.merchantRefId as string;
          const merchant = req.query.payoutMerchantId as string;
          const l = byRef.get(ref, now);
          // A link is only visible to the payout merchant that created it.
          if (!l || l.payoutMerchantId !== merchant) {
            const res = ctx.documentedResponse(req.operationId, 200, "notFound");
            const body = res?.body as { data?: Record<string, unknown> } | undefined;
            if (!res || !body?.data) return res;
            body.data.merchantRefId = ref;
            body.data.payoutMerchantId = new ExactInteger(merchant);
            return res;
          }
          return envelope(0, "Success", null, record(refresh(ctx, l)));
        }
        case "getSmartSendStatus": {
          const l = byId.get(req.query.linkId as string, now);
          if (!l) return envelope(1, "Record not found, please fetch after some time");
          refresh(ctx, l);
          if (l.state === "CANCELLED") return ctx.documentedResponse(req.operationId, 200, "cancelled");
          return envelope(0, l.state === "ACTIVE" ? "PENDING" : l.state);
        }
        case "extendSmartSendExpiry": {
          const l = byId.get(req.pathParams.id as string, now);
          if (!l || l.payoutMerchantId !== req.headers.pid)
            return envelope(1, "Record not found, please fetch after some time");
          refresh(ctx, l);
          if (l.state !== "ACTIVE")
            return envelope(1, `Link is ${l.state.toLowerCase()}; its expiry cannot change`);
          const next = parseTimestamp((req.body as Record<string, string>).expiryDate as string);
          if (!(next > now)) return envelope(1, "expiryDate must be in the future");
          l.expiresAt = next;
          l.updatedOn = now;
          touch(l);
          return ctx.documentedResponse(req.operationId, 200, "extended");
        }
        case "cancelSmartSendLink": {
          const l = byRef.get(req.query.merchantRefId as string, now);
          if (!l || l.payoutMerchantId !== req.headers.payoutmerchantid)
            return envelope(1, "Record not found, please fetch after some time");
          refresh(ctx, l);
          if (l.state === "CANCELLED")
            return ctx.documentedResponse(req.operationId, 200, "alreadyCancelled");
          if (l.state !== "ACTIVE")
            return envelope(1, `Link is ${l.state.toLowerCase()}; it cannot be cancelled`);
          l.state = "CANCELLED";
          l.updatedOn = now;
          touch(l);
          return ctx.documentedResponse(req.operationId, 200, "cancelled");
        }
        default:
          return undefined;
      }
    },
    snapshot: (now) => {
      byId.sweep(now);
      byRef.sweep(now);
      return {
        counts: { links: byRef.size },
        links: byRef.values(now).map((l) => ({
          ...l,
          addedOn: smartSendTimestamp(l.addedOn),
          updatedOn: smartSendTimestamp(l.updatedOn),
          expiresAt: smartSendTimestamp(l.expiresAt),
          ...(l.succeededAt ? { succeededAt: smartSendTimestamp(l.succeededAt) } : {}),
        })),
      };
    },
    reset() {
      byRef.clear();
      byId.clear();
    },
  };
}
