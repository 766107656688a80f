// The bundles of every host, their operations and the response validators, compiled once per run (Ajv, draft 2020-12).
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { HOSTS } from "../config/configuration.js";
import type { Host } from "../model/target.js";
import { createAjv, hostCompiler, type ValidateFunction } from "./ajv.js";

/** A documented response of an operation. */
export interface ResponseSpec {
  status: string;
  /** media type → validator of the body (undefined when the media type has no schema). */
  media: Map<string, ValidateFunction | undefined>;
  /** Required response headers (lower-cased). */
  requiredHeaders: string[];
  /** The schema of each media type, for drift warnings and JSON carried in strings. */
  schemas: Map<string, unknown>;
}

/** One parameter of an operation, resolved. */
export interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Record<string, unknown>;
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}

/** One operation of one host. */
export interface Operation {
  host: Host;
  operationId: string;
  method: string;
  path: string;
  regex: RegExp;
  raw: Record<string, unknown>;
  /** Path-level and operation-level parameters, resolved. */
  params: Parameter[];
  responses: Map<string, ResponseSpec>;
  signature?: string;
  rule?: Record<string, unknown>;
  /** How its credentials travel in Authorization: `Bearer <token>`, or the raw value; absent when none is needed. */
  authorization?: "bearer" | "raw";
}

/** Everything loaded from the bundles. */
export interface SpecSet {
  docs: Map<Host, Record<string, unknown>>;
  operations: Operation[];
  /** The merchant status webhook payload validator. */
  webhookPayload: ValidateFunction;
  /** The validator of a contentSchema (JSON carried inside a string field), compiled once and memoised. */
  contentValidator: (host: Host, schema: unknown) => ValidateFunction;
  compileMs: number;
  validatorCount: number;
}

/**
 * Directory holding the bundles: `dist/specs/` beside the compiled package (where the build copies them, and what
 * the published package ships), else the workspace's `specs/dist/` (running from source in this repository).
 */
function specDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const dir of [join(here, "..", "specs"), join(here, "..", "..", "dist", "specs")])
    if (existsSync(join(dir, "otp.yaml"))) return dir;
  const workspace = join(here, "..", "..", "..", "..", "specs", "dist");
  if (existsSync(join(workspace, "otp.yaml"))) return workspace;
  throw new Error(
    `the contract bundles are missing beside ${here} (reinstall @pgi/conformance, or run pnpm build in its repository)`,
  );
}

/** Resolves a local $ref of `doc`. */
export function deref<T = Record<string, unknown>>(doc: unknown, value: unknown, depth = 0): T {
  if (depth > 20 || !value || typeof value !== "object") return value as T;
  const ref = (value as { $ref?: string }).$ref;
  if (typeof ref !== "string" || !ref.startsWith("#/")) return value as T;
  const target = ref
    .slice(2)
    .split("/")
    .reduce<unknown>(
      (node, key) => (node as Record<string, unknown>)?.[key.replace(/~1/g, "/").replace(/~0/g, "~")],
      doc,
    );
  return deref<T>(doc, target, depth + 1);
}

const METHODS = ["get", "put", "post", "delete", "patch"];
type Json = Record<string, unknown>;

/** How an operation's security requirement sends its credential (from the spec's security schemes). */
function authorizationOf(doc: Json, raw: Json): Operation["authorization"] {
  const security = (raw.security ?? doc.security) as Json[] | undefined;
  const name = security?.flatMap((alt) => Object.keys(alt))[0];
  if (!name) return undefined;
  const scheme = deref(
    doc,
    ((doc.components as Json | undefined)?.securitySchemes as Json | undefined)?.[name],
  );
  return scheme.type === "http" && String(scheme.scheme).toLowerCase() === "bearer" ? "bearer" : "raw";
}

