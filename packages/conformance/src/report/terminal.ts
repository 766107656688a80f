// The terminal report: grouped by host and operation, one compact block per failure (check, expected, got, diagnosis,
// reproduce); then coverage, skipped hosts and the summary.
import pc from "picocolors";
import { failures } from "../model/finding.js";
import type { CaseResult, RunResult } from "../model/results.js";
import { coverageTable } from "./coverage-table.js";
import { summaryLine } from "./summary.js";

const failedFindings = (c: CaseResult) => failures(c.findings);
type Colors = ReturnType<typeof pc.createColors>;

const INDENT = "        ";
/** One labelled field of a failure block; continuation lines align under the value. */
function field(label: string, value: string, paint: (s: string) => string = (s) => s): string[] {
  const [first = "", ...more] = value.split("\n");
  return [
    `${INDENT}${label.padEnd(10)} ${paint(first)}`,
    ...more.map((l) => `${INDENT}${" ".repeat(11)}${paint(l)}`),
  ];
}

/**
 * The block of one failed case: for each failed check its name (and where), what was expected, what came, and the
 * diagnosis; then one reproduce line.
 */
function failureBlock(x: CaseResult, c: Colors): string[] {
  const lines = [`    ${c.red("✗")} ${x.name}`];
  for (const f of failedFindings(x)) {
    lines.push(...field("check", `${f.check}${f.pointer ? ` at ${f.pointer}` : ""}`, c.bold));
    if (f.expected !== undefined) lines.push(...field("expected", f.expected));
    if (f.actual !== undefined) lines.push(...field("got", f.actual, c.red));
    if (f.message) lines.push(...field("diagnosis", f.message));
  }
  if (x.curl) lines.push(...field("reproduce", x.curl, c.dim));
  return lines;
}

/**
 * A readable report: one line per operation, then one compact block per failed case (check, expected, got,
 * diagnosis, reproduce), the coverage table, skipped hosts and the summary.
 *
 * @example
 * console.log(terminalReport(result, { color: process.stdout.isTTY }));
 */
export function terminalReport(r: RunResult, options: { color?: boolean; verbose?: boolean } = {}): string {
  const c = options.color ? pc : pc.createColors(false);
  const lines: string[] = [`Conformance against ${r.target}`, ""];
  const groups = new Map<string, CaseResult[]>();
  for (const res of r.results) {
    const key = `${res.host}\u0000${res.operation}`;
    groups.set(key, [...(groups.get(key) ?? []), res]);
  }
  let currentHost = "";
  for (const [key, cases] of groups) {
    const [host, operation] = key.split("\u0000") as [string, string];
    if (host !== currentHost) {
      lines.push(c.bold(host));
      currentHost = host;
    }
    const skipped = cases.filter((x) => x.skipped);
    if (skipped.length === cases.length) {
      for (const s of skipped) lines.push(`  ${c.yellow("SKIP")} ${s.skipped}`);
      continue;
    }
    const failed = cases.filter((x) => failedFindings(x).length > 0);
    const drift = cases.flatMap((x) => x.findings.filter((f) => f.warning));
    const mark = failed.length ? c.red("FAIL") : c.green("PASS");
    lines.push(
      `  ${mark} ${operation} (${cases.length - failed.length}/${cases.length} cases)${drift.length ? c.yellow(` ${drift.length} drift warning(s)`) : ""}`,
    );
    for (const x of failed) lines.push(...failureBlock(x, c));
    if (options.verbose)
      for (const f of drift)
        lines.push(c.yellow(`       ~ drift${f.pointer ? ` at ${f.pointer}` : ""}: ${f.message}`));
  }
  lines.push("", ...coverageTable(r));
  if (r.skippedHosts?.length) {
    lines.push("", c.yellow("Skipped hosts:"));
    for (const s of r.skippedHosts) lines.push(`  ${c.yellow("SKIP")} ${s.host}: ${s.reason}`);
  }
  lines.push("");
  lines.push(
    `${r.checksRun} checks in ${(r.durationMs / 1000).toFixed(1)} s; ${r.warnings} drift warning(s)`,
  );
  const last = summaryLine(r);
  lines.push(r.failed ? c.red(last) : c.green(last));
  return lines.join("\n");
}
