// Loads the bundled specs once and indexes their operations: routes, security requirements, documented answers.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { HOST_NAMES, type HostName, type MockResponse } from "../types.js";

const require = createRequire(import.meta.url);

/** Prism's view of one operation (only the parts we read; Prism uses the rest). */
export interface PrismOperation {
  iid?: string;
  method: string;
  path: string;
  security?: { key: string; type: string; name?: string; extensions?: Record<string, unknown> }[][];
  [key: string]: unknown;
}

/** One way to satisfy an operation's security: every scheme of the list, each with its scopes. */
export type SecurityAlternative = { scheme: string; type: string; headerName?: string; scopes: string[] }[];

/** One operation of one host. */
export interface OperationInfo {
  host: HostName;
  operationId: string;
  method: string;
  template: string;
  regex: RegExp;
  paramNames: string[];
  security: SecurityAlternative[];
  documentedStatuses: number[];
  prism: PrismOperation;
  /** The OpenAPI operation object of the bundle, $refs resolved on demand by resolve(). */
  raw: Record<string, unknown>;
}

/** One host's bundle. */
export interface HostSpec {
  host: HostName;
  doc: Record<string, unknown>;
  operations: OperationInfo[];
  prismOperations: PrismOperation[];
}

/** Directory holding the bundles: dist/specs next to the compiled module, else the workspace's specs/dist. */
export function defaultSpecDir(): string {
  const packaged = join(dirname(fileURLToPath(import.meta.url)), "..", "specs");
  if (existsSync(join(packaged, "otp.yaml"))) return packaged;
  return dirname(require.resolve("@pgi/specs/dist/otp.yaml"));
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function compileTemplate(template: string): { regex: RegExp; paramNames: string[] } {
  const paramNames: string[] = [];
  const pattern = template
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const m = /^\{([^}]+)\}$/.exec(part);
      if (!m) return escapeRegex(part);
      paramNames.push(m[1] as string);
      return "([^/]+)";
    })
    .join("");
  return { regex: new RegExp(`^${pattern}$`), paramNames };
}

/** Resolves a local `#/...` JSON pointer of `doc`. */
export function resolve<T = unknown>(doc: unknown, value: T, depth = 0): T {
  if (depth > 20 || value === null || typeof value !== "object") return value;
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref !== "string" || !ref.startsWith("#/")) return value;
  let node: unknown = doc;
  for (const raw of ref.slice(2).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    node = node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined;
  }
  return resolve(doc, node as T, depth + 1);
}

/** A bundle and Prism's view of its operations. */
interface ParsedBundle {
  doc: Record<string, unknown>;
  prismOperations: PrismOperation[];
}

/**
 * Reads one host's bundle: from the `<host>.json` the build wrote beside the YAML when it matches the YAML's
 * SHA-256 (no YAML parser, no Prism at start), else by parsing the YAML and asking Prism for its operations.
 */
async function readBundle(dir: string, host: HostName): Promise<ParsedBundle> {
  const text = await readFile(join(dir, `${host}.yaml`), "utf8");
  const prepared = join(dir, `${host}.json`);
  if (existsSync(prepared)) {
    const data = JSON.parse(await readFile(prepared, "utf8")) as ParsedBundle & { sha256?: string };
    if (data.sha256 === createHash("sha256").update(text).digest("hex")) return data;
  }
  const { parse } = await import("yaml");
  const doc = parse(text) as Record<string, unknown>;
  const { getHttpOperationsFromSpec } = require("@stoplight/prism-http") as {
    getHttpOperationsFromSpec(spec: unknown): Promise<PrismOperation[]>;
  };
  return { doc, prismOperations: await getHttpOperationsFromSpec(structuredClone(doc)) };
}

/**
 * Loads the seven bundles and indexes them.
 *
 * @example
 * const specs = await loadSpecs();
 * specs.get("otp")?.operations.map((o) => o.operationId); // ["validateToken", "sendOtp", ...]
 */
export async function loadSpecs(dir = defaultSpecDir()): Promise<Map<HostName, HostSpec>> {
  const out = new Map<HostName, HostSpec>();
  await Promise.all(
    HOST_NAMES.map(async (host) => {
      const { doc, prismOperations } = await readBundle(dir, host);
      const paths = (doc.paths ?? {}) as Record<string, Record<string, unknown>>;
      const operations: OperationInfo[] = [];
      for (const prism of prismOperations) {
        const pathItem = resolve(doc, paths[prism.path] ?? {});
        const raw = resolve(doc, (pathItem[prism.method] ?? {}) as Record<string, unknown>);
        const operationId = String(raw.operationId ?? prism.iid ?? `${prism.method} ${prism.path}`);
        const security: SecurityAlternative[] = (prism.security ?? []).map((alt) =>
          alt.map((s) => ({
            scheme: s.key,
            type: s.type,
            ...(s.name ? { headerName: s.name.toLowerCase() } : {}),
            scopes: Array.isArray(s.extensions?.["x-scopes"]) ? (s.extensions["x-scopes"] as string[]) : [],
          })),
        );
        const responses = (raw.responses ?? {}) as Record<string, unknown>;
        operations.push({
          host,
          operationId,
          method: prism.method.toLowerCase(),
          template: prism.path,
          ...compileTemplate(prism.path),
          security,
          documentedStatuses: Object.keys(responses)
            .map(Number)
            .filter((n) => Number.isInteger(n)),
          prism,
          raw,
        });
      }
      out.set(host, { host, doc, operations, prismOperations });
    }),
  );
  return out;
}

