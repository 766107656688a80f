// Offline validation of recorded traffic (HAR 1.2): each entry matched to its operation, request and response checked.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { ValidateFunction } from "ajv";
import { checkExchange, checkSecrets, type Exchange, type Finding } from "./checks.js";
import { contentBreaks } from "./content-schema.js";
import { recordedLine } from "./har-redact.js";
import { maskFinding } from "./reproduce.js";
import { requestBody, type Target } from "./request-builder.js";
import { type CaseResult, type RunResult, summarise } from "./runner.js";
import { findOperation, HOSTS, type Host, type Operation, type SpecSet } from "./spec-set.js";
import { UsageError } from "./targets.js";

const require = createRequire(import.meta.url);
const Ajv2020 = require("ajv/dist/2020.js") as typeof import("ajv").default;
const addFormats = require("ajv-formats") as (ajv: unknown) => void;

interface HarEntry {
  request: {
    method: string;
    url: string;
    headers?: { name: string; value: string }[];
    postData?: { mimeType?: string; text?: string };
  };
  response: {
    status: number;
    headers?: { name: string; value: string }[];
    content?: { mimeType?: string; text?: string; encoding?: string };
  };
}

const headerMap = (list: { name: string; value: string }[] = []) =>
  Object.fromEntries(list.map((h) => [h.name.toLowerCase(), h.value]));

/** Matches a URL to a host by the configured base URLs, else by path alone (paths are unique across hosts). */
function match(specs: SpecSet, target: Target, method: string, url: URL): Operation | undefined {
  for (const host of HOSTS) {
    const base = target.urls[host];
    if (!base) continue;
    const b = new URL(base);
    if (b.origin !== url.origin || !url.pathname.startsWith(b.pathname.replace(/\/$/, ""))) continue;
    const rest = url.pathname.slice(b.pathname.replace(/\/$/, "").length) || "/";
    const op = findOperation(specs, method, rest, host as Host);
    if (op) return op;
  }
  return findOperation(specs, method, url.pathname);
}

const validators = new Map<Operation, ValidateFunction | null>();
const ajv = new Ajv2020({ allErrors: true, strict: false, allowUnionTypes: true, coerceTypes: true });
addFormats(ajv);

function requestFindings(specs: SpecSet, op: Operation, ex: Exchange): Finding[] {
  const out: Finding[] = [];
  const url = new URL(ex.request.url);
  for (const p of op.params) {
    if (!p.required) continue;
    const present =
      p.in === "query"
        ? url.searchParams.has(p.name)
        : p.in === "header"
          ? ex.request.headers[p.name.toLowerCase()] !== undefined
          : true;
    if (!present)
      out.push({
        check: "request_valid",
        ok: false,
        pointer: `${p.in} ${p.name}`,
        expected: "present (required)",
        actual: "absent",
      });
  }
  const rb = requestBody(specs, op);
  if (rb && ex.request.body !== undefined) {
    if (!validators.has(op)) {
      const doc = specs.docs.get(op.host);
      // Request schemas only reference component schemas: carry those along as $defs.
      const toDefs = (value: unknown) =>
        JSON.parse(
          JSON.stringify(value ?? {}).replace(/"\$ref":"#\/components\/schemas\//g, '"$ref":"#/$defs/'),
        );
      const defs = toDefs((doc?.components as { schemas?: object } | undefined)?.schemas);
      try {
        validators.set(op, ajv.compile({ ...toDefs(rb.schema), $defs: defs }));
      } catch {
        validators.set(op, null);
      }
    }
    const validate = validators.get(op);
    let body: unknown = ex.request.body;
    try {
      body = rb.mediaType.includes("json")
        ? JSON.parse(ex.request.body)
        : Object.fromEntries(new URLSearchParams(ex.request.body));
    } catch (error) {
      out.push({
        check: "request_valid",
        ok: false,
        pointer: "/",
        expected: `parseable ${rb.mediaType}`,
        actual: (error as Error).message,
      });
      return out;
    }
    for (const b of contentBreaks(specs, op.host, rb.schema, body)) {
      out.push({
        check: "request_valid",
        ok: false,
        pointer: `request body ${b.pointer}`,
        expected: b.expected,
        actual: b.actual,
      });
    }
    if (validate && !validate(body)) {
      for (const e of validate.errors ?? []) {
        const missing =
          e.keyword === "required" ? `/${(e.params as { missingProperty: string }).missingProperty}` : "";
        out.push({
          check: "request_valid",
          ok: false,
          pointer: `request body ${e.instancePath}${missing}`,
          expected: e.keyword,
          actual: e.message ?? "",
        });
      }
    }
  }
  if (out.length === 0) out.push({ check: "request_valid", ok: true });
  return out;
}

/**
 * Validates a HAR file against the specs.
 *
 * @example
 * const result = await validateHar(loadSpecSet(), "session.har", targetFromNames("env", process.env));
 */
export async function validateHar(specs: SpecSet, file: string, target: Target): Promise<RunResult> {
  const t0 = performance.now();
  let har: { log?: { entries?: HarEntry[] } };
  try {
    har = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    throw new UsageError(`${file}: ${(error as Error).message}`);
  }
  const entries = har.log?.entries;
  if (!Array.isArray(entries)) throw new UsageError(`${file}: not a HAR 1.2 file (log.entries is missing)`);
  const results: CaseResult[] = [];
  entries.forEach((entry, i) => {
    const label = `entry ${i + 1}: ${entry.request?.method} ${entry.request?.url}`;
    let url: URL;
    try {
      url = new URL(entry.request.url);
    } catch {
      results.push({
        host: "unmatched",
        operation: "unmatched",
        name: label,
        findings: [],
        skipped: `${label}: not a URL`,
      });
      return;
    }
    const op = match(specs, target, entry.request.method, url);
    if (!op) {
      results.push({
        host: "unmatched",
        operation: "unmatched",
        name: label,
        findings: [],
        skipped: `${label}: no operation of any host`,
      });
      return;
    }
    const content = entry.response.content ?? {};
    const body =
      content.encoding === "base64"
        ? Buffer.from(content.text ?? "", "base64").toString("utf8")
        : (content.text ?? "");
    const responseHeaders = headerMap(entry.response.headers);
    if (content.mimeType && !responseHeaders["content-type"])
      responseHeaders["content-type"] = content.mimeType;
    const ex: Exchange = {
      request: {
        method: entry.request.method,
        url: entry.request.url,
        headers: {
          ...(entry.request.postData?.mimeType ? { "content-type": entry.request.postData.mimeType } : {}),
          ...headerMap(entry.request.headers),
        },
        ...(entry.request.postData?.text !== undefined ? { body: entry.request.postData.text } : {}),
      },
      response: { status: entry.response.status, headers: responseHeaders, body },
    };
    const { line, mask } = recordedLine(op, ex, target);
    const findings = [
      ...requestFindings(specs, op, ex),
      ...checkExchange(specs, op, ex, checkSecrets(target.creds)),
    ].map((f) => maskFinding(f, mask));
    results.push({ host: op.host, operation: op.operationId, name: mask(label), findings, curl: line });
  });
  return summarise(`recorded traffic in ${file}`, results, performance.now() - t0);
}
