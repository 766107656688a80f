// Test helpers for host behaviours: a HostContext on a manual clock, documented answers and schemas from the bundles.

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { parse } from "yaml";
import { DEFAULT_STATE_LIMITS, type StateLimits } from "../../src/core/bounded-store.js";
import { createClock, type MockClock } from "../../src/core/clock.js";
import { resolveCredentials } from "../../src/core/credentials.js";
import { exactJson } from "../../src/core/exact-json.js";
import type { MockScheduler } from "../../src/core/scheduler.js";
import { createMemoryStore } from "../../src/state/memory/store.js";
import type { MockStore } from "../../src/state/types.js";
import type {
  ControlRoute,
  HostBehaviour,
  HostContext,
  HostName,
  MockFetch,
  MockRequest,
  MockResponse,
} from "../../src/types.js";
import { HOST_NAMES } from "../../src/types.js";

/** A seeded random source (Park-Miller), so ids and codes repeat across runs. (Kept here, not imported from
 * ../helpers.js, so behaviour tests do not load the server and Prism.) */
export function seeded(start: number): () => number {
  let state = start;
  return () => {
    state = (state * 16_807) % 2_147_483_647;
    return (state - 1) / 2_147_483_646;
  };
}

/** 2026-11-23 06:00:00 UTC: the manual clock's start. */
export const T0 = Date.UTC(2026, 10, 23, 6, 0, 0);

type Doc = Record<string, unknown>;
const require = createRequire(import.meta.url);
const docs = new Map<HostName, Doc>(
  HOST_NAMES.map((h) => [
    h,
    parse(readFileSync(require.resolve(`@pgi/specs/dist/${h}.yaml`), "utf8")) as Doc,
  ]),
);

/** Follows local `$ref`s ("#/components/...") until the value is not a reference. */
function deref<T>(doc: Doc, value: T): T {
  let v: unknown = value;
  for (let i = 0; i < 20 && v && typeof v === "object" && "$ref" in v; i++) {
    const ref = (v as { $ref: string }).$ref;
    v = ref
      .slice(2)
      .split("/")
      .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
      .reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], doc);
  }
  return v as T;
}

interface Found {
  host: HostName;
  doc: Doc;
  op: Record<string, unknown>;
}

/** Finds an operation (path or webhook) by operationId in the seven bundles. */
export function findOperation(operationId: string): Found {
  for (const [host, doc] of docs) {
    const items = [
      ...Object.values((doc.paths ?? {}) as Record<string, Doc>),
      ...Object.values((doc.webhooks ?? {}) as Record<string, Doc>),
    ];
    for (const item of items) {
      for (const op of Object.values(item) as Record<string, unknown>[]) {
        if (op && typeof op === "object" && op.operationId === operationId) return { host, doc, op };
      }
    }
  }
  throw new Error(`no operation ${operationId} in the bundles`);
}

function responseMedia(operationId: string, status: number) {
  const { doc, op } = findOperation(operationId);
  const responses = op.responses as Record<string, unknown>;
  const response = deref(doc, responses[String(status)]) as { content?: Record<string, Doc> } | undefined;
  if (!response) return undefined;
  const [contentType, media] = Object.entries(response.content ?? {})[0] ?? [];
  return { doc, contentType, media };
}

/** The documented answer of an operation, read from the bundle with the yaml package (as the core's contract says). */
export function documentedResponse(
  operationId: string,
  status: number,
  example?: string,
): MockResponse | undefined {
  const found = responseMedia(operationId, status);
  if (!found) return undefined;
  const { doc, contentType, media } = found;
  const examples = (media?.examples ?? {}) as Record<string, unknown>;
  const picked = example === undefined ? Object.values(examples)[0] : examples[example];
  if (example !== undefined && picked === undefined) return undefined;
  const value = picked === undefined ? media?.example : (deref(doc, picked) as { value?: unknown }).value;
  return { status, contentType, body: structuredClone(value) };
}

/** The x-pgi-rule of an operation or webhook. */
export function operationRule(operationId: string): Record<string, unknown> | undefined {
  return findOperation(operationId).op["x-pgi-rule"] as Record<string, unknown> | undefined;
}

// ajv over the bundles: each bundle is registered under its host name, so "#/components/..." refs resolve in it.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
for (const f of ["int32", "int64", "double", "float"])
  ajv.addFormat(f, { type: "number", validate: () => true });
for (const [host, doc] of docs) ajv.addSchema(doc, `pgi:${host}`);

function retarget(value: unknown, host: HostName): unknown {
  if (Array.isArray(value)) return value.map((v) => retarget(v, host));
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      k === "$ref" && typeof v === "string" && v.startsWith("#") ? `pgi:${host}${v}` : retarget(v, host),
    ]),
  );
}

