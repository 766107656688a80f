// Differential test: the fast path (validators compiled once per operation, stored answers) against Prism as the
// oracle (every verdict and answer from prism.request), on every documented request example, the conformance
// suite's cases rebuilt from the bundles, and a seeded fuzz corpus. Same status, violations and body required.
import { describe, expect, it } from "vitest";
import { exactJson } from "../../src/core/exact-json.js";
import { compileRequestValidator } from "../../src/core/request-validators.js";
import { type HostSpec, loadSpecs, type OperationInfo, resolve } from "../../src/core/spec-index.js";
import { createHostBehaviours } from "../../src/hosts/index.js";
import { forcedAnswers } from "../../src/server/forced.js";
import { handleRequest, type IncomingMockRequest, type PipelineDeps } from "../../src/server/pipeline.js";
import { buildRouteTable } from "../../src/server/route-table.js";
import type { MockResponse } from "../../src/types.js";
import { createTestContext, seeded } from "../hosts/host-context.js";

type Fields = Record<string, unknown>;
interface Built {
  name: string;
  host: string;
  req: IncomingMockRequest;
}

const specs = await loadSpecs();
const credentials = createTestContext().ctx.credentials;

function example(spec: HostSpec, value: unknown): unknown {
  const v = resolve(spec.doc, value) as { value?: unknown } | undefined;
  return v?.value;
}

/** Documented request examples of an operation, with their media type. */
function examples(spec: HostSpec, op: OperationInfo): { mediaType: string; name: string; value: Fields }[] {
  const rb = resolve(spec.doc, op.raw.requestBody) as
    | { content?: Record<string, { examples?: Record<string, unknown>; schema?: unknown }> }
    | undefined;
  return Object.entries(rb?.content ?? {}).flatMap(([mediaType, media]) =>
    Object.entries(media.examples ?? {}).map(([name, ex]) => ({
      mediaType,
      name,
      value: structuredClone(example(spec, ex)) as Fields,
    })),
  );
}

function bodySchema(spec: HostSpec, op: OperationInfo): Fields {
  const rb = resolve(spec.doc, op.raw.requestBody) as
    | { content?: Record<string, { schema?: unknown }> }
    | undefined;
  const media = Object.values(rb?.content ?? {})[0];
  return (resolve(spec.doc, media?.schema) ?? {}) as Fields;
}

/** Credentials satisfying the operation's first security alternative. */
function securityHeaders(op: OperationInfo): Record<string, string> {
  const out: Record<string, string> = {};
  for (const req of op.security[0] ?? []) {
    if (req.type === "http") {
      const token = Object.entries(credentials.tokens).find(
        ([, g]) => g.expiresAt === undefined && req.scopes.every((s) => g.scopes.includes(s)),
      )?.[0];
      if (token) out.authorization = `Bearer ${token}`;
    } else if (req.type === "apiKey") {
      out[req.headerName ?? "authorization"] =
        (req.headerName ?? "authorization") === "authorization" ? credentials.otpAuthorization : "key";
    }
  }
  return out;
}

type Param = { name: string; examples?: { value: unknown }[]; schema?: Fields };
const paramValue = (p: Param) =>
  String(
    p.examples?.[0]?.value ?? (p.schema?.examples as unknown[] | undefined)?.[0] ?? p.schema?.example ?? "x1",
  );

/** The documented parameters (headers, query, path) of an operation, from their examples. */
function parameters(op: OperationInfo) {
  const request = (op.prism.request ?? {}) as Record<string, Param[] | undefined>;
  const headers = Object.fromEntries(
    (request.headers ?? []).map((p) => [p.name.toLowerCase(), paramValue(p)]),
  );
  const query = (request.query ?? []).map((p) => [p.name, paramValue(p)] as [string, string]);
  let path = op.template;
  for (const p of request.path ?? []) path = path.replace(`{${p.name}}`, encodeURIComponent(paramValue(p)));
  return { headers, query, path };
}

function encode(mediaType: string, body: Fields): string {
  if (!mediaType.includes("form")) return exactJson(body);
  return new URLSearchParams(
    Object.entries(body).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
  ).toString();
}

function build(
  name: string,
  spec: HostSpec,
  op: OperationInfo,
  parts: {
    body?: string;
    mediaType?: string;
    headers?: Record<string, string | undefined>;
    query?: [string, string][];
    path?: string;
    method?: string;
  },
): Built {
  const base = parameters(op);
  const headers: Record<string, string> = { ...base.headers, ...securityHeaders(op) };
  if (parts.body !== undefined) {
    headers["content-length"] = String(Buffer.byteLength(parts.body));
    if (parts.mediaType) headers["content-type"] = parts.mediaType;
  }
  for (const [k, v] of Object.entries(parts.headers ?? {})) {
    if (v === undefined) delete headers[k];
    else headers[k] = v;
  }
  return {
    name: `${spec.host} ${op.operationId} ${name}`,
    host: spec.host,
    req: {
      method: (parts.method ?? op.method).toUpperCase(),
      path: parts.path ?? base.path,
      search: new URLSearchParams(parts.query ?? base.query),
      headers,
      rawBody: parts.body ?? "",
    },
  };
}

