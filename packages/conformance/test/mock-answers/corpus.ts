// The requests sent to the mock: the suite's fixture cases, each refusal path per operation, and a seeded fuzz corpus.
import fc from "fast-check";
import { HOSTS } from "../../src/config/configuration.js";
import type { Host, Target } from "../../src/model/target.js";
import { type BuiltRequest, buildRequest } from "../../src/requests/build-request.js";
import { requestBody } from "../../src/spec/request-body.js";
import type { Operation, SpecSet } from "../../src/spec/spec-set.js";
import { generateCases } from "../../src/suite/cases.js";

/** One request of the corpus and where it came from (reported with any failure). */
export interface CorpusRequest extends BuiltRequest {
  host: Host;
  origin: string;
}

const ONE_MIB = 1024 * 1024;

/** A host's base URL in `target`. */
const hostOf = (target: Target, url: string): Host =>
  HOSTS.find((h) => target.urls[h] && url.startsWith(`${target.urls[h]}/`)) ?? "otp";

/**
 * The fixtures: every case the conformance suite generates (each documented request example, signed with the
 * target's credentials, and its negative mutations; parameter-only calls; calls without credentials). These are
 * the documented request examples the mock's own tests take through requestExample(), plus the suite's cases.
 */
export function fixtureRequests(specs: SpecSet, target: Target): CorpusRequest[] {
  return generateCases(specs).map((c) => ({
    ...buildRequest(specs, c.op, target, c.build),
    host: c.op.host,
    origin: `fixture ${c.op.host} ${c.op.operationId}: ${c.name}`,
  }));
}

/** A valid base request of an operation: its first example (or only its parameters), credentials included. */
export function baseRequest(specs: SpecSet, op: Operation, target: Target): CorpusRequest {
  const example = requestBody(specs, op)?.examples[0]?.[1] as Record<string, unknown> | undefined;
  return {
    ...buildRequest(specs, op, target, example ? { body: example } : {}),
    host: op.host,
    origin: `${op.host} ${op.operationId}`,
  };
}

function withHeaders(r: CorpusRequest, headers: Record<string, string>, origin: string): CorpusRequest {
  const kept = Object.fromEntries(
    Object.entries(r.headers).filter(([k]) => !(k.toLowerCase() in lowerKeys(headers))),
  );
  return { ...r, headers: { ...kept, ...headers }, origin: `${r.origin}: ${origin}` };
}

const lowerKeys = (h: Record<string, string>) =>
  Object.fromEntries(Object.keys(h).map((k) => [k.toLowerCase(), 1]));

/**
 * Every refusal path on every operation: bad JSON, repeated form fields, a body of 1 MiB + 1 byte, a media type
 * the operation does not take, Content-Types that do not parse, and Prefer values the spec does not document.
 */
export function refusalRequests(specs: SpecSet, target: Target): CorpusRequest[] {
  const out: CorpusRequest[] = [];
  for (const op of specs.operations) {
    const base = baseRequest(specs, op, target);
    const media = requestBody(specs, op)?.mediaType;
    const hasBody = base.body !== undefined;
    out.push(
      withHeaders(base, { "content-type": "application/json, text/plain" }, "unparseable Content-Type"),
      withHeaders(base, { "content-type": 'application/json; charset="' }, "broken Content-Type parameter"),
      withHeaders(base, { prefer: "example=no-such-example" }, "Prefer with an unknown example"),
      withHeaders(base, { prefer: "code=599" }, "Prefer with an undocumented code"),
      withHeaders(base, { prefer: "code=abc" }, "Prefer with a code that is not a number"),
      withHeaders(base, { prefer: "dynamic=maybe, example=" }, "Prefer that does not parse"),
    );
    if (!hasBody) continue;
    out.push(
      { ...withHeaders(base, { "content-type": "application/json" }, "bad JSON"), body: '{"amount": 1,' },
      withHeaders(base, { "content-type": "application/xml" }, "wrong media type"),
      withHeaders(base, { "content-type": "text/plain" }, "text/plain body"),
      { ...base, body: "x".repeat(ONE_MIB + 1), origin: `${base.origin}: body of 1 MiB + 1 byte` },
    );
    if (media === "application/x-www-form-urlencoded") {
      const first = (base.body ?? "").split("&")[0] ?? "a=1";
      out.push({ ...base, body: `${base.body}&${first}`, origin: `${base.origin}: a repeated form field` });
      out.push({ ...base, body: `${base.body}&x=%zz`, origin: `${base.origin}: malformed percent-encoding` });
    }
  }
  return out;
}