/** Errors of `body` against a schema of a bundle (a component name, or inline); [] when it validates. */
export function schemaErrors(host: HostName, schema: string | unknown, body: unknown): string[] {
  const target = typeof schema === "string" ? { $ref: `pgi:${host}#/components/schemas/${schema}` } : schema;
  const validate = ajv.compile(retarget(target, host) as object);
  if (validate(body)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}`);
}

/**
 * Errors of an answer against the documented response of its operation and status ("undocumented status" when
 * the spec lists none); [] when it validates.
 */
export function answerErrors(operationId: string, answer: MockResponse | undefined): string[] {
  if (!answer) return ["no answer"];
  const found = responseMedia(operationId, answer.status);
  if (!found) return [`status ${answer.status} is not documented for ${operationId}`];
  const schema = found.media?.schema;
  if (!schema) return [];
  // As sent on the wire: ExactInteger identifiers become JSON numbers.
  let body =
    typeof answer.body === "object" && answer.body !== null
      ? JSON.parse(exactJson(answer.body))
      : answer.body;
  if (typeof body === "string" && (answer.contentType ?? "").includes("json")) body = JSON.parse(body);
  return schemaErrors(findOperation(operationId).host, schema, body);
}

/** A recorded outgoing request of the injected fetch. */
export interface SentRequest {
  url: string;
  init: RequestInit & { signal?: AbortSignal };
}

/** What createTestContext() returns. */
export interface TestContext {
  ctx: HostContext;
  clock: MockClock;
  /** The memory store behind ctx.state. */
  store: MockStore;
  scheduler: MockScheduler;
  sent: SentRequest[];
  logs: { event: string; data?: Record<string, unknown> }[];
  /** Advances the mock's clock by `seconds` and waits for the work that became due. */
  advance(seconds: number): Promise<void>;
}

/**
 * A HostContext on a manual clock (timeFactor 0: only advance() runs scheduled work), a memory store, the default
 * test credentials, a seeded random source and an injected fetch (by default answering 200). The behaviours'
 * jobs run when `behaviours` are given.
 */
export function createTestContext(
  options: {
    fetch?: MockFetch;
    random?: () => number;
    seed?: number;
    limits?: Partial<StateLimits>;
    behaviours?: readonly HostBehaviour[];
  } = {},
): TestContext {
  const clock = createClock({ realNow: () => T0 });
  const store = createMemoryStore({
    limits: { ...DEFAULT_STATE_LIMITS, ...options.limits },
    clock,
    timeFactor: 0,
  });
  const scheduler = store.scheduler;
  const sent: SentRequest[] = [];
  const logs: TestContext["logs"] = [];
  const inner: MockFetch = options.fetch ?? (async () => new Response("ok", { status: 200 }));
  const ctx: HostContext = {
    clock,
    state: store,
    credentials: resolveCredentials(),
    random: options.random ?? seeded(options.seed ?? 7),
    fetch: (url, init) => {
      sent.push({ url, init });
      return inner(url, init);
    },
    timeFactor: 0,
    log: (event, data) => logs.push({ event, data }),
    documentedResponse,
    operationRule,
  };
  store.jobs.start(async (job) => {
    for (const b of options.behaviours ?? []) {
      const run = b.jobs?.[job.kind];
      if (run) return run(job, ctx);
    }
  });
  return {
    ctx,
    clock,
    store,
    scheduler,
    sent,
    logs,
    async advance(seconds) {
      await clock.advance(seconds * 1000);
      await scheduler.idle();
    },
  };
}

/** A request as the core hands it to a behaviour (host and method taken from the bundle). */
export function request(
  operationId: string,
  parts: Partial<Omit<MockRequest, "operationId" | "host">> = {},
): MockRequest {
  const { host } = findOperation(operationId);
  const body = parts.body;
  return {
    host,
    operationId,
    method: parts.method ?? "POST",
    path: parts.path ?? "/",
    pathParams: parts.pathParams ?? {},
    query: parts.query ?? {},
    headers: parts.headers ?? {},
    rawBody:
      parts.rawBody ??
      (body === undefined
        ? ""
        : typeof body === "object" && body !== null
          ? new URLSearchParams(body as Record<string, string>).toString()
          : String(body)),
    body,
    contentType: parts.contentType,
  };
}

/** Calls a behaviour's control route by method and path pattern. */
export async function control(
  behaviour: HostBehaviour,
  ctx: HostContext,
  method: ControlRoute["method"],
  path: string,
  input: { params?: Record<string, string>; body?: unknown } = {},
): Promise<MockResponse> {
  const route = behaviour.control?.find((r) => r.method === method && r.path === path);
  if (!route) throw new Error(`${behaviour.host} has no control route ${method} ${path}`);
  return route.handle({ params: input.params ?? {}, query: {}, body: input.body }, ctx);
}

/** A documented request example's value, by operation and example name. */
export function requestExample(operationId: string, name: string): Record<string, string> {
  const { doc, op } = findOperation(operationId);
  const body = deref(doc, op.requestBody) as {
    content: Record<string, { examples: Record<string, unknown> }>;
  };
  const media = Object.values(body.content)[0];
  const example = deref(doc, media?.examples[name]) as { value: Record<string, unknown> } | undefined;
  if (!example) throw new Error(`no example ${name} for ${operationId}`);
  return Object.fromEntries(Object.entries(example.value).map(([k, v]) => [k, String(v)]));
}