/** A documented answer found in the bundle, its body kept as JSON text: each caller gets a fresh parse. */
type Located = { status: number; contentType?: string; bodyText?: string | undefined; hasBody: boolean };
/** Where documentedResponse() found an answer: looked up once per operation, status and example name. */
const located = new WeakMap<OperationInfo, Map<string, Located | undefined>>();

/**
 * A documented response of an operation: its example (by name, or the first) as the body, a copy the caller may
 * change. Returns undefined when the status is not documented.
 */
export function documentedResponse(
  spec: HostSpec,
  op: OperationInfo,
  status: number,
  exampleName?: string,
): MockResponse | undefined {
  let byKey = located.get(op);
  if (!byKey) {
    byKey = new Map();
    located.set(op, byKey);
  }
  const key = `${status} ${exampleName ?? ""}`;
  let found = byKey.get(key);
  if (found === undefined && !byKey.has(key)) {
    const answer = locateResponse(spec, op, status, exampleName);
    found = answer && {
      status: answer.status,
      ...(answer.contentType !== undefined ? { contentType: answer.contentType } : {}),
      hasBody: "body" in answer,
      bodyText: answer.body === undefined ? undefined : JSON.stringify(answer.body),
    };
    byKey.set(key, found);
  }
  if (!found) return undefined;
  const answer: MockResponse = { status: found.status };
  if (found.contentType !== undefined) answer.contentType = found.contentType;
  // A parse gives a deep copy whose objects V8 keeps in fast mode (copies built key by key may not be).
  if (found.hasBody) answer.body = found.bodyText === undefined ? undefined : JSON.parse(found.bodyText);
  return answer;
}

/** Finds the documented response's media type and example in the bundle (the example itself, not a copy). */
function locateResponse(
  spec: HostSpec,
  op: OperationInfo,
  status: number,
  exampleName?: string,
): MockResponse | undefined {
  const responses = (op.raw.responses ?? {}) as Record<string, unknown>;
  const response = resolve(spec.doc, responses[String(status)]) as Record<string, unknown> | undefined;
  if (!response) return undefined;
  const content = (response.content ?? {}) as Record<string, Record<string, unknown>>;
  const [mediaType, media] = Object.entries(content)[0] ?? [];
  if (!mediaType || !media) return { status };
  const examples = (media.examples ?? {}) as Record<string, unknown>;
  let body: unknown;
  if (exampleName !== undefined) {
    const ex = resolve(spec.doc, examples[exampleName]) as { value?: unknown } | undefined;
    if (!ex) return undefined;
    body = ex.value;
  } else if (media.example !== undefined) {
    body = media.example;
  } else {
    const first = Object.values(examples)[0];
    body = first === undefined ? undefined : (resolve(spec.doc, first) as { value?: unknown }).value;
    if (body === undefined) {
      const schema = resolve(spec.doc, media.schema) as
        | { examples?: unknown[]; example?: unknown }
        | undefined;
      body = schema?.examples?.[0] ?? schema?.example;
    }
  }
  return { status, contentType: mediaType, body };
}

const prepared = new WeakMap<OperationInfo, Map<string, MockResponse | undefined>>();

/**
 * documentedResponse(), worked out once per operation, status and example and then shared: for answers the mock
 * only reads (refusals, 401s). Callers must not change the object; behaviours get their own copy from
 * documentedResponse().
 *
 * @example
 * const refusal = preparedResponse(spec, op, 400); // the same object on every call
 */
export function preparedResponse(
  spec: HostSpec,
  op: OperationInfo,
  status: number,
  exampleName?: string,
): MockResponse | undefined {
  let byKey = prepared.get(op);
  if (!byKey) {
    byKey = new Map();
    prepared.set(op, byKey);
  }
  const key = `${status} ${exampleName ?? ""}`;
  if (!byKey.has(key)) byKey.set(key, documentedResponse(spec, op, status, exampleName));
  return byKey.get(key);
}

/** Names of the documented examples of a response, for the control API's error messages. */
export function exampleNames(spec: HostSpec, op: OperationInfo, status: number): string[] {
  const responses = (op.raw.responses ?? {}) as Record<string, unknown>;
  const response = resolve(spec.doc, responses[String(status)]) as Record<string, unknown> | undefined;
  const content = (response?.content ?? {}) as Record<string, Record<string, unknown>>;
  return Object.values(content).flatMap((m) => Object.keys((m.examples ?? {}) as object));
}

/** The operation object with this operationId among the paths and webhooks of a bundle. */
export function findOperationObject(
  spec: HostSpec,
  operationId: string,
): Record<string, unknown> | undefined {
  const groups = [spec.doc.paths, spec.doc.webhooks] as (Record<string, unknown> | undefined)[];
  for (const group of groups) {
    for (const item of Object.values(group ?? {})) {
      const pathItem = resolve(spec.doc, item) as Record<string, unknown>;
      for (const op of Object.values(pathItem ?? {})) {
        const o = resolve(spec.doc, op) as Record<string, unknown> | undefined;
        if (o && typeof o === "object" && o.operationId === operationId) return o;
      }
    }
  }
  return undefined;
}
