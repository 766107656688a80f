// Offline validation of recorded traffic (HAR 1.2): each entry matched to its operation, then its request judged by
// the same request checks as the proxy and its answer by the same response checks as the suite.
import { readFile } from "node:fs/promises";
import { checkExchange } from "../checking/check-exchange.js";
import { checkRequest } from "../checking/check-request.js";
import { HOSTS } from "../config/configuration.js";
import { UsageError } from "../errors.js";
import type { Exchange } from "../model/finding.js";
import { type CaseResult, type RunResult, summarise } from "../model/results.js";
import type { Target } from "../model/target.js";
import { recordedLine } from "../requests/recorded-line.js";
import { maskFinding } from "../requests/reproduce.js";
import { findOperation, type Operation, type SpecSet } from "../spec/spec-set.js";

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
    const prefix = b.pathname.replace(/\/$/, "");
    if (b.origin !== url.origin || !url.pathname.startsWith(prefix)) continue;
    const op = findOperation(specs, method, url.pathname.slice(prefix.length) || "/", host);
    if (op) return op;
  }
  return findOperation(specs, method, url.pathname);
}

/** The exchange a HAR entry records. */
function exchangeOf(entry: HarEntry): Exchange {
  const content = entry.response.content ?? {};
  const body =
    content.encoding === "base64"
      ? Buffer.from(content.text ?? "", "base64").toString("utf8")
      : (content.text ?? "");
  const responseHeaders = headerMap(entry.response.headers);
  if (content.mimeType && !responseHeaders["content-type"])
    responseHeaders["content-type"] = content.mimeType;
  return {
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
}

/** The result of one HAR entry. */
function entryResult(specs: SpecSet, target: Target, entry: HarEntry, i: number): CaseResult {
  const label = `entry ${i + 1}: ${entry.request?.method} ${entry.request?.url}`;
  const unmatched = (why: string): CaseResult => ({
    host: "unmatched",
    operation: "unmatched",
    name: label,
    findings: [],
    skipped: `${label}: ${why}`,
  });
  if (typeof entry?.request?.url !== "string" || typeof entry.request.method !== "string")
    return unmatched("not a HAR entry: request.method and request.url are required");
  if (typeof entry.response?.status !== "number")
    return unmatched("not a HAR entry: response.status is required");
  let url: URL;
  try {
    url = new URL(entry.request.url);
  } catch {
    return unmatched("not a URL");
  }
  const op = match(specs, target, entry.request.method, url);
  if (!op) return unmatched("no operation of any host");
  const ex = exchangeOf(entry);
  const { line, mask } = recordedLine(op, ex, target);
  const findings = [
    ...checkRequest(specs, op, ex.request, target.credentials),
    ...checkExchange(specs, op, ex, target.credentials),
  ].map((f) => maskFinding(f, mask));
  return { host: op.host, operation: op.operationId, name: mask(label), findings, curl: line };
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
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      `${file}: ${code ? `cannot read (${code})` : `not JSON (${(error as Error).message})`}`,
    );
  }
  const entries = har?.log?.entries;
  if (!Array.isArray(entries)) throw new UsageError(`${file}: not a HAR 1.2 file (log.entries is missing)`);
  const results = entries.map((entry, i) => entryResult(specs, target, entry, i));
  return summarise(`recorded traffic in ${file}`, results, performance.now() - t0);
}
