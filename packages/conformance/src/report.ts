// Reporters: a terminal report grouped by host and operation, JSON, and JUnit XML.
import pc from "picocolors";
import type { CaseResult, RunResult } from "./runner.js";

/** The last line every reporter prints: `N passed, N failed, N skipped`. */
export function summaryLine(r: RunResult): string {
  return `${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`;
}

const failedFindings = (c: CaseResult) => c.findings.filter((f) => !f.ok && !f.warning);

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

/** The coverage table: per host and operation, statuses and examples exercised of those documented, flows run. */
export function coverageTable(r: RunResult): string[] {
  const rows = r.coverage ?? [];
  if (rows.length === 0) return [];
  const cells = rows.map((row) => [
    row.host,
    row.operationId,
    `${row.statuses.exercised.length}/${row.statuses.documented.length}`,
    `${row.examples.exercised}/${row.examples.documented}`,
    String(row.flows.length),
  ]);
  const head = ["host", "operation", "statuses", "examples", "flows"];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((row) => (row[i] ?? "").length)));
  const line = (row: string[]) =>
    row
      .map((v, i) => v.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  return [
    "Coverage (documented statuses and examples exercised, flows run):",
    `  ${line(head)}`,
    ...cells.map((row) => `  ${line(row)}`),
  ];
}

/** The run as JSON (secrets are already masked in curl lines). */
export function jsonReport(r: RunResult): string {
  return JSON.stringify(
    {
      target: r.target,
      passed: r.passed,
      failed: r.failed,
      skipped: r.skipped,
      warnings: r.warnings,
      durationMs: Math.round(r.durationMs),
      skippedHosts: r.skippedHosts ?? [],
      coverage: r.coverage ?? [],
      results: r.results,
    },
    null,
    2,
  );
}

const xml = (s: string) =>
  s
    .replace(/[^\x09\x0a\x0d\x20-\ud7ff\ue000-\ufffd]/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");

/** JUnit XML: one testsuite per host, one testcase per case or flow. */
export function junitReport(r: RunResult): string {
  const byHost = new Map<string, CaseResult[]>();
  for (const res of r.results) byHost.set(res.host, [...(byHost.get(res.host) ?? []), res]);
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="pgi-conformance" tests="${r.results.length}" failures="${r.failed}" skipped="${r.skipped}">`,
  ];
  for (const [host, cases] of byHost) {
    const failures = cases.filter((x) => !x.skipped && failedFindings(x).length).length;
    const skipped = cases.filter((x) => x.skipped).length;
    out.push(
      `  <testsuite name="${xml(host)}" tests="${cases.length}" failures="${failures}" skipped="${skipped}">`,
    );
    for (const x of cases) {
      const time = ((x.durationMs ?? 0) / 1000).toFixed(3);
      out.push(
        `    <testcase classname="${xml(`${host}.${x.operation}`)}" name="${xml(x.name)}" time="${time}">`,
      );
      if (x.skipped) out.push(`      <skipped message="${xml(x.skipped)}"/>`);
      for (const f of failedFindings(x)) {
        const text = `${f.pointer ?? ""} expected ${f.expected ?? ""} got ${f.actual ?? ""} ${f.message ?? ""}\n${x.curl ?? ""}`;
        out.push(
          `      <failure type="${xml(f.check)}" message="${xml(`${f.check}${f.pointer ? ` at ${f.pointer}` : ""}`)}">${xml(text)}</failure>`,
        );
      }
      out.push("    </testcase>");
    }
    out.push("  </testsuite>");
  }
  out.push("</testsuites>");
  return out.join("\n");
}
