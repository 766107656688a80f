// The go-live checklist section of the HTML report: the rules this run tested (failed first) with their state and
// counts, then, folded, the rules it did not test.
import type { ChecklistMark } from "../go-live-checklist.js";
import { esc } from "./escape.js";

const stateClass = (s: ChecklistMark["status"]) => s.replace(" ", "-");
const ORDER: Record<ChecklistMark["status"], number> = { failed: 0, passed: 1, "not run": 2 };

function row(m: ChecklistMark): string {
  return `<tr class="item ${stateClass(m.status)}" data-item="${esc(m.item.id)}">
  <td><span class="state ${stateClass(m.status)}">${esc(m.status.toUpperCase())}</span></td>
  <td><strong>${esc(m.item.title)}</strong><div class="muted small">${esc(m.item.detail)}</div></td>
  <td class="num">${m.status === "not run" ? "not tested" : `${m.passed} passed, ${m.failed} failed`}</td>
  <td class="small muted">${esc([...m.item.checks, ...m.item.flows].join(", "))}</td>
</tr>`;
}

const table = (marks: readonly ChecklistMark[]) => `<div class="table-wrap"><table>
<thead><tr><th>state</th><th>rule</th><th>this run</th><th>evidence (checks and flows)</th></tr></thead>
<tbody>
${marks.map(row).join("\n")}
</tbody>
</table></div>`;

/**
 * The checklist: state, rule and its source, and what the run counted.
 *
 * @example
 * checklistSection(goLiveChecklist(result));
 */
export function checklistSection(marks: readonly ChecklistMark[]): string {
  const sorted = [...marks].sort((a, b) => ORDER[a.status] - ORDER[b.status]);
  const tested = sorted.filter((m) => m.status !== "not run");
  const untested = sorted.filter((m) => m.status === "not run");
  const failed = tested.filter((m) => m.status === "failed").length;
  const lead =
    tested.length === 0
      ? "This run tested none of the interface's rules below."
      : `This run tested ${tested.length} of the interface's ${marks.length} go-live rules: ${failed ? `${failed} failed` : "all passed"}.`;
  const rest = untested.length
    ? `<details class="untested"><summary>${untested.length} rule${untested.length === 1 ? "" : "s"} this run did not test (the suite, recorded traffic and the webhook grader each cover some)</summary>
${table(untested)}
</details>`
    : "";
  return `<section id="checklist">
<h2>Go-live checklist</h2>
<p>${esc(lead)}</p>
${tested.length ? table(tested) : ""}
${rest}
</section>`;
}
