// The HTML report: one self-contained page (inline CSS, no script, nothing fetched) with the summary at the top, the
// go-live checklist, each host and operation with its coverage, and every failure with its diagnosis and reproduce
// line. Texts arrive masked (secrets as $PGI_* or <PGI_*>) and are escaped everywhere.
import { CHECKS } from "../checking/registry.js";
import { failures } from "../model/finding.js";
import type { RunResult } from "../model/results.js";
import { RECEIVER_RULES } from "../receiver/registry.js";
import { goLiveChecklist } from "./go-live-checklist.js";
import { checklistSection } from "./html/checklist.js";
import { esc } from "./html/escape.js";
import { failuresSection } from "./html/failures.js";
import { resultsSection, skippedSection } from "./html/results.js";
import { STYLE } from "./html/style.js";
import { summarySection } from "./html/summary.js";
import { summaryLine } from "./summary.js";

/** Every check's rule, by id: the suite's, the proxy's and HAR validation's, and the receiver grader's. */
const RULES: Readonly<Record<string, string>> = { ...CHECKS, ...RECEIVER_RULES };

/** Nothing may be fetched: no script, no remote style, font, image or frame. */
const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

/**
 * The run as one self-contained HTML page.
 *
 * @example
 * await writeFile("report.html", htmlReport(result));
 */
export function htmlReport(r: RunResult, options: { generatedAt?: Date } = {}): string {
  const failed = r.results.filter((c) => !c.skipped && failures(c.findings).length > 0).length;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(`${r.failed ? "FAILED" : "PASSED"}: conformance of ${r.target}`)}</title>
<style>${STYLE}</style>
</head>
<body>
${summarySection(r, options.generatedAt ?? new Date(), failed)}
${checklistSection(goLiveChecklist(r))}
${resultsSection(r, RULES)}
${failuresSection(r.results, RULES)}
${skippedSection(r)}
<footer>Written by pgi-conformance. ${esc(summaryLine(r))}</footer>
</main>
</body>
</html>
`;
}
