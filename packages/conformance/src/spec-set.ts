// The seven bundles, their operations and the response validators, compiled once per run with ajv (draft 2020-12).
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ValidateFunction } from "ajv";
import { parse } from "yaml";

const require = createRequire(import.meta.url);
const Ajv2020 = require("ajv/dist/2020.js") as typeof import("ajv").default;
const addFormats = require("ajv-formats") as (ajv: unknown) => void;

export const HOSTS = ["otp", "gateway", "wallet", "partner", "accounts", "payout", "bbps"] as const;
export type Host = (typeof HOSTS)[number];

/** A documented response of an operation. */
export interface ResponseSpec {
  status: string;
  /** media type → validator of the body (undefined when the media type has no schema). */
  media: Map<string, ValidateFunction | undefined>;
  /** Required response headers (lower-cased). */
  requiredHeaders: string[];
  /** The schema's declared property names at the top level and one level down, for drift warnings. */
  schemas: Map<string, unknown>;
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
  params: {
    name: string;
    in: string;
    required?: boolean;
    schema?: Record<string, unknown>;
    example?: unknown;
    examples?: Record<string, { value?: unknown }>;
  }[];
  responses: Map<string, ResponseSpec>;
  signature?: string;
  rule?: Record<string, unknown>;
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
 * Directory holding the bundles: `dist/specs/` beside the compiled module (where the build copies them, and what
 * the published package ships), else the workspace's `specs/dist/` (running from source in this repository).
 */
function specDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const packaged = join(here, "specs");
  if (existsSync(join(packaged, "otp.yaml"))) return packaged;
  const workspace = join(here, "..", "..", "..", "specs", "dist");
  if (existsSync(join(workspace, "otp.yaml"))) return workspace;
  throw new Error(
    `the contract bundles are missing: expected ${join(packaged, "otp.yaml")} (reinstall @pgi/conformance, or run pnpm build in its repository)`,
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

/**
 * Loads the bundles and compiles every response validator once.
 *
 * @example
 * const specs = loadSpecSet();
 * specs.operations.find((o) => o.operationId === "sendOtp");
 */
export function loadSpecSet(dir = specDir()): SpecSet {
  const ajv = new Ajv2020({ allErrors: true, strict: false, allowUnionTypes: true, validateFormats: true });
  addFormats(ajv);
  const docs = new Map<Host, Record<string, unknown>>();
  const operations: Operation[] = [];
  let validatorCount = 0;
  const t0 = performance.now();
  for (const host of HOSTS) {
    const doc = parse(readFileSync(join(dir, `${host}.yaml`), "utf8")) as Record<string, unknown>;
    docs.set(host, doc);
    // Register the whole document so $refs into components resolve inside ajv.
    ajv.addSchema({ $id: `pgi:${host}`, components: doc.components ?? {} });
    const rewrite = (schema: unknown): unknown =>
      JSON.parse(
        JSON.stringify(schema ?? {}).replace(/"\$ref":"#\/components\//g, `"$ref":"pgi:${host}#/components/`),
      );
    for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, unknown>)) {
      const pathItem = deref(doc, item);
      for (const method of METHODS) {
        const raw = deref(doc, pathItem[method]);
        if (!raw || typeof raw !== "object" || !raw.operationId) continue;
        const responses = new Map<string, ResponseSpec>();
        for (const [status, r] of Object.entries((raw.responses ?? {}) as Record<string, unknown>)) {
          const res = deref(doc, r);
          const media = new Map<string, ValidateFunction | undefined>();
          const schemas = new Map<string, unknown>();
          for (const [type, m] of Object.entries(
            (res.content ?? {}) as Record<string, { schema?: unknown }>,
          )) {
            if (m.schema === undefined) {
              media.set(type, undefined);
              continue;
            }
            media.set(type, ajv.compile(rewrite(m.schema) as object));
            schemas.set(type, m.schema);
            validatorCount++;
          }
          const requiredHeaders = Object.entries((res.headers ?? {}) as Record<string, unknown>)
            .filter(([, h]) => deref(doc, h).required === true)
            .map(([name]) => name.toLowerCase());
          responses.set(status, { status, media, requiredHeaders, schemas });
        }
        const template = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\\\{[^}]+\\\}/g, "([^/]+)");
        const signature = (deref(doc, raw["x-pgi-signature"]) as { id?: string } | undefined)?.id;
        const params = [
          ...((pathItem.parameters ?? []) as unknown[]),
          ...((raw.parameters ?? []) as unknown[]),
        ].map((p) => deref(doc, p)) as Operation["params"];
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
          ...(raw["x-pgi-rule"] ? { rule: raw["x-pgi-rule"] as Record<string, unknown> } : {}),
        });
      }
    }
  }
  const partner = docs.get("partner") ?? {};
  const payloadSchema = JSON.parse(
    JSON.stringify(
      (partner.components as { schemas: Record<string, unknown> }).schemas.MerchantStatusWebhook ?? {},
    ).replace(/"\$ref":"#\/components\//g, `"$ref":"pgi:partner#/components/`),
  );
  const webhookPayload = ajv.compile(payloadSchema);
  validatorCount++;
  const compileMs = performance.now() - t0;
  const contentValidators = new Map<unknown, ValidateFunction>();
  const contentValidator = (host: Host, schema: unknown): ValidateFunction => {
    let validate = contentValidators.get(schema);
    if (!validate) {
      const rewritten = JSON.stringify(schema ?? {}).replace(
        /"\$ref":"#\/components\//g,
        `"$ref":"pgi:${host}#/components/`,
      );
      validate = ajv.compile(JSON.parse(rewritten));
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
