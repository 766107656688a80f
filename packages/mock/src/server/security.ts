// Checks bearer tokens, their scopes and API-key headers against the mock's credentials, per the operation's spec.

import { findSecret, secretDigest, secretEquals } from "../core/secret-compare.js";
import {
  exampleNames,
  type OperationInfo,
  preparedResponse,
  type SecurityAlternative,
} from "../core/spec-index.js";
import type { MockResponse } from "../types.js";
import type { PipelineDeps } from "./pipeline.js";
import { problem } from "./violations.js";

function bearer(headers: Record<string, string>): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? "");
  return m?.[1];
}

/** The scopes and expiry of a token the mock issued (accounts sign-in), when the store knows it. */
type Grant = { scopes: readonly string[]; expiresAt?: number };

/**
 * The grant of a bearer token that is not one of the configured credentials, looked up in the store by its digest
 * (tokens the accounts host issued). Undefined at once, without a store call, for an operation without bearer
 * security, a missing header or a configured token: the request path pays nothing for the usual case.
 *
 * @example
 * const pending = issuedGrant(deps, op, headers);
 * const issued = pending && (await pending);
 */
export function issuedGrant(
  deps: PipelineDeps,
  op: OperationInfo,
  headers: Record<string, string>,
): Promise<Grant | undefined> | undefined {
  if (!op.security.some((alt) => alt.some((r) => r.type === "http"))) return undefined;
  const token = bearer(headers);
  if (!token || findSecret(deps.ctx.credentials.tokens, token)) return undefined;
  return deps.ctx.state.accounts.grant(secretDigest(token), deps.ctx.clock.now());
}

/** Why one alternative fails, or undefined when it is satisfied. */
function failure(
  deps: PipelineDeps,
  alt: SecurityAlternative,
  headers: Record<string, string>,
  issued: Grant | undefined,
): string | undefined {
  for (const req of alt) {
    if (req.type === "http") {
      const token = bearer(headers);
      if (!token) return "header Authorization: missing or not of the form 'Bearer <ACCESS_TOKEN>'";
      const grant = findSecret(deps.ctx.credentials.tokens, token) ?? issued;
      if (!grant) return "header Authorization: unknown access token";
      if (grant.expiresAt !== undefined && grant.expiresAt <= deps.ctx.clock.now()) {
        return "header Authorization: the access token has expired";
      }
      const missing = req.scopes.filter((s) => !grant.scopes.includes(s));
      if (missing.length > 0)
        return `header Authorization: the token lacks the scope ${missing.join(" and ")}`;
    } else if (req.type === "apiKey") {
      const name = req.headerName ?? "authorization";
      const value = headers[name];
      if (value === undefined || value === "") return `header ${name}: missing`;
      if (name === "authorization" && !secretEquals(value, deps.ctx.credentials.otpAuthorization)) {
        return `header ${name}: not the configured credential`;
      }
    }
  }
  return undefined;
}

/**
 * Returns the documented 401 answer when no security alternative of the operation is satisfied.
 * Operations without security (or with only webhook signatures, checked by behaviours) pass. `issued` is the
 * grant issuedGrant() found for a token the mock issued.
 */
export function checkSecurity(
  deps: PipelineDeps,
  op: OperationInfo,
  headers: Record<string, string>,
  issued?: Grant,
): MockResponse | undefined {
  const alternatives = op.security.filter((alt) =>
    alt.every((r) => r.type === "http" || r.type === "apiKey"),
  );
  if (alternatives.length === 0) return undefined;
  const reasons: string[] = [];
  for (const alt of alternatives) {
    const why = failure(deps, alt, headers, issued);
    if (!why) return undefined;
    reasons.push(why);
  }
  const reason = [...new Set(reasons)].join("; or ");
  const names = exampleNames(deps.spec, op, 401);
  const wanted = /lacks the scope/.test(reason) ? /scope/i : /token|invalid|expired|unauthori/i;
  const doc = preparedResponse(
    deps.spec,
    op,
    401,
    names.find((n) => wanted.test(n)),
  );
  // An operation that documents no 401 (the OTP service) is refused with its documented 400 instead, so the mock
  // never answers a status the contract does not list.
  const res = doc ?? preparedResponse(deps.spec, op, 400) ?? problem(401, "Unauthorized", reason);
  return { ...res, headers: { ...(res.headers ?? {}), "x-pgi-mock-hint": reason } };
}
