// The top of the HTML report: what was checked, when, the verdict and the counts, and links to the sections.
import type { RunResult } from "../../model/results.js";
import { summaryLine } from "../summary.js";
import { esc } from "./escape.js";

/**
 * The header and the verdict block.
 *
 * @example
 * summarySection(result, new Date(), 3);
 */
export function summarySection(r: RunResult, generatedAt: Date, failedCases: number): string {
  const title = r.results.some((c) => c.host === "receiver")
    ? "Webhook endpoint report"
    : r.target.startsWith("recorded traffic")
      ? "Recorded traffic report"
      : "Conformance report";
  const pass = r.failed === 0;
  const verdict = pass
    ? `PASSED: ${r.passed} case${r.passed === 1 ? "" : "s"} passed`
    : `FAILED: ${r.failed} of ${r.passed + r.failed} cases failed`;
  return `<header class="top">
<h1>${esc(title)}</h1>
<div class="meta">${esc(r.target)} · ${esc(generatedAt.toISOString().replace("T", " ").slice(0, 19))} UTC · ${esc((r.durationMs / 1000).toFixed(1))} s</div>
</header>
<main>
<div class="verdict" id="summary">
  <span class="big ${pass ? "pass" : "fail"}">${esc(verdict)}</span>
  <span class="chip pass">${r.passed} passed</span>
  <span class="chip fail">${r.failed} failed</span>
  <span class="chip skip">${r.skipped} skipped</span>
  ${r.warnings ? `<span class="chip">${r.warnings} drift warning${r.warnings === 1 ? "" : "s"}</span>` : ""}
</div>
<div class="summary-line">${esc(summaryLine(r))} · ${r.checksRun} checks</div>
<nav class="jump"><a href="#checklist">Go-live checklist</a><a href="#results">Results</a><a href="#failures">Failures (${failedCases})</a>${r.skipped || r.skippedHosts?.length ? `<a href="#skipped">Skipped</a>` : ""}</nav>`;
}
