// OTP and token service: OTP send, resend and verify by uuid (attempts, expiry), and token validation with fallback.

import { BoundedStore, DEFAULT_STATE_LIMITS, type StateLimits } from "../core/bounded-store.js";
import { secretEquals } from "../core/secret-compare.js";
import { timeLike } from "../core/written-time.js";
import type { ControlRoute, HostBehaviour, HostContext, MockRequest, MockResponse } from "../types.js";
import { randomDigits, randomUuid } from "./ids.js";

/** Limits the mock applies (not published by the interface; see docs/flows.md). */
export const OTP_LIMITS = {
  validitySeconds: 300,
  maxVerifyAttempts: 3,
  maxResends: 3,
  /** How long a verified uuid is accepted as a token by /token/validate (not shown by the interface). */
  tokenValiditySeconds: 86_400,
} as const;

interface OtpRequest {
  uuid: string;
  identity: string;
  otp: string;
  expiresAt: number;
  attempts: number;
  resends: number;
  verified: boolean;
  verifiedAt?: number;
}

/** The codes every OTP-sending host recorded, for GET /__mock/otps. */
export interface SentOtp {
  host: string;
  uuid?: string;
  identity: string;
  otp: string;
  expiresAt: string;
}

/** How many sent codes GET /__mock/otps keeps (the oldest are dropped), so a long-running mock stays small. */
export const MAX_SENT_OTPS = 1_000;

/** Records a code the mock "sent", for GET /__mock/otps; codes past their expiry plus `retentionMs` are dropped. */
export function recordSent(
  sent: SentOtp[],
  entry: SentOtp,
  now?: number,
  retentionMs = DEFAULT_STATE_LIMITS.retentionMs,
): void {
  sent.push(entry);
  if (sent.length > MAX_SENT_OTPS) sent.splice(0, sent.length - MAX_SENT_OTPS);
  if (now !== undefined) pruneSent(sent, now, retentionMs);
}

/** Drops sent codes whose expiry plus the retention has passed. */
export function pruneSent(sent: SentOtp[], now: number, retentionMs: number): void {
  const kept = sent.filter((s) => Date.parse(s.expiresAt) + retentionMs >= now);
  if (kept.length !== sent.length) sent.splice(0, sent.length, ...kept);
}

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

/** Creates the OTP service behaviour; `sent` is shared with other hosts that send OTPs. */
export function createOtpBehaviour(
  sent: SentOtp[],
  limits: StateLimits = DEFAULT_STATE_LIMITS,
): HostBehaviour {
  const requests = new BoundedStore<OtpRequest>(limits);
  const endOfLife = (r: OtpRequest) =>
    r.verified ? (r.verifiedAt ?? r.expiresAt) + OTP_LIMITS.tokenValiditySeconds * 1000 : r.expiresAt;

  const issue = (ctx: HostContext, identity: string, uuid = randomUuid(ctx.random)): OtpRequest => {
    const now = ctx.clock.now();
    const previous = requests.get(uuid, now);
    const r: OtpRequest = {
      uuid,
      identity,
      otp: randomDigits(ctx.random, 6),
      expiresAt: ctx.clock.now() + OTP_LIMITS.validitySeconds * 1000,
      attempts: 0,
      resends: previous ? previous.resends + 1 : 0,
      verified: false,
    };
    requests.set(uuid, r, endOfLife(r), now);
    recordSent(
      sent,
      {
        host: "otp",
        uuid,
        identity,
        otp: r.otp,
        expiresAt: new Date(r.expiresAt).toISOString(),
      },
      now,
      limits.retentionMs,
    );
    return r;
  };

  const otpsRoute: ControlRoute = {
    method: "GET",
    path: "/__mock/otps",
    description: "every OTP code the mock sent (OTP service, wallet, accounts sign-in), newest last",
    handle: (_req, ctx) => {
      pruneSent(sent, ctx.clock.now(), limits.retentionMs);
      return { status: 200, body: { otps: sent } };
    },
  };

  return {
    host: "otp",
    control: [otpsRoute],
    handle(req, ctx) {
      const clientType = req.headers.clienttype;
      if (clientType !== undefined && clientType !== ctx.credentials.otpClientType) {
        return refuse(req, ctx, `header clientType: ${clientType} is not the configured client type`);
      }
      const body = (req.body ?? {}) as Record<string, unknown>;
      switch (req.operationId) {
        case "sendOtp":
          return text(req, issue(ctx, String(body.mobileNumber)).uuid);
        case "resendOtp": {
          const uuid = req.headers.uuid ?? "";
          const r = requests.get(uuid, ctx.clock.now());
          if (!r) return refuse(req, ctx, "header uuid: no OTP request with this uuid");
          if (r.verified) return refuse(req, ctx, "header uuid: this OTP request is already verified");
          if (r.resends >= OTP_LIMITS.maxResends)
            return refuse(req, ctx, "header uuid: resend limit reached");
          return text(req, issue(ctx, String(body.mobileNumber ?? r.identity), uuid).uuid);
        }
        case "verifyOtp": {
          const r = requests.get(String(body.uuid), ctx.clock.now());
          if (!r) return refuse(req, ctx, "body.uuid: no OTP request with this uuid");
          if (r.verified) return refuse(req, ctx, "body.uuid: this OTP was already used");
          if (ctx.clock.now() > r.expiresAt)
            return refuse(req, ctx, "body.otp: the OTP has expired; resend it");
          if (r.attempts >= OTP_LIMITS.maxVerifyAttempts)
            return refuse(req, ctx, "body.otp: too many attempts");
          if (body.mobileNumber !== undefined && body.mobileNumber !== r.identity) {
            return refuse(req, ctx, "body.mobileNumber: not the number the OTP was sent to");
          }
          if (!secretEquals(String(body.otp).padStart(6, "0"), r.otp)) {
            r.attempts += 1;
            return refuse(
              req,
              ctx,
              `body.otp: wrong OTP (${OTP_LIMITS.maxVerifyAttempts - r.attempts} attempts left)`,
            );
          }
          r.verified = true;
          r.verifiedAt = ctx.clock.now();
          requests.extend(r.uuid, endOfLife(r));
          return text(req, "OTP verified successfully");
        }
        case "validateToken": {
          // A token is the uuid of a verified OTP request, bound to its mobile number.
          const r = requests.get(String(body.token ?? ""), ctx.clock.now());
          const valid =
            r?.verified === true && (body.mobileNumber === undefined || body.mobileNumber === r.identity);
          if (valid) return text(req, "Token validated successfully");
          const dto = body.sendOtpRequestDTO as Record<string, unknown> | undefined;
          if (body.sendOtpOnFailureEnabled === true && dto)
            return text(req, issue(ctx, String(dto.mobileNumber)).uuid);
          return refuse(req, ctx, "body.token: not a valid token for this mobile number");
        }
        default:
          return undefined;
      }
    },
    snapshot(now) {
      requests.sweep(now);
      pruneSent(sent, now, limits.retentionMs);
      return {
        counts: { requests: requests.size, sentOtps: sent.length },
        requests: requests.values(now).map(({ otp: _otp, ...r }) => ({
          ...r,
          expiresAt: new Date(r.expiresAt).toISOString(),
        })),
      };
    },
    reset() {
      requests.clear();
      sent.length = 0;
    },
  };
}
