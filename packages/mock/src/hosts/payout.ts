// Payout smart send: links created, looked up, extended, cancelled (twice: 1122) and expired by the mock's clock.

import { ExactInteger } from "../core/exact-json.js";
import type { Link } from "../state/types.js";
import type { ControlRoute, HostBehaviour, HostContext, MockResponse } from "../types.js";

/** Formats a time as the smart-send API writes it: YYYY-MM-DDTHH:MM:SS.mmm+0000 (UTC). */
export function smartSendTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace("Z", "+0000");
}

/** Parses YYYY-MM-DDTHH:MM:SS.mmm+0000 or YYYY-MM-DDTHH:MM:SS.mmmZ (the spec accepts both in requests). */
export function parseTimestamp(value: string): number {
  return Date.parse(value.replace(/\+0000$/, "Z"));
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

const notFound = () => envelope(1, "Record not found, please fetch after some time");

/**
 * A new linkId: 64 characters of the URL-safe base64 alphabet. The interface's own sample linkId holds a `/`, but
 * tools and scripts put identifiers into paths and queries as they are, so the mock's never need escaping
 * (docs/decisions.md); links given to the mock with `/` or `+`, percent-encoded, still work.
 */
function linkId(ctx: HostContext): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  return Array.from({ length: 64 }, () => alphabet[Math.floor(ctx.random() * 64)]).join("");
}

const record = (l: Link) => ({
  merchantRefId: l.merchantRefId,
  payoutMerchantId: new ExactInteger(l.payoutMerchantId),
  smartSendStatus: l.state,
  addedOn: smartSendTimestamp(l.addedOn),
  expiryDate: smartSendTimestamp(l.expiresAt),
  description: l.description,
  linkId: l.linkId,
  amount: Number(l.amount),
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
  async handle(req, ctx) {
    const outcome = await ctx.state.payout.claim(req.params.merchantRefId as string, ctx.clock.now());
    if (outcome === "notFound")
      return { status: 404, body: { detail: "params.merchantRefId: no such link" } };
    if ("refused" in outcome) return { status: 409, body: { detail: `the link is ${outcome.refused}` } };
    const l = outcome.claimed;
    return { status: 200, body: { merchantRefId: l.merchantRefId, smartSendStatus: l.state } };
  },
};

/** Creates the payout behaviour; its state is ctx.state.payout. */
export function createPayoutBehaviour(): HostBehaviour {
  return {
    host: "payout",
    control: [claim],
    async handle(req, ctx) {
      const now = ctx.clock.now();
      const payout = ctx.state.payout;
      switch (req.operationId) {
        case "createSmartSendLink": {
          const b = req.body as Record<string, string>;
          const id = linkId(ctx);
          const expiresAt = b.expiryDate ? parseTimestamp(b.expiryDate) : now + 7 * 86_400_000;
          const link = `https://test.payumoney.com/url/${id.slice(0, 12)}`;
          await payout.create(
            {
              merchantRefId: b.merchantRefId as string,
              payoutMerchantId: req.headers.pid as string,
              linkId: id,
              link,
              amount: String(b.amount),
              custName: b.custName ?? "",
              custMobile: b.custMobile ?? "",
              custEmail: b.custEmail || null,
              description: b.description ?? null,
              addedOn: now,
              updatedOn: now,
              expiresAt,
              state: "ACTIVE",
            },
            now,
          );
          return envelope(0, "Success", null, {
            link,
            linkId: id,
            expiryDate: smartSendTimestamp(expiresAt),
          });
        }
        case "getSmartSendDetails": {
          const ref = req.query.merchantRefId as string;
          const merchant = req.query.payoutMerchantId as string;
          const l = await payout.byRef(ref, now);
          // A link is only visible to the payout merchant that created it.
          if (!l || l.payoutMerchantId !== merchant) {
            const res = ctx.documentedResponse(req.operationId, 200, "notFound");
            const body = res?.body as { data?: Record<string, unknown> } | undefined;
            if (!res || !body?.data) return res;
            body.data.merchantRefId = ref;
            body.data.payoutMerchantId = new ExactInteger(merchant);
            return res;
          }
          return envelope(0, "Success", null, record(l));
        }
        case "getSmartSendStatus": {
          const l = await payout.byId(req.query.linkId as string, now);
          if (!l) return notFound();
          if (l.state === "CANCELLED") return ctx.documentedResponse(req.operationId, 200, "cancelled");
          return envelope(0, l.state === "ACTIVE" ? "PENDING" : l.state);
        }
        case "extendSmartSendExpiry": {
          const next = parseTimestamp((req.body as Record<string, string>).expiryDate as string);
          const outcome = await payout.extend(req.pathParams.id as string, req.headers.pid ?? "", next, now);
          if (outcome === "notFound") return notFound();
          if (outcome === "notFuture") return envelope(1, "expiryDate must be in the future");
          if (outcome === "extended") return ctx.documentedResponse(req.operationId, 200, "extended");
          return envelope(1, `Link is ${outcome.refused.toLowerCase()}; its expiry cannot change`);
        }
        case "cancelSmartSendLink": {
          const ref = req.query.merchantRefId as string;
          const outcome = await payout.cancel(ref, req.headers.payoutmerchantid ?? "", now);
          if (outcome === "notFound") return notFound();
          if (outcome === "alreadyCancelled")
            return ctx.documentedResponse(req.operationId, 200, "alreadyCancelled");
          if (outcome === "cancelled") return ctx.documentedResponse(req.operationId, 200, "cancelled");
          return envelope(1, `Link is ${outcome.refused.toLowerCase()}; it cannot be cancelled`);
        }
        default:
          return undefined;
      }
    },
    async snapshot(now, ctx) {
      const links = await ctx.state.payout.snapshot(now);
      return {
        counts: { links: links.length },
        links: links.map((l) => ({
          ...l,
          amount: Number(l.amount),
          addedOn: smartSendTimestamp(l.addedOn),
          updatedOn: smartSendTimestamp(l.updatedOn),
          expiresAt: smartSendTimestamp(l.expiresAt),
          ...(l.succeededAt ? { succeededAt: smartSendTimestamp(l.succeededAt) } : {}),
        })),
      };
    },
  };
}