const junk = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
  fc.constantFrom("", "{", "%%", "\u0000", "'; DROP TABLE", "9".repeat(400), '{"a":', "[]", "-5", "1e3"),
);

const mutation = fc.record({
  base: fc.nat(),
  kind: fc.constantFrom(
    "drop",
    "replace",
    "add",
    "raw",
    "content-type",
    "path",
    "method",
    "header",
    "query",
    "none",
  ),
  key: fc.nat(),
  value: junk,
  text: fc.string({ maxLength: 120 }),
  contentType: fc.constantFrom(
    "application/json",
    "application/x-www-form-urlencoded",
    "text/plain",
    "",
    "application/xml",
    "application/json; charset=utf-8",
    "multipart/form-data",
  ),
  method: fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH"),
  host: fc.constantFrom(...HOSTS),
  header: fc.constantFrom("pid", "clienttype", "authorization", "accept", "uuid", "mid", "prefer"),
});

function serialise(base: CorpusRequest, fields: Record<string, unknown>): string {
  const form = (base.headers["Content-Type"] ?? "").includes("form");
  return form
    ? new URLSearchParams(
        Object.entries(fields).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
      ).toString()
    : JSON.stringify(fields);
}

/** One mutation of a valid base request (fields, body, headers, query, path, method or host). */
type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

/** Any junk value as text (fast-check's dictionaries have no prototype: String() would throw). */
const asText = (v: unknown): string => (typeof v === "string" ? v : (JSON.stringify(v) ?? "null"));

function mutate(bases: CorpusRequest[], target: Target, m: Mutation): CorpusRequest {
  const base = bases[m.base % bases.length] as CorpusRequest;
  const fields: Record<string, unknown> = { ...(base.fields ?? {}) };
  const keys = Object.keys(fields);
  const key = keys.length ? (keys[m.key % keys.length] as string) : "x";
  const out: CorpusRequest = { ...base, headers: { ...base.headers }, origin: `${base.origin}: ${m.kind}` };
  const url = new URL(base.url);
  switch (m.kind) {
    case "drop":
      delete fields[key];
      out.body = serialise(base, fields);
      break;
    case "replace":
      fields[key] = m.value;
      out.body = serialise(base, fields);
      break;
    case "add":
      fields[`extra_${m.key % 7}`] = m.value;
      out.body = serialise(base, fields);
      break;
    case "raw":
      out.body = m.text;
      break;
    case "content-type":
      delete out.headers["Content-Type"];
      if (m.contentType) out.headers["Content-Type"] = m.contentType;
      break;
    case "path": {
      const other = target.urls[m.host as Host] ?? "";
      out.url = `${other}${url.pathname}/${encodeURIComponent(m.text.slice(0, 20))}${url.search}`;
      out.host = m.host;
      break;
    }
    case "method":
      out.method = m.method;
      break;
    case "header":
      out.headers[m.header] = asText(m.value).replace(/[^\x20-\x7e]/g, "");
      break;
    case "query":
      url.searchParams.append(keys.length ? key : "payoutMerchantId", asText(m.value));
      out.url = url.toString();
      break;
  }
  if (out.method === "GET" || out.method === "HEAD") delete out.body;
  out.origin += ` (${out.method} ${out.url.replace(/^http:\/\/[^/]+/, "")})`;
  out.host = hostOf(target, out.url);
  return out;
}

/**
 * `count` seeded mutations of the operations' valid base requests (the same for a given seed on every run).
 *
 * @example
 * const corpus = generatedRequests(specs, target, 18_000, 20261123);
 */
export function generatedRequests(
  specs: SpecSet,
  target: Target,
  count: number,
  seed: number,
): CorpusRequest[] {
  const bases = specs.operations.map((op) => baseRequest(specs, op, target));
  return fc.sample(mutation, { numRuns: count, seed }).map((m) => mutate(bases, target, m));
}