/** Every documented example, and the conformance suite's cases: each breaking one documented rule. */
function documentedCases(): Built[] {
  const out: Built[] = [];
  for (const spec of specs.values()) {
    for (const op of spec.operations) {
      const list = examples(spec, op);
      const schema = bodySchema(spec, op);
      const props = Object.fromEntries(
        Object.entries((schema.properties ?? {}) as Fields).map(([k, v]) => [
          k,
          resolve(spec.doc, v) as Fields,
        ]),
      );
      for (const { mediaType, name, value } of list) {
        const add = (rule: string, mutate: (b: Fields) => void) => {
          const b = structuredClone(value);
          mutate(b);
          out.push(build(`${name}: ${rule}`, spec, op, { body: encode(mediaType, b), mediaType }));
        };
        add("as documented", () => {});
        for (const key of Object.keys(value)) add(`missing ${key}`, (b) => delete b[key]);
        for (const [k, p] of Object.entries(props)) {
          if (typeof p.pattern === "string") add(`${k} breaks its pattern`, (b) => (b[k] = "!<bad>!"));
          if (Array.isArray(p.enum)) add(`${k} outside its enum`, (b) => (b[k] = "NOT_A_DOCUMENTED_VALUE"));
          if (p.type === "integer" || p.type === "number")
            add(`${k} of the wrong type`, (b) => (b[k] = "nan"));
          if (p.type === "string" && mediaType.includes("json")) add(`${k} a number`, (b) => (b[k] = 12345));
          if (p.contentMediaType === "application/json") add(`${k} is not JSON`, (b) => (b[k] = "{not json"));
        }
        if ("hash" in value) add("wrong hash", (b) => (b.hash = "0".repeat(128)));
        if (mediaType.includes("form")) {
          // The form decoded once for every stage: Prism's rules for repeats, empties, escapes and `+`.
          const raw = encode(mediaType, value);
          const first = Object.keys(value)[0] ?? "x";
          const escaped = `${[...first].map((c) => `%${c.charCodeAt(0).toString(16)}`).join("")}`;
          for (const [rule, text] of [
            ["empty pairs", `&&${raw}&`],
            ["a name given as %-escapes", raw.replace(`${first}=`, `${escaped}=`)],
            ["a repeated field", `${raw}&${first}=again`],
            ["the same field once plain, once escaped", `${raw}&${escaped}=again`],
            ["an empty value added", `${raw}&udf9=`],
            ["a name without =", `${raw}&udf8`],
            ["+ and %2B in names", `${raw}&extra+a=1&extra%2Ba=2`],
            ["+ in values, = inside a value", `${raw}&udf7=a+b%2Bc=d`],
            ["an empty name", `${raw}&=x`],
            ["a malformed escape", `${raw}&udf6=%E2%82`],
          ])
            out.push(build(`${name}: ${rule}`, spec, op, { body: text, mediaType }));
        }
        out.push(
          build(`${name}: missing credentials`, spec, op, {
            body: encode(mediaType, value),
            mediaType,
            headers: { authorization: undefined },
          }),
        );
      }
      if (list.length === 0) {
        out.push(build("documented parameters", spec, op, {}));
        const base = parameters(op);
        for (const [k] of base.query)
          out.push(build(`missing query ${k}`, spec, op, { query: base.query.filter(([q]) => q !== k) }));
        for (const k of Object.keys(base.headers))
          out.push(build(`missing header ${k}`, spec, op, { headers: { [k]: undefined } }));
      }
    }
  }
  return out;
}

const ODD_VALUES: unknown[] = [
  "",
  " ",
  "!!",
  "0",
  "-1",
  "1e3",
  "x".repeat(300),
  "ünï©ødé",
  "a%20b",
  "true",
  0,
  -5,
  1.5,
  9007199254740991,
  true,
  null,
  [],
  {},
  ["a"],
  { a: 1 },
];
const MEDIA = [
  "application/json",
  "application/x-www-form-urlencoded",
  "text/plain",
  undefined,
  "application/json; charset=utf-8",
];

