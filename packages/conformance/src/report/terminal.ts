// The terminal report: grouped by host and operation, each failure with its check, pointer, expected and actual, and a
// reproduce line; then coverage, skipped hosts and the summary.
import pc from "picocolors";
import { failures } from "../model/finding.js";
import type { CaseResult, RunResult } from "../model/results.js";
import { coverageTable } from "./coverage-table.js";
import { summaryLine } from "./summary.js";

const failedFindings = (c: CaseResult) => failures(c.findings);

/**
 * A readable report: one line per operation, then each failure with check, pointer, expected/actual and a curl line.
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
    for (const x of failed) {
      lines.push(`       ${c.red("✗")} ${x.name}`);
      for (const f of failedFindings(x)) {
        const where = f.pointer ? ` at ${f.pointer}` : "";
        const detail = [
          f.message,
          f.expected !== undefined ? `expected ${f.expected}` : "",
          f.actual !== undefined ? `got ${f.actual}` : "",
        ]
          .filter(Boolean)
          .join("; ");
        const [first = "", ...more] = detail.split("\n");
        lines.push(`         ${c.bold(f.check)}${where}: ${first}`);
        for (const line of more) lines.push(`           ${line}`);
      }
      if (x.curl) lines.push(c.dim(`         reproduce: ${x.curl}`));
    }
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
