// The failures section of the HTML report: every failed case with each failed finding (check, rule, where, the
// diagnosis, expected and actual) and its reproduce line. Texts arrive already masked; they are only escaped here.
import { failures } from "../../model/finding.js";
import type { CaseResult } from "../../model/results.js";
import { esc } from "./escape.js";

/** A finding's facts as a definition list, leaving out what it does not have. */
function facts(pairs: [string, string | undefined][]): string {
  const items = pairs
    .filter(([, v]) => v !== undefined && v !== "")
    .map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`)
    .join("");
  return items ? `<dl class="facts">${items}</dl>` : "";
}

/**
 * One block per failed case.
 *
 * @example
 * failuresSection(result.results, { not_a_server_error: "the answer is not a 5xx" });
 */
export function failuresSection(
  cases: readonly CaseResult[],
  rules: Readonly<Record<string, string>>,
): string {
  const failed = cases.filter((c) => !c.skipped && failures(c.findings).length > 0);
  if (failed.length === 0)
    return `<section id="failures"><h2>Failures</h2><p>None: every case that ran passed.</p></section>`;
  const blocks = failed.map((c) => {
    const findings = failures(c.findings)
      .map(
        (f) => `<div class="finding">
  <span class="check">${esc(f.check)}</span>${f.pointer ? ` <span class="muted">at</span> <code>${esc(f.pointer)}</code>` : ""}
  ${facts([
    ["rule", rules[f.check]],
    ["detail", f.message],
    ["expected", f.expected],
    ["got", f.actual],
  ])}
</div>`,
      )
      .join("\n");
    const status = c.status !== undefined ? ` <span class="muted small">(HTTP ${esc(c.status)})</span>` : "";
    const reproduce = c.curl
      ? `<div class="small muted reproduce-label">reproduce (secrets as $PGI_* variables):</div><pre class="reproduce">${esc(c.curl)}</pre>`
      : "";
    return `<article class="failure">
<h3>${esc(c.host)} › ${esc(c.operation)} › ${esc(c.name)}${status}</h3>
${findings}
${reproduce}
</article>`;
  });
  return `<section id="failures">
<h2>Failures (${failed.length})</h2>
${blocks.join("\n")}
</section>`;
}