/** A seeded corpus of mutated requests: fields dropped, replaced or added, media types, parameters, headers. */
function fuzzCorpus(count: number, seed: number): Built[] {
  const random = seeded(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const ops = [...specs.values()].flatMap((spec) => spec.operations.map((op) => ({ spec, op })));
  const out: Built[] = [];
  for (let i = 0; i < count; i++) {
    const { spec, op } = pick(ops);
    const list = examples(spec, op);
    const base = parameters(op);
    const ex = list.length ? pick(list) : undefined;
    const body: Fields = structuredClone(ex?.value ?? {});
    const keys = Object.keys(body);
    for (let n = Math.floor(random() * 3); n > 0 && keys.length; n--) {
      const key = pick(keys);
      const r = random();
      if (r < 0.3) delete body[key];
      else if (r < 0.9) body[key] = pick(ODD_VALUES);
      else body[`extra${Math.floor(random() * 9)}`] = pick(ODD_VALUES);
    }
    const mediaType = random() < 0.85 ? ex?.mediaType : pick(MEDIA);
    const headers: Record<string, string | undefined> = {};
    const r = random();
    if (r < 0.1) headers[pick(Object.keys({ ...base.headers, authorization: 1 }))] = undefined;
    else if (r < 0.2 && Object.keys(base.headers).length)
      headers[pick(Object.keys(base.headers))] = String(pick(ODD_VALUES));
    else if (r < 0.3)
      headers.accept = pick([
        "application/json",
        "text/html",
        "*/*",
        "application/*",
        "application/problem+json",
      ]);
    else if (r < 0.36)
      headers.prefer = pick([
        "code=200",
        "code=400",
        "code=999",
        "example=nope",
        `code=${pick(op.documentedStatuses)}`,
      ]);
    let query = base.query;
    const q = random();
    if (q < 0.1 && query.length) query = query.filter(() => random() < 0.5);
    else if (q < 0.2 && query.length)
      query = query.map(([k, v]) => [random() < 0.5 ? k.toUpperCase() : k, random() < 0.5 ? "" : v]);
    else if (q < 0.25) query = [...query, ...query, ["unknownParam", "1"]];
    let path = base.path;
    if (op.paramNames.length && random() < 0.3)
      path = op.template.replace(/\{[^}]+\}/, pick(["a%20b", "a,b", "x".repeat(80), "%E2%82%AC", "1"]));
    let text = ex || random() < 0.1 ? encode(mediaType ?? "application/json", body) : undefined;
    if (text && random() < 0.03) text = text.slice(0, Math.floor(text.length / 2));
    const method = random() < 0.02 ? pick(["GET", "POST", "PUT", "DELETE"]) : op.method;
    out.push(
      build(`fuzz #${i}`, spec, op, {
        ...(text !== undefined ? { body: text } : {}),
        ...(mediaType ? { mediaType } : {}),
        headers,
        query,
        path,
        method,
      }),
    );
  }
  return out;
}

function pipelines(validator: "fast" | "prism") {
  const behaviours = createHostBehaviours();
  const { ctx } = createTestContext({ seed: 11 });
  return new Map(
    [...specs.values()].map((spec) => [
      spec.host,
      {
        spec,
        route: buildRouteTable(spec),
        behaviour: behaviours.find((b) => b.host === spec.host),
        ctx,
        forced: forcedAnswers(ctx.state.forced, spec),
        validator,
      } satisfies PipelineDeps,
    ]),
  );
}

function comparable(answer: MockResponse) {
  const violations = JSON.parse(answer.headers?.["x-pgi-mock-violations"] ?? "[]") as {
    location: string;
    rule: string;
  }[];
  return {
    status: answer.status,
    violations: violations.map((v) => `${v.location} ${v.rule}`),
    body: answer.body === undefined ? undefined : JSON.parse(exactJson(answer.body)),
    contentType: answer.contentType,
  };
}

describe("the fast path answers as Prism does", () => {
  it("covers every operation of the bundles (none is left to Prism's validator)", () => {
    const left = [...specs.values()]
      .flatMap((spec) => spec.operations)
      .filter((op) => compileRequestValidator(op.prism) === undefined)
      .map((op) => op.operationId);
    expect(left).toEqual([]);
  });

  const corpus = [...documentedCases(), ...fuzzCorpus(5_000, 20_261_123)];

  it(`on ${corpus.length} requests: documented examples, conformance cases, and a seeded fuzz corpus`, async () => {
    const fast = pipelines("fast");
    const oracle = pipelines("prism");
    const verdicts = new Map<number, number>();
    let fastValidated = 0;
    for (const c of corpus) {
      const f = await handleRequest(fast.get(c.host as never) as PipelineDeps, {
        ...c.req,
        search: new URLSearchParams(c.req.search),
      });
      const o = await handleRequest(oracle.get(c.host as never) as PipelineDeps, {
        ...c.req,
        search: new URLSearchParams(c.req.search),
      });
      expect(comparable(f), c.name).toEqual(comparable(o));
      verdicts.set(f.status, (verdicts.get(f.status) ?? 0) + 1);
      if (f.headers?.["x-pgi-mock-violations"]) fastValidated++;
    }
    // Not vacuous: both valid answers and refusals for broken contracts occur in quantity.
    expect(corpus.length).toBeGreaterThan(5_000);
    expect([...verdicts.entries()].filter(([s]) => s < 300).reduce((n, [, c]) => n + c, 0)).toBeGreaterThan(
      100,
    );
    expect(fastValidated).toBeGreaterThan(1_000);
  }, 300_000);
});
