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

/** How an exchange line says the proxy answered the request itself. */
const refusedNote = (why: string | undefined) =>
  why === undefined ? "" : why === "--enforce" ? " (refused by --enforce)" : ` (refused: ${why})`;

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
    `${failed.length ? "FAIL" : "PASS"} ${rec.host} ${verdict.operationId} ${rec.answer.status} ${rec.durationMs.toFixed(1)}ms${refusedNote(rec.refused)}`,
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
 * One exchange as a case of the suite's results, with a masked curl line.
 *
 * @example
 * const result = caseResult(rec, verdict, 1, target); // name: "exchange 1: POST /_payment → 200"
 */
export function caseResult(rec: Recorded, verdict: Verdict, n: number, target: Target): CaseResult {
  const path = new URL(rec.request.url).pathname;
  return {
    host: rec.host,
    operation: verdict.operationId,
    name: `exchange ${n}: ${rec.request.method} ${path} → ${rec.answer.status}`,
    // The proxy's own check names (request_signature) are reported like the suite's.
    findings: verdict.findings as CaseResult["findings"],
    curl: reproduce(rec, target),
  };
}

/**
 * The suite's run result of the proxy's cases.
 *
 * @example
 * const run = runResult(target.name, results, performance.now() - t0);
 */
export function runResult(targetName: string, results: CaseResult[], durationMs: number): RunResult {
  let passed = 0;
  let failed = 0;
  let warnings = 0;
  let checksRun = 0;
  for (const r of results) {
    if (failures(r.findings).length) failed++;
    else passed++;
    warnings += r.findings.filter((f) => f.warning).length;
    checksRun += r.findings.length;
  }
  return { target: targetName, results, passed, failed, skipped: 0, warnings, durationMs, checksRun };
}

/** The counts of a session: all the summary needs, whatever the number of exchanges. */
export class Tally {
  exchanges = 0;
  passed = 0;
  failed = 0;
  warnings = 0;
  /** Passed and failed exchanges per "host operationId" (bounded: the operations, callbacks and "unmatched"). */
  readonly rows = new Map<string, { passed: number; failed: number }>();

  /** Counts one judged exchange. */
  add(host: string, verdict: Verdict): void {
    const key = `${host} ${verdict.operationId}`;
    const row = this.rows.get(key) ?? { passed: 0, failed: 0 };
    const bad = failures(verdict.findings).length > 0;
    if (bad) {
      row.failed++;
      this.failed++;
    } else {
      row.passed++;
      this.passed++;
    }
    this.warnings += verdict.findings.filter((f) => f.warning).length;
    this.exchanges++;
    this.rows.set(key, row);
  }
}

/**
 * The closing summary: exchanges per host and operation, then the last line `N passed, N failed`.
 *
 * @example
 * console.log(summary(tally, target.name, { control: 3 }).join("\n"));
 */
export function summary(
  tally: Tally,
  targetName: string,
  extra: { control: number; har?: string },
): string[] {
  const width = Math.max(0, ...[...tally.rows.keys()].map((k) => k.length));
  const lines = ["", `Contract proxy in front of ${targetName}: ${tally.exchanges} exchange(s)`];
  for (const [key, row] of tally.rows)
    lines.push(`  ${key.padEnd(width)}  ${row.passed} passed, ${row.failed} failed`);
  if (extra.control)
    lines.push(`  ${extra.control} mock control request(s) forwarded unchecked (not part of the contract)`);
  if (tally.warnings) lines.push(`  ${tally.warnings} drift warning(s)`);
  if (extra.har) lines.push(`  HAR written to ${extra.har} (secrets masked)`);
  lines.push(`${tally.passed} passed, ${tally.failed} failed`);
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
