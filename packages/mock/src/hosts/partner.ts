// Partner host: webhook registration per reseller, agreement generation, and merchant status changes sent as webhooks.

import { capSize, DEFAULT_STATE_LIMITS, type StateLimits } from "../core/bounded-store.js";
import type { ControlRoute, HostBehaviour, HostContext, MockResponse } from "../types.js";
import { WebhookDispatcher } from "./webhook-dispatcher.js";

/** Known merchant onboarding items: the status each event_name last reported, per merchant. */
type ItemStatus = Map<string, string>;

const bad = (detail: string): MockResponse => ({
  status: 400,
  contentType: "application/problem+json",
  body: { type: "https://pgi.dev/mock/problems/400", title: "Invalid control request", status: 400, detail },
});

/** The documented 422 naming what was refused, in its message and in x-pgi-mock-hint (logged as refused). */
function unprocessable(ctx: HostContext, reason: string): MockResponse | undefined {
  const res = ctx.documentedResponse("registerWebhook", 422);
  if (!res) return undefined;
  const body = res.body && typeof res.body === "object" ? { ...res.body, message: reason } : res.body;
  return { ...res, body, headers: { "x-pgi-mock-hint": reason } };
}

/** An absolute https URL with a host and no user information: where a webhook can be delivered. */
export function isDeliverable(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === "https:" && u.hostname !== "" && u.username === "" && u.password === "";
  } catch {
    return false;
  }
}

/** Creates the partner behaviour; one dispatcher per mock, created on first use. */
export function createPartnerBehaviour(limits: StateLimits = DEFAULT_STATE_LIMITS): HostBehaviour & {
  dispatcher(ctx: HostContext): WebhookDispatcher;
} {
  const endpoints = new Map<string, { url: string; registeredAt: string }>();
  const items = new Map<string, ItemStatus>();
  const agreements = new Map<string, { status: string; at: string }>();
  let dispatcher: WebhookDispatcher | undefined;
  const getDispatcher = (ctx: HostContext) => {
    dispatcher ??= new WebhookDispatcher(ctx, limits);
    return dispatcher;
  };

  const statusRoute: ControlRoute = {
    method: "POST",
    path: "/__mock/merchants/:merchant_uuid/status",
    description:
      "change a merchant item's status {event_name, current_status, previous_status?, error?, remarks?, mid?, reseller_uuid?}; the signed webhook is sent to the registered URL",
    handle(req, ctx) {
      const body = req.body as Record<string, unknown> | undefined;
      if (!body || typeof body !== "object") return bad("body: a JSON object is required");
      const { event_name, current_status } = body;
      if (typeof event_name !== "string" || event_name === "") return bad("body.event_name: required string");
      if (typeof current_status !== "string" || current_status === "") {
        return bad("body.current_status: required string (Pending, Received, Approved, Declined, Success)");
      }
      for (const key of ["previous_status", "error", "remarks", "reseller_uuid"] as const) {
        if (body[key] !== undefined && typeof body[key] !== "string")
          return bad(`body.${key}: must be a string`);
      }
      if (body.mid !== undefined && !Number.isInteger(body.mid)) return bad("body.mid: must be an integer");
      const reseller = (body.reseller_uuid as string | undefined) ?? ctx.credentials.resellerUuid;
      const endpoint = endpoints.get(reseller);
      if (!endpoint) {
        return {
          status: 409,
          contentType: "application/problem+json",
          body: {
            type: "https://pgi.dev/mock/problems/409",
            title: "No webhook registered",
            status: 409,
            detail: `reseller ${reseller} has no endpoint; call POST /api/v1/partners/register_webhook first`,
          },
        };
      }
      const merchant = req.params.merchant_uuid as string;
      const known = items.get(merchant) ?? new Map<string, string>();
      items.set(merchant, known);
      capSize(items, limits.maxRecords);
      const previous = (body.previous_status as string | undefined) ?? known.get(event_name) ?? "Pending";
      known.set(event_name, current_status);
      const payload = {
        previous_status: previous,
        current_status,
        change_timestamp: Math.floor(ctx.clock.now() / 1000),
        mid: (body.mid as number | undefined) ?? Number(ctx.credentials.payoutMid),
        merchant_uuid: merchant,
        event_name,
        error: (body.error as string | undefined) ?? "NA",
        remarks: (body.remarks as string | undefined) ?? "NA",
      };
      const delivery = getDispatcher(ctx).send(endpoint.url, payload);
      return { status: 202, body: { delivery } };
    },
  };

  const deliveriesRoute: ControlRoute = {
    method: "GET",
    path: "/__mock/deliveries",
    description: "every merchant status webhook sent, with its attempts",
    handle: (_req, ctx) => {
      getDispatcher(ctx).prune();
      return { status: 200, body: { deliveries: getDispatcher(ctx).deliveries } };
    },
  };

  return {
    host: "partner",
    control: [statusRoute, deliveriesRoute],
    dispatcher: getDispatcher,
    handle(req, ctx) {
      if (req.operationId === "registerWebhook") {
        const body = req.body as Record<string, string>;
        if (body.reseller_uuid !== ctx.credentials.resellerUuid) {
          return unprocessable(
            ctx,
            "body.reseller_uuid: not the reseller of this partner (PGI_RESELLER_UUID)",
          );
        }
        // The spec's pattern already demands https and a host; deliveries need a URL that also parses.
        if (!isDeliverable(body.webhook_url ?? "")) {
          return unprocessable(ctx, "body.webhook_url: an absolute https URL with a host");
        }
        endpoints.set(body.reseller_uuid, {
          url: body.webhook_url as string,
          registeredAt: new Date(ctx.clock.now()).toISOString(),
        });
        return { status: 200, body: { message: "Webhook registered successfully" } };
      }
      if (req.operationId === "generateMergedDocumentForEsign") {
        const uuid = req.pathParams.uuid as string;
        agreements.set(uuid, { status: "Generated", at: new Date(ctx.clock.now()).toISOString() });
        capSize(agreements, limits.maxRecords);
        return {
          status: 200,
          body: {
            agreement_url: `https://onboarding.example.in/esign/${encodeURIComponent(uuid)}/merged_doc.pdf`,
            agreement_status: "Generated",
            message: "Agreement generated successfully",
          },
        };
      }
      return undefined;
    },
    snapshot: () => {
      dispatcher?.prune();
      return {
        counts: {
          endpoints: endpoints.size,
          merchants: items.size,
          agreements: agreements.size,
          deliveries: dispatcher?.deliveries.length ?? 0,
        },
        endpoints: Object.fromEntries(endpoints),
        merchants: Object.fromEntries([...items].map(([m, s]) => [m, Object.fromEntries(s)])),
        agreements: Object.fromEntries(agreements),
        deliveries: dispatcher?.deliveries.length ?? 0,
      };
    },
    reset() {
      endpoints.clear();
      items.clear();
      agreements.clear();
      dispatcher?.reset();
    },
  };
}
