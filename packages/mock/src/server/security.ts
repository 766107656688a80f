// Checks bearer tokens, their scopes and API-key headers against the mock's credentials, per the operation's spec.

import { findSecret, secretDigest, secretEquals } from "../core/secret-compare.js";
import {
  exampleNames,
  type OperationInfo,
  preparedResponse,
  type SecurityAlternative,
} from "../core/spec-index.js";
import type { MockResponse } from "../types.js";
import type { PipelineDeps } from "./pipeline-deps.js";
import { echoRequest, type RefusalContext } from "./refusal.js";
import { problem } from "./violations.js";

function bearer(headers: Record<string, string>): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? "");
  return m?.[1];
}

/** The scopes and expiry of a bearer token. */
type Grant = { scopes: readonly string[]; expiresAt?: number };
/** A bearer token's grant as looked up once for the request (undefined: the token is unknown or missing). */
export type TokenLookup = { grant: Grant | undefined };

/**
 * The grant of the request's bearer token: one of the configured credentials (at once), or else one the accounts
 * host issued, looked up in the store by its digest (a promise). Undefined for an operation without bearer
 * security, so the request path pays nothing more than before for the usual case.
 *
 * @example
 * const lookup = tokenGrant(deps, op, headers);
 * const denied = checkSecurity(deps, op, headers, lookup instanceof Promise ? await lookup : lookup);
 */
export function tokenGrant(
  deps: PipelineDeps,
  op: OperationInfo,
  headers: Record<string, string>,
): TokenLookup | Promise<TokenLookup> | undefined {
  if (!op.security.some((alt) => alt.some((r) => r.type === "http"))) return undefined;
  const token = bearer(headers);
  if (!token) return { grant: undefined };
  const configured = findSecret(deps.ctx.credentials.tokens, token);
  if (configured) return { grant: configured };
  return deps.ctx.state.accounts
    .grant(secretDigest(token), deps.ctx.clock.now())
    .then((grant) => ({ grant }));
}

/** The header of an apiKey scheme as the spec spells it (headers match in any case; hints name them as written). */
function schemeHeader(deps: PipelineDeps, scheme: string): string | undefined {
  const schemes = (
    deps.spec.doc.components as { securitySchemes?: Record<string, { name?: string }> } | undefined
  )?.securitySchemes;
  return schemes?.[scheme]?.name;
}

/** Why one alternative fails, or undefined when it is satisfied. */
function failure(
  deps: PipelineDeps,
  alt: SecurityAlternative,
  headers: Record<string, string>,
  lookup: TokenLookup | undefined,
): string | undefined {
  for (const req of alt) {
    if (req.type === "http") {
      const token = bearer(headers);
      if (!token) return "header Authorization: missing or not of the form 'Bearer <ACCESS_TOKEN>'";
      const grant = lookup ? lookup.grant : findSecret(deps.ctx.credentials.tokens, token);
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
      const spelled = schemeHeader(deps, req.scheme) ?? name;
      if (value === undefined || value === "") return `header ${spelled}: missing`;
      if (name === "authorization" && !secretEquals(value, deps.ctx.credentials.otpAuthorization)) {
        return `header ${spelled}: not the configured credential`;
      }
    }
  }
  return undefined;
}

/**
 * Returns the documented 401 answer when no security alternative of the operation is satisfied, with the
 * request's path and the mock clock's time in place of the example's (and its identifiers), as `echo()` gives them:
 * worked out only for a refusal.
 * Operations without security (or with only webhook signatures, checked by behaviours) pass. `lookup` is the
 * bearer token's grant from tokenGrant(), when the request path looked it up.
 */
export function checkSecurity(
  deps: PipelineDeps,
  op: OperationInfo,
  headers: Record<string, string>,
  echo: () => RefusalContext,
  lookup?: TokenLookup,
): MockResponse | undefined {
  const alternatives = op.security.filter((alt) =>
    alt.every((r) => r.type === "http" || r.type === "apiKey"),
  );
  if (alternatives.length === 0) return undefined;
  const reasons: string[] = [];
  for (const alt of alternatives) {
    const why = failure(deps, alt, headers, lookup);
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
  // The example's path and time are the example's: the refusal carries this request's path and the mock's time.
  return {
    ...res,
    body: echoRequest(res.body, echo()),
    headers: { ...(res.headers ?? {}), "x-pgi-mock-hint": reason },
  };
}
