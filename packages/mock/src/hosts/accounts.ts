// Accounts: partner sign-in OTP verification issuing a scoped user token; users unknown or locked by identity.

import { capSize, DEFAULT_STATE_LIMITS, type StateLimits } from "../core/bounded-store.js";
import { secretEquals } from "../core/secret-compare.js";
import type { ControlRoute, HostBehaviour, HostContext, MockResponse } from "../types.js";
import { randomDigits, randomUuid } from "./ids.js";
import { recordSent, type SentOtp } from "./otp.js";

/** Scopes of the user token the verification issues (those of the interface's sample). */
export const USER_TOKEN_SCOPES = ["user_profile", "create_bank_details", "update_bank_details"] as const;
/** Lifetime of the issued token, as in the interface's sample (expires_in). */
export const USER_TOKEN_SECONDS = 7200;
/** Identities ending in these digits have no user (…0000) or a locked account (…9999). */
export const UNKNOWN_USER_SUFFIX = "0000";
export const LOCKED_USER_SUFFIX = "9999";
const MAX_ATTEMPTS = 3;

const unprocessable = (
  field: string,
  key: string,
  message: string,
  data: Record<string, unknown>,
): MockResponse => ({
  status: 422,
  body: { errors: { [field]: [key] }, messages: { [field]: [message] }, additional_data: { [field]: data } },
});

/** Creates the accounts behaviour; `sent` is the list served by GET /__mock/otps. */
export function createAccountsBehaviour(
  sent: SentOtp[],
  limits: StateLimits = DEFAULT_STATE_LIMITS,
): HostBehaviour {
  const codes = new Map<string, { code: string; attempts: number }>();
  const issued: { user_uuid: string; identity: string; expiresAt: number; token: string }[] = [];
  /** Issued tokens past their validity plus the retention are forgotten (and no longer accepted). */
  const prune = (now: number, ctx?: HostContext) => {
    let drop = issued.filter((i) => i.expiresAt + limits.retentionMs < now).length;
    drop = Math.max(drop, issued.length - limits.maxRecords);
    for (const gone of issued.splice(0, Math.max(0, drop)))
      if (ctx) delete ctx.credentials.tokens[gone.token];
  };

  const sendRoute: ControlRoute = {
    method: "POST",
    path: "/__mock/accounts/otp",
    description:
      "send a sign-in OTP to {identity} (the sending call is not part of the interface); see GET /__mock/otps",
    handle(req, ctx) {
      const identity = (req.body as { identity?: unknown } | undefined)?.identity;
      if (typeof identity !== "string" || !/^[6-9][0-9]{9}$/.test(identity)) {
        return { status: 400, body: { detail: "body.identity: required, 10 digits starting with 6 to 9" } };
      }
      const code = randomDigits(ctx.random, 6);
      codes.set(identity, { code, attempts: 0 });
      capSize(codes, limits.maxRecords);
      recordSent(sent, {
        host: "accounts",
        identity,
        otp: code,
        expiresAt: new Date(ctx.clock.now() + 600_000).toISOString(),
      });
      return { status: 200, body: { identity } };
    },
  };

  const issue = (ctx: HostContext, identity: string): MockResponse => {
    const token = Buffer.from(randomDigits(ctx.random, 32)).toString("base64url");
    const expiresAt = ctx.clock.now() + USER_TOKEN_SECONDS * 1000;
    ctx.credentials.tokens[token] = { scopes: [...USER_TOKEN_SCOPES], expiresAt };
    const user_uuid = randomUuid(ctx.random);
    issued.push({ user_uuid, identity, expiresAt, token });
    prune(ctx.clock.now(), ctx);
    return {
      status: 200,
      body: {
        access_token: token,
        token_type: "Bearer",
        expires_in: USER_TOKEN_SECONDS,
        scope: USER_TOKEN_SCOPES.join(" "),
        created_at: Math.floor(ctx.clock.now() / 1000),
        user_uuid,
        reseller_uuid: ctx.credentials.resellerUuid,
        mid: ctx.credentials.payoutMid,
        merchant_uuid: randomUuid(ctx.random),
      },
    };
  };

  return {
    host: "accounts",
    control: [sendRoute],
    handle(req, ctx) {
      const f = req.body as Record<string, string>;
      const identity = f["otp[identity]"] as string;
      if (identity.endsWith(UNKNOWN_USER_SUFFIX)) {
        return unprocessable("user", "not_found", "not found", { search_term: identity });
      }
      const entry = codes.get(identity);
      if (identity.endsWith(LOCKED_USER_SUFFIX) || (entry && entry.attempts >= MAX_ATTEMPTS)) {
        return unprocessable("user", "locked", "is locked", { lock_duration: 1800, search_term: identity });
      }
      if (!entry || !secretEquals(f["otp[code]"] ?? "", entry.code)) {
        if (entry) entry.attempts += 1;
        return unprocessable("code", "invalid", "is invalid", { value: "****" });
      }
      codes.delete(identity);
      return issue(ctx, identity);
    },
    snapshot: (now) => {
      prune(now);
      return {
        counts: { pending: codes.size, issued: issued.length },
        pending: [...codes.keys()],
        issued: issued.map(({ token: _token, ...i }) => ({
          ...i,
          expiresAt: new Date(i.expiresAt).toISOString(),
        })),
      };
    },
    reset() {
      codes.clear();
      issued.length = 0;
    },
  };
}
