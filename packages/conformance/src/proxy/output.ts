// What the proxy prints and reports: one line per exchange, the closing summary, and the suite's JSON/JUnit reports.
import { failures } from "../model/finding.js";
import type { CaseResult, RunResult } from "../model/results.js";
import type { Target } from "../model/target.js";
import { jsonReport } from "../report/json.js";
import { junitReport } from "../report/junit.js";
import { recordedLine } from "../requests/recorded-line.js";
import { reproduceLine } from "../requests/reproduce.js";
import type { Recorded, Verdict } from "./judge.js";
import { type Masker, maskBody, maskHeader } from "./mask.js";

/**
 * The line of one exchange (`PASS|FAIL host operationId status duration`), then each violation indented.
 *
 * @example
 * exchangeLines(recorded, verdict, mask);
 * // ["FAIL gateway initiateHostedCheckoutPayment 200 3.1ms", "    request_signature at request body /hash: …"]
 */
export function exchangeLines(rec: Recorded, verdict: Verdict, mask: Masker): string[] {
  const failed = failures(verdict.findings);
  const lines = [
    `${failed.length ? "FAIL" : "PASS"} ${rec.host} ${verdict.operationId} ${rec.answer.status} ${rec.durationMs.toFixed(1)}ms${rec.refused ? " (refused by --enforce)" : ""}`,
  ];
  for (const f of failed) {
    const detail = [
      f.expected !== undefined ? `expected ${f.expected}` : "",
      f.actual !== undefined ? `got ${f.actual}` : "",
    ]
      .filter(Boolean)
      .join("; ");
    lines.push(`    ${f.check}${f.pointer ? ` at ${f.pointer}` : ""}: ${detail}`);
    if (f.message) lines.push(`      ${f.message}`);
  }
  return lines.map(mask);
}

/**
 * A reproduce line of an exchange: configured secrets as `$PGI_*` references; an Authorization header that is not
 * configured (a user's token), OTP codes and issued tokens redacted.
 */
function reproduce(rec: Recorded, target: Target): string {
  const { request } = rec;
  const body =
    request.body.complete && request.body.size ? { body: request.body.bytes.toString("utf8") } : {};
  const line = { method: request.method, url: request.url, headers: request.headers, ...body };
  if (rec.route.kind === "operation") {
    const ex = { request: line, response: { status: rec.answer.status, headers: {}, body: "" } };
    return recordedLine(rec.route.op, ex, target).line;
  }
  const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, maskHeader(k, v)]));
  const type = (request.headers["content-type"] ?? "").split(";")[0] ?? "";
  return reproduceLine(
    { ...line, headers, ...(body.body ? { body: maskBody(body.body, type) } : {}) },
    target.credentials,
  );
}

/**
 * The exchanges seen so far, as the suite's results (one case per exchange, with a masked curl line).
 *
 * @example
 * const run = toRunResult(target.name, proxy.exchanges, target, performance.now() - t0);
 */
export function toRunResult(
  targetName: string,
  seen: { rec: Recorded; verdict: Verdict }[],
  target: Target,
  durationMs: number,
): RunResult {
  let passed = 0;
  let failed = 0;
  let warnings = 0;
  let checksRun = 0;
  const results: CaseResult[] = seen.map(({ rec, verdict }, i) => {
    const bad = failures(verdict.findings).length > 0;
    if (bad) failed++;
    else passed++;
    warnings += verdict.findings.filter((f) => f.warning).length;
    checksRun += verdict.findings.length;
    const path = new URL(rec.request.url).pathname;
    return {
      host: rec.host,
      operation: verdict.operationId,
      name: `exchange ${i + 1}: ${rec.request.method} ${path} → ${rec.answer.status}`,
      // The proxy's own check names (request_signature) are reported like the suite's.
      findings: verdict.findings as CaseResult["findings"],
      curl: reproduce(rec, target),
    };
  });
  return { target: targetName, results, passed, failed, skipped: 0, warnings, durationMs, checksRun };
}

/**
 * The closing summary: exchanges per host and operation, then the last line `N passed, N failed`.
 *
 * @example
 * console.log(summary(run, { control: 3 }).join("\n"));
 */
export function summary(run: RunResult, extra: { control: number; har?: string }): string[] {
  const rows = new Map<string, { passed: number; failed: number }>();
  for (const r of run.results) {
    const key = `${r.host} ${r.operation}`;
    const row = rows.get(key) ?? { passed: 0, failed: 0 };
    if (r.findings.some((f) => !f.ok && !f.warning)) row.failed++;
    else row.passed++;
    rows.set(key, row);
  }
  const width = Math.max(0, ...[...rows.keys()].map((k) => k.length));
  const lines = ["", `Contract proxy in front of ${run.target}: ${run.results.length} exchange(s)`];
  for (const [key, row] of rows)
    lines.push(`  ${key.padEnd(width)}  ${row.passed} passed, ${row.failed} failed`);
  if (extra.control)
    lines.push(`  ${extra.control} mock control request(s) forwarded unchecked (not part of the contract)`);
  if (run.warnings) lines.push(`  ${run.warnings} drift warning(s)`);
  if (extra.har) lines.push(`  HAR written to ${extra.har} (secrets masked)`);
  lines.push(`${run.passed} passed, ${run.failed} failed`);
  return lines;
}

/**
 * The suite's JSON or JUnit report of the proxy's exchanges, secrets masked.
 *
 * @example
 * await writeFile(out, report(run, "junit", mask));
 */
export function report(run: RunResult, reporter: "json" | "junit", mask: Masker): string {
  return mask(reporter === "json" ? jsonReport(run) : junitReport(run));
}
