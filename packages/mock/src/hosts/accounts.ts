// Accounts: partner sign-in OTP verification issuing a scoped user token; users unknown or locked by identity.

import { secretDigest } from "../core/secret-compare.js";
import { SIGN_IN } from "../state/lifetimes.js";
import type { ControlRoute, HostBehaviour, MockResponse } from "../types.js";
import { randomDigits, randomUuid } from "./ids.js";

/** Scopes of the user token the verification issues (those of the interface's sample). */
export const USER_TOKEN_SCOPES = ["user_profile", "create_bank_details", "update_bank_details"] as const;
/** Lifetime of the issued token, as in the interface's sample (expires_in). */
export const USER_TOKEN_SECONDS = 7200;
/** Identities ending in these digits have no user (…0000) or a locked account (…9999). */
export const UNKNOWN_USER_SUFFIX = "0000";
export const LOCKED_USER_SUFFIX = "9999";

const unprocessable = (
  field: string,
  key: string,
  message: string,
  data: Record<string, unknown>,
): MockResponse => ({
  status: 422,
  body: { errors: { [field]: [key] }, messages: { [field]: [message] }, additional_data: { [field]: data } },
});

const sendRoute: ControlRoute = {
  method: "POST",
  path: "/__mock/accounts/otp",
  description:
    "send a sign-in OTP to {identity} (the sending call is not part of the interface); see GET /__mock/otps",
  async handle(req, ctx) {
    const identity = (req.body as { identity?: unknown } | undefined)?.identity;
    if (typeof identity !== "string" || !/^[6-9][0-9]{9}$/.test(identity)) {
      return { status: 400, body: { detail: "body.identity: required, 10 digits starting with 6 to 9" } };
    }
    const now = ctx.clock.now();
    const listedUntil = now + SIGN_IN.listedSeconds * 1000;
    await ctx.state.accounts.sendCode(identity, randomDigits(ctx.random, 6), listedUntil, now);
    return { status: 200, body: { identity } };
  },
};

/** Creates the accounts behaviour; its state is ctx.state.accounts (issued tokens are accepted by the core). */
export function createAccountsBehaviour(): HostBehaviour {
  return {
    host: "accounts",
    control: [sendRoute],
    async handle(req, ctx) {
      const f = req.body as Record<string, string>;
      const identity = f["otp[identity]"] as string;
      if (identity.endsWith(UNKNOWN_USER_SUFFIX)) {
        return unprocessable("user", "not_found", "not found", { search_term: identity });
      }
      const locked = () =>
        unprocessable("user", "locked", "is locked", { lock_duration: 1800, search_term: identity });
      if (identity.endsWith(LOCKED_USER_SUFFIX)) return locked();
      const now = ctx.clock.now();
      const token = Buffer.from(randomDigits(ctx.random, 32)).toString("base64url");
      const expiresAt = now + USER_TOKEN_SECONDS * 1000;
      const user_uuid = randomUuid(ctx.random);
      const issue = { user_uuid, identity, expiresAt, scopes: [...USER_TOKEN_SCOPES] };
      const outcome = await ctx.state.accounts.verify(
        identity,
        String(f["otp[code]"] ?? ""),
        now,
        secretDigest(token),
        issue,
      );
      if (outcome === "locked") return locked();
      if (outcome === "invalid") return unprocessable("code", "invalid", "is invalid", { value: "****" });
      return {
        status: 200,
        body: {
          access_token: token,
          token_type: "Bearer",
          expires_in: USER_TOKEN_SECONDS,
          scope: USER_TOKEN_SCOPES.join(" "),
          created_at: Math.floor(now / 1000),
          user_uuid,
          reseller_uuid: ctx.credentials.resellerUuid,
          mid: ctx.credentials.payoutMid,
          merchant_uuid: randomUuid(ctx.random),
        },
      };
    },
    async snapshot(now, ctx) {
      const { pending, issued } = await ctx.state.accounts.snapshot(now);
      return {
        counts: { pending: pending.length, issued: issued.length },
        pending,
        issued: issued.map(({ scopes: _scopes, ...i }) => ({
          ...i,
          expiresAt: new Date(i.expiresAt).toISOString(),
        })),
      };
    },
  };
}
