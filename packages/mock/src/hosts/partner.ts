// Partner host: webhook registration per reseller, agreement generation, and merchant status changes sent as webhooks.

import type { ControlRoute, HostBehaviour, HostContext, MockResponse } from "../types.js";
import { ATTEMPT_JOB, LIMIT_JOB, WebhookDispatcher } from "./webhook-dispatcher.js";

const problem = (status: number, title: string, detail: string): MockResponse => ({
  status,
  contentType: "application/problem+json",
  body: { type: `https://pgi.dev/mock/problems/${status}`, title, status, detail },
});
const bad = (detail: string) => problem(400, "Invalid control request", detail);

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

/** The 429 of a delivery refused at the pending bound (stateLimits.maxPendingDeliveries), saying what did not happen. */
function tooManyPending(ctx: HostContext, nothing: string): MockResponse {
  const max = ctx.state.limits.maxPendingDeliveries;
  return problem(
    429,
    "Too many pending deliveries",
    `${max} webhook deliveries are pending (stateLimits.maxPendingDeliveries); ${nothing}. ` +
      "Wait until some are delivered or failed (GET /__mock/deliveries), or POST /__mock/reset",
  );
}

/** Checks the control body of a status change; the first problem found, or undefined. */
function invalidChange(body: Record<string, unknown> | undefined): MockResponse | undefined {
  if (!body || typeof body !== "object") return bad("body: a JSON object is required");
  const { event_name, current_status } = body;
  if (typeof event_name !== "string" || event_name === "") return bad("body.event_name: required string");
  if (typeof current_status !== "string" || current_status === "") {
    return bad("body.current_status: required string (Pending, Received, Approved, Declined, Success)");
  }
  for (const key of ["previous_status", "error", "remarks", "reseller_uuid"] as const) {
    if (body[key] !== undefined && typeof body[key] !== "string") return bad(`body.${key}: must be a string`);
  }
  if (body.mid !== undefined && !Number.isInteger(body.mid)) return bad("body.mid: must be an integer");
  return undefined;
}

/** Creates the partner behaviour; its state is ctx.state.partner and ctx.state.deliveries. */
export function createPartnerBehaviour(): HostBehaviour & {
  dispatcher(ctx: HostContext): WebhookDispatcher;
} {
  // One dispatcher per context (a mock has one): it holds this process's attempts in flight.
  const dispatchers = new WeakMap<HostContext, WebhookDispatcher>();
  const dispatcher = (ctx: HostContext) => {
    let d = dispatchers.get(ctx);
    if (!d) {
      d = new WebhookDispatcher(ctx);
      dispatchers.set(ctx, d);
    }
    return d;
  };

  const statusRoute: ControlRoute = {
    method: "POST",
    path: "/__mock/merchants/:merchant_uuid/status",
    description:
      "change a merchant item's status {event_name, current_status, previous_status?, error?, remarks?, mid?, reseller_uuid?}; the signed webhook is sent to the registered URL",
    async handle(req, ctx) {
      const body = req.body as Record<string, unknown> | undefined;
      const invalid = invalidChange(body);
      if (invalid || !body) return invalid ?? bad("body: a JSON object is required");
      const reseller = (body.reseller_uuid as string | undefined) ?? ctx.credentials.resellerUuid;
      const endpoint = await ctx.state.partner.endpoint(reseller);
      if (!endpoint) {
        return problem(
          409,
          "No webhook registered",
          `reseller ${reseller} has no endpoint; call POST /api/v1/partners/register_webhook first`,
        );
      }
      const merchant = req.params.merchant_uuid as string;
      const event = body.event_name as string;
      const current = body.current_status as string;
      const started = await dispatcher(ctx).start(endpoint.url, {
        merchant,
        event,
        current,
        ...(body.previous_status !== undefined ? { previous: body.previous_status as string } : {}),
        payload: (previous) => ({
          previous_status: previous,
          current_status: current,
          change_timestamp: Math.floor(ctx.clock.now() / 1000),
          mid: (body.mid as number | undefined) ?? Number(ctx.credentials.payoutMid),
          merchant_uuid: merchant,
          event_name: event,
          error: (body.error as string | undefined) ?? "NA",
          remarks: (body.remarks as string | undefined) ?? "NA",
        }),
      });
      if (started === "full") return tooManyPending(ctx, "no status was changed and no webhook started");
      if (started === "busy") {
        return problem(
          409,
          "Concurrent status change",
          `merchant ${merchant}: ${event} kept changing; send it again`,
        );
      }
      return { status: 202, body: started };
    },
  };

  const deliveriesRoute: ControlRoute = {
    method: "GET",
    path: "/__mock/deliveries",
    description: "every merchant status webhook sent, with its attempts",
    handle: async (_req, ctx) => ({
      status: 200,
      body: { deliveries: await ctx.state.deliveries.list(ctx.clock.now()) },
    }),
  };

  const resendRoute: ControlRoute = {
    method: "POST",
    path: "/__mock/deliveries/:id/resend",
    description:
      "send a delivery of the log again (same payload and URL) as a new delivery, with its own retries",
    async handle(req, ctx) {
      const id = req.params.id as string;
      const started = await dispatcher(ctx).resend(id);
      if (started === "notFound")
        return problem(
          404,
          "No such delivery",
          `params.id: ${id} is not in the delivery log (GET /__mock/deliveries)`,
        );
      if (started === "full") return tooManyPending(ctx, "nothing was sent");
      return { status: 202, body: started };
    },
  };

  return {
    host: "partner",
    control: [statusRoute, deliveriesRoute, resendRoute],
    dispatcher,
    jobs: {
      [ATTEMPT_JOB]: (job, ctx) => dispatcher(ctx).runAttempt(job),
      [LIMIT_JOB]: (job, ctx) => dispatcher(ctx).runLimit(job),
    },
    async handle(req, ctx) {
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
        await ctx.state.partner.register(body.reseller_uuid, {
          url: body.webhook_url as string,
          registeredAt: new Date(ctx.clock.now()).toISOString(),
        });
        return { status: 200, body: { message: "Webhook registered successfully" } };
      }
      if (req.operationId === "generateMergedDocumentForEsign") {
        const uuid = req.pathParams.uuid as string;
        await ctx.state.partner.recordAgreement(uuid, {
          status: "Generated",
          at: new Date(ctx.clock.now()).toISOString(),
        });
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
    async snapshot(now, ctx) {
      const s = await ctx.state.partner.snapshot();
      const { deliveries, pending } = await ctx.state.deliveries.counts(now);
      return {
        counts: {
          endpoints: s.endpoints.length,
          merchants: s.merchants.length,
          agreements: s.agreements.length,
          deliveries,
          pendingDeliveries: pending,
        },
        endpoints: Object.fromEntries(s.endpoints),
        merchants: Object.fromEntries(s.merchants),
        agreements: Object.fromEntries(s.agreements),
        deliveries,
      };
    },
  };
}
