// request_valid: a request has its operation's required parameters (each valid), the credentials its security
// requirement asks for, and a body that parses as its media type and is valid against its schema.

import {
  mediaTypeOf,
  type PreparedRequest,
  parseRequestBody,
  preparedRequest,
} from "../checking/request-validators.js";
import type { RequestCheck, RequestContext } from "../checking/types.js";
import { type Finding, fail, pass } from "../model/finding.js";
import { ajvFindings } from "../spec/ajv-findings.js";
import { contentBreaks } from "../spec/content-schema.js";
import type { Operation } from "../spec/spec-set.js";

const bad = (pointer: string, expected: string, actual: string): Finding =>
  fail("request_valid", { pointer, expected, actual });

function paramValue(
  op: Operation,
  p: PreparedRequest["params"][number],
  url: URL,
  headers: Record<string, string>,
) {
  if (p.in === "query") return url.searchParams.get(p.name) ?? undefined;
  if (p.in === "header") return headers[p.name.toLowerCase()];
  if (p.in === "path") {
    const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    const values = op.regex.exec(url.pathname);
    const i = names.indexOf(p.name);
    if (i < 0 || values?.[i + 1] === undefined) return undefined;
    try {
      return decodeURIComponent(values[i + 1] as string);
    } catch {
      return values[i + 1];
    }
  }
  return undefined;
}

function parameterFindings(op: Operation, prepared: PreparedRequest, ctx: RequestContext): Finding[] {
  const out: Finding[] = [];
  const url = new URL(ctx.request.url);
  for (const p of prepared.params) {
    const value = paramValue(op, p, url, ctx.request.headers);
    if (value === undefined) {
      if (p.required) out.push(bad(`${p.in} ${p.name}`, "present (required)", "absent"));
      continue;
    }
    if (p.validate && !p.validate(value))
      out.push(
        bad(
          `${p.in} ${p.name}`,
          p.validate.errors?.[0]?.keyword ?? "valid",
          p.validate.errors?.[0]?.message ?? "",
        ),
      );
  }
  const { credentialHeaders } = prepared;
  if (credentialHeaders.length && !credentialHeaders.some((h) => ctx.request.headers[h]))
    out.push(bad(`header ${credentialHeaders.join(" or ")}`, "credentials (security requirement)", "absent"));
  return out;
}

function bodyFindings(ctx: RequestContext, body: NonNullable<PreparedRequest["body"]>): Finding[] {
  const text = ctx.request.body;
  if (text === undefined || text === "")
    return body.required ? [bad("request body", `a ${body.mediaType} body (required)`, "empty")] : [];
  const out: Finding[] = [];
  const type = mediaTypeOf(ctx.request.headers["content-type"]);
  if (type !== body.mediaType) out.push(bad("header content-type", body.mediaType, type || "(none)"));
  let value: unknown;
  try {
    value = parseRequestBody(body.mediaType, text);
  } catch (error) {
    return [...out, bad("request body", `parseable ${body.mediaType}`, (error as Error).message)];
  }
  for (const b of contentBreaks(ctx.specs, ctx.op.host, body.schema, value))
    out.push(bad(`request body ${b.pointer}`, b.expected, b.actual));
  if (body.validate && !body.validate(structuredClone(value)))
    out.push(...ajvFindings(body.validate.errors, "request_valid", { prefix: "request body " }));
  return out;
}

export const check = {
  id: "request_valid",
  description: "a request matches its operation's parameters, credentials and body schema",
  kind: "request",
  stage: 10,
  run(ctx) {
    const prepared = preparedRequest(ctx.specs, ctx.op);
    if (!prepared) return [];
    const out = [
      ...parameterFindings(ctx.op, prepared, ctx),
      ...(prepared.body ? bodyFindings(ctx, prepared.body) : []),
    ];
    return out.length ? out : [pass("request_valid")];
  },
} as const satisfies RequestCheck<"request_valid">;