function responsesOf(doc: Json, raw: Json, compile: (s: unknown) => ValidateFunction | undefined) {
  const responses = new Map<string, ResponseSpec>();
  let count = 0;
  for (const [status, r] of Object.entries((raw.responses ?? {}) as Json)) {
    const res = deref(doc, r);
    const media = new Map<string, ValidateFunction | undefined>();
    const schemas = new Map<string, unknown>();
    for (const [type, m] of Object.entries((res.content ?? {}) as Record<string, { schema?: unknown }>)) {
      if (m.schema === undefined) {
        media.set(type, undefined);
        continue;
      }
      media.set(type, compile(m.schema));
      schemas.set(type, m.schema);
      count++;
    }
    const requiredHeaders = Object.entries((res.headers ?? {}) as Json)
      .filter(([, h]) => deref(doc, h).required === true)
      .map(([name]) => name.toLowerCase());
    responses.set(status, { status, media, requiredHeaders, schemas });
  }
  return { responses, count };
}

function operationsOf(host: Host, doc: Json, compile: (s: unknown) => ValidateFunction | undefined) {
  const operations: Operation[] = [];
  let count = 0;
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Json)) {
    const pathItem = deref(doc, item);
    for (const method of METHODS) {
      const raw = deref(doc, pathItem[method]);
      if (!raw || typeof raw !== "object" || !raw.operationId) continue;
      const { responses, count: n } = responsesOf(doc, raw, compile);
      count += n;
      const template = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\\\{[^}]+\\\}/g, "([^/]+)");
      const signature = (deref(doc, raw["x-pgi-signature"]) as { id?: string } | undefined)?.id;
      const params = [
        ...((pathItem.parameters ?? []) as unknown[]),
        ...((raw.parameters ?? []) as unknown[]),
      ].map((p) => deref(doc, p)) as Parameter[];
      const authorization = authorizationOf(doc, raw);
      operations.push({
        host,
        params,
        operationId: String(raw.operationId),
        method: method.toUpperCase(),
        path,
        regex: new RegExp(`^${template}$`),
        raw,
        responses,
        ...(signature ? { signature } : {}),
        ...(raw["x-pgi-rule"] ? { rule: raw["x-pgi-rule"] as Json } : {}),
        ...(authorization ? { authorization } : {}),
      });
    }
  }
  return { operations, count };
}

/**
 * Loads the bundles and compiles every response validator once.
 *
 * @example
 * const specs = loadSpecSet();
 * specs.operations.find((o) => o.operationId === "sendOtp");
 */
export function loadSpecSet(dir = specDir()): SpecSet {
  const ajv = createAjv();
  const docs = new Map<Host, Json>();
  const operations: Operation[] = [];
  const compilers = new Map<Host, (s: unknown) => ValidateFunction | undefined>();
  let validatorCount = 0;
  const t0 = performance.now();
  for (const host of HOSTS) {
    const doc = parse(readFileSync(join(dir, `${host}.yaml`), "utf8")) as Json;
    docs.set(host, doc);
    const compile = hostCompiler(ajv, host, doc);
    compilers.set(host, compile);
    const found = operationsOf(host, doc, compile);
    operations.push(...found.operations);
    validatorCount += found.count;
  }
  const partner = docs.get("partner") ?? {};
  const payload = (partner.components as { schemas: Json } | undefined)?.schemas.MerchantStatusWebhook;
  const webhookPayload = compilers.get("partner")?.(payload ?? {}) ?? ajv.compile({});
  validatorCount++;
  const compileMs = performance.now() - t0;
  const contentValidators = new Map<unknown, ValidateFunction>();
  const contentValidator = (host: Host, schema: unknown): ValidateFunction => {
    let validate = contentValidators.get(schema);
    if (!validate) {
      validate = compilers.get(host)?.(schema) ?? ajv.compile({});
      contentValidators.set(schema, validate);
    }
    return validate;
  };
  return { docs, operations, webhookPayload, contentValidator, compileMs, validatorCount };
}

/** Finds the operation of a method and path, on one host or on any (paths are unique across hosts). */
export function findOperation(
  specs: SpecSet,
  method: string,
  path: string,
  host?: Host,
): Operation | undefined {
  return specs.operations.find(
    (o) => o.method === method.toUpperCase() && (!host || o.host === host) && o.regex.test(path),
  );
}

/** The operation of an id, or an error naming it (a flow or setup asking for an operation the specs lack). */
export function operationById(specs: SpecSet, operationId: string): Operation {
  const op = specs.operations.find((o) => o.operationId === operationId);
  if (!op) throw new Error(`no operation ${operationId} in the specs`);
  return op;
}
