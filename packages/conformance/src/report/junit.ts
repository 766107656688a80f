// The JUnit XML report: one testsuite per host, one testcase per case or flow, with its time.
import { failures } from "../model/finding.js";
import type { CaseResult, RunResult } from "../model/results.js";

const failedFindings = (c: CaseResult) => failures(c.findings);

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
        const text = `${f.pointer ?? ""} expected ${f.expected ?? ""} got ${f.actual ?? ""} ${f.message ?? ""}\n${f.detail ? `${f.detail}\n` : ""}${x.curl ?? ""}`;
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
