// The results section of the HTML report: per host, each operation (or receiver check) passed or failed, with its
// coverage (documented statuses and examples exercised, flows) and its cases behind a disclosure.
import { failures } from "../../model/finding.js";
import type { CaseResult, CoverageRow, RunResult } from "../../model/results.js";
import { anchor, esc } from "./escape.js";

type State = "passed" | "failed" | "skipped";
const stateOf = (c: CaseResult): State =>
  c.skipped ? "skipped" : failures(c.findings).length ? "failed" : "passed";
const badge = (s: State) => `<span class="state ${s}">${s.toUpperCase()}</span>`;

/** Cases grouped by host, then operation, in the order they ran. */
function grouped(cases: readonly CaseResult[]): Map<string, Map<string, CaseResult[]>> {
  const hosts = new Map<string, Map<string, CaseResult[]>>();
  for (const c of cases) {
    const ops = hosts.get(c.host) ?? new Map<string, CaseResult[]>();
    hosts.set(c.host, ops);
    ops.set(c.operation, [...(ops.get(c.operation) ?? []), c]);
  }
  return hosts;
}

function caseList(cases: readonly CaseResult[]): string {
  const items = cases
    .map((c) => {
      const s = stateOf(c);
      const why = c.skipped ? ` <span class="muted">(${esc(c.skipped)})</span>` : "";
      const link = s === "failed" ? ` <a href="#failures">see the failure</a>` : "";
      return `<li>${badge(s)} ${esc(c.name)}${c.status !== undefined ? ` <span class="muted">HTTP ${esc(c.status)}</span>` : ""}${why}${link}</li>`;
    })
    .join("");
  return `<details class="cases"><summary>${cases.length} case${cases.length === 1 ? "" : "s"}</summary><ul>${items}</ul></details>`;
}

function coverageCells(row: CoverageRow | undefined): string {
  if (!row) return `<td class="num muted">–</td><td class="num muted">–</td><td class="num muted">–</td>`;
  const statuses = `${row.statuses.exercised.length}/${row.statuses.documented.length}`;
  const missing = row.statuses.documented.filter((s) => !row.statuses.exercised.includes(s));
  return `<td class="num" title="${esc(missing.length ? `not exercised: ${missing.join(", ")}` : "all exercised")}">${statuses}</td>
<td class="num">${row.examples.exercised}/${row.examples.documented}</td>
<td class="num">${row.flows.length}</td>`;
}

/**
 * One table per host: operation, state, cases passed, coverage, and (for the receiver) the rule each check grades.
 *
 * @example
 * resultsSection(result, RECEIVER_RULES);
 */
export function resultsSection(r: RunResult, rules: Readonly<Record<string, string>>): string {
  const coverage = new Map((r.coverage ?? []).map((row) => [`${row.host}\u0000${row.operationId}`, row]));
  const tables = [...grouped(r.results)].map(([host, ops]) => {
    const receiver = host === "receiver";
    const rows = [...ops].map(([op, cases]) => {
      const ran = cases.filter((c) => !c.skipped);
      const failed = ran.filter((c) => stateOf(c) === "failed").length;
      const state: State = ran.length === 0 ? "skipped" : failed ? "failed" : "passed";
      const rule = receiver ? `<div class="muted small">${esc(rules[op])}</div>` : "";
      const row = coverage.get(`${host}\u0000${op}`);
      const cov = receiver || host === "flows" ? "" : coverageCells(row);
      return `<tr data-operation="${esc(op)}"><td>${badge(state)}</td><td><code>${esc(op)}</code>${rule}${caseList(cases)}</td>
<td class="num">${ran.length - failed}/${ran.length}${cases.length > ran.length ? ` <span class="muted">(${cases.length - ran.length} skipped)</span>` : ""}</td>${cov}</tr>`;
    });
    const all = [...ops.values()].flat().filter((c) => !c.skipped);
    const ok = all.filter((c) => stateOf(c) === "passed").length;
    const first = '<th class="c-state">state</th>';
    const cases = '<th class="c-num">cases passed</th>';
    const head = receiver
      ? `${first}<th>check and the rule it grades</th>${cases}`
      : host === "flows"
        ? `${first}<th>flow</th>${cases}`
        : `${first}<th>operation</th>${cases}<th class="c-num" title="documented statuses exercised">statuses</th><th class="c-num" title="documented request examples exercised">examples</th><th class="c-num">flows</th>`;
    return `<h3 id="${anchor(`host-${host}`)}">${esc(host)} <span class="muted small">${ok}/${all.length} cases passed</span></h3>
<div class="table-wrap"><table><thead><tr>${head}</tr></thead><tbody>
${rows.join("\n")}
</tbody></table></div>`;
  });
  return `<section id="results">
<h2>Results by host and operation</h2>
${tables.join("\n") || "<p>No case ran.</p>"}
</section>`;
}

/**
 * The hosts left out of the run and every skipped case, each with why.
 *
 * @example
 * skippedSection(result);
 */
export function skippedSection(r: RunResult): string {
  const hosts = (r.skippedHosts ?? []).map(
    (s) => `<li><strong>${esc(s.host)}</strong>: ${esc(s.reason)}</li>`,
  );
  const cases = r.results
    .filter((c) => c.skipped)
    .map((c) => `<li>${esc(c.host)} › ${esc(c.operation)} › ${esc(c.name)}: ${esc(c.skipped)}</li>`);
  if (hosts.length + cases.length === 0) return "";
  return `<section id="skipped">
<h2>Skipped (${hosts.length + cases.length})</h2>
<ul>${hosts.join("")}${cases.join("")}</ul>
</section>`;
}
