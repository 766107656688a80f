// OTP and token service: OTP send, resend and verify by uuid (attempts, expiry), and token validation with fallback.

import { timeLike } from "../core/written-time.js";
import { OTP_LIMITS } from "../state/lifetimes.js";
import type { ControlRoute, HostBehaviour, HostContext, MockRequest, MockResponse } from "../types.js";
import { randomDigits, randomUuid } from "./ids.js";

export { MAX_SENT_OTPS, OTP_LIMITS } from "../state/lifetimes.js";
export type { SentOtp } from "../state/types.js";

const text = (req: MockRequest, value: string, status = 200): MockResponse =>
  (req.headers.accept ?? "").includes("application/json")
    ? { status, contentType: "application/json", body: JSON.stringify(value) }
    : { status, contentType: "text/plain", body: value };

/**
 * The service's 400 (the documented framework error) for this request: its path, the mock clock's time written as
 * the documented example writes it, and the reason in `message`.
 */
const refuse = (req: MockRequest, ctx: HostContext, message: string): MockResponse => {
  const documented = ctx.documentedResponse(req.operationId, 400)?.body as
    | { timestamp?: unknown }
    | undefined;
  const written = typeof documented?.timestamp === "string" ? documented.timestamp : "";
  return {
    status: 400,
    contentType: "application/json",
    body: {
      timestamp: timeLike(written, ctx.clock.now()),
      status: 400,
      error: "Bad Request",
      message,
      path: req.path,
    },
  };
};

const iso = (ms: number) => new Date(ms).toISOString();
const optionalText = (v: unknown) => (v === undefined ? undefined : String(v));

/** Sends a new OTP to `identity`: a fresh uuid and code, recorded for GET /__mock/otps. */
async function send(ctx: HostContext, identity: string): Promise<string> {
  const now = ctx.clock.now();
  const uuid = randomUuid(ctx.random);
  const otp = randomDigits(ctx.random, 6);
  await ctx.state.otp.send({ uuid, identity, otp, expiresAt: now + OTP_LIMITS.validitySeconds * 1000 }, now);
  return uuid;
}

const otpsRoute: ControlRoute = {
  method: "GET",
  path: "/__mock/otps",
  description: "every OTP code the mock sent (OTP service, wallet, accounts sign-in), newest last",
  handle: async (_req, ctx) => ({ status: 200, body: { otps: await ctx.state.otp.sent(ctx.clock.now()) } }),
};

/** Creates the OTP service behaviour; its state is ctx.state.otp. */
export function createOtpBehaviour(): HostBehaviour {
  return {
    host: "otp",
    control: [otpsRoute],
    async handle(req, ctx) {
      const clientType = req.headers.clienttype;
      if (clientType !== undefined && clientType !== ctx.credentials.otpClientType) {
        return refuse(req, ctx, `header clientType: ${clientType} is not the configured client type`);
      }
      const body = (req.body ?? {}) as Record<string, unknown>;
      const otp = ctx.state.otp;
      switch (req.operationId) {
        case "sendOtp":
          return text(req, await send(ctx, String(body.mobileNumber)));
        case "resendOtp": {
          const uuid = req.headers.uuid ?? "";
          const now = ctx.clock.now();
          const code = randomDigits(ctx.random, 6);
          const expiresAt = now + OTP_LIMITS.validitySeconds * 1000;
          const identity = optionalText(body.mobileNumber);
          const outcome = await otp.resend(uuid, identity, code, expiresAt, now);
          if (outcome === "unknown") return refuse(req, ctx, "header uuid: no OTP request with this uuid");
          if (outcome === "verified")
            return refuse(req, ctx, "header uuid: this OTP request is already verified");
          if (outcome === "limit") return refuse(req, ctx, "header uuid: resend limit reached");
          return text(req, uuid);
        }
        case "verifyOtp": {
          const code = String(body.otp).padStart(6, "0");
          const outcome = await otp.verify(
            String(body.uuid),
            code,
            optionalText(body.mobileNumber),
            ctx.clock.now(),
          );
          switch (outcome) {
            case "unknown":
              return refuse(req, ctx, "body.uuid: no OTP request with this uuid");
            case "used":
              return refuse(req, ctx, "body.uuid: this OTP was already used");
            case "expired":
              return refuse(req, ctx, "body.otp: the OTP has expired; resend it");
            case "tooManyAttempts":
              return refuse(req, ctx, "body.otp: too many attempts");
            case "wrongNumber":
              return refuse(req, ctx, "body.mobileNumber: not the number the OTP was sent to");
            case "verified":
              return text(req, "OTP verified successfully");
            default:
              return refuse(req, ctx, `body.otp: wrong OTP (${outcome.wrong} attempts left)`);
          }
        }
        case "validateToken": {
          // A token is the uuid of a verified OTP request, bound to its mobile number.
          const valid = await otp.tokenValid(
            String(body.token ?? ""),
            optionalText(body.mobileNumber),
            ctx.clock.now(),
          );
          if (valid) return text(req, "Token validated successfully");
          const dto = body.sendOtpRequestDTO as Record<string, unknown> | undefined;
          if (body.sendOtpOnFailureEnabled === true && dto)
            return text(req, await send(ctx, String(dto.mobileNumber)));
          return refuse(req, ctx, "body.token: not a valid token for this mobile number");
        }
        default:
          return undefined;
      }
    },
    async snapshot(now, ctx) {
      const { requests, sentOtps } = await ctx.state.otp.snapshot(now);
      return {
        counts: { requests: requests.length, sentOtps },
        requests: requests.map(({ otp: _otp, ...r }) => ({ ...r, expiresAt: iso(r.expiresAt) })),
      };
    },
  };
}
