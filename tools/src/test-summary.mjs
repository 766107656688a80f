// @ts-check
// The end of `pnpm test`: each package's test task as passed, failed or not run (and why), from turbo's plan
// (`--dry=json`) and its run summary (`--summarize`), so one failing package never hides the others' results.
import pc from "picocolors";

/**
 * @typedef {{ taskId: string, task: string, package: string, dependencies?: string[] }} PlannedTask
 * @typedef {{ taskId: string, execution?: { startTime: number, endTime: number, exitCode?: number, error?: string } }} RunTask
 * @typedef {{ execution?: { startTime: number, endTime: number }, tasks: RunTask[] }} RunSummary
 * @typedef {{ pkg: string, status: "passed" | "failed" | "not run", ms?: number, note?: string }} Result
 */

/**
 * One result per planned `task` task: passed (exit 0), failed (any other exit), or not run (with the failed task it
 * waited for, when there is one).
 *
 * @param {PlannedTask[]} planned
 * @param {RunSummary | undefined} summary  undefined when turbo left none
 * @param {string} [task]
 * @returns {Result[]}
 * @example
 * testResults([{ taskId: "@pgi/a#test", task: "test", package: "@pgi/a" }], { tasks: [{ taskId: "@pgi/a#test", execution: { startTime: 0, endTime: 2000, exitCode: 0 } }] });
 * // [{ pkg: "@pgi/a", status: "passed", ms: 2000 }]
 */
export function testResults(planned, summary, task = "test") {
  const ran = new Map((summary?.tasks ?? []).map((t) => [t.taskId, t]));
  const byId = new Map(planned.map((t) => [t.taskId, t]));
  const failedOf = (/** @type {string} */ id) => {
    const e = ran.get(id)?.execution;
    return e !== undefined && e.exitCode !== 0;
  };
  /** The first failed task among `id`'s dependencies, transitively. */
  const failedDependency = (/** @type {string} */ id, seen = new Set()) => {
    for (const dep of byId.get(id)?.dependencies ?? []) {
      if (seen.has(dep)) continue;
      seen.add(dep);
      if (failedOf(dep)) return dep;
      const deeper = failedDependency(dep, seen);
      if (deeper) return deeper;
    }
    return undefined;
  };
  return planned
    .filter((t) => t.task === task)
    .sort((a, b) => a.package.localeCompare(b.package))
    .map((t) => {
      const e = ran.get(t.taskId)?.execution;
      if (!e) {
        const dep = failedDependency(t.taskId);
        return {
          pkg: t.package,
          status: "not run",
          note: dep ? `${dep} failed` : "stopped before it started",
        };
      }
      const ms = e.endTime - e.startTime;
      return e.exitCode === 0
        ? { pkg: t.package, status: "passed", ms }
        : { pkg: t.package, status: "failed", ms, note: `exit ${e.exitCode ?? "?"}` };
    });
}

/** "2m 05s" or "9.4 s". */
export function duration(/** @type {number} */ ms) {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, "0")}s`;
}

/**
 * The table printed at the end of the run, and its last line `N passed, N failed, N not run (time)`.
 *
 * @param {Result[]} results
 * @param {{ color: boolean, totalMs?: number }} o
 * @example
 * formatResults([{ pkg: "@pgi/a", status: "passed", ms: 2000 }], { color: false }); // "test results:\n  passed   @pgi/a  2.0 s\n1 passed, 0 failed, 0 not run"
 */
export function formatResults(results, o) {
  const c = pc.createColors(o.color);
  const width = Math.max(0, ...results.map((r) => r.pkg.length));
  const label = {
    passed: c.green("passed "),
    failed: c.red(c.bold("FAILED ")),
    "not run": c.yellow("not run"),
  };
  const lines = results.map((r) =>
    `  ${label[r.status]}  ${r.pkg.padEnd(width)}  ${(r.ms === undefined ? "" : duration(r.ms)).padStart(8)}${r.note ? `  ${r.note}` : ""}`.trimEnd(),
  );
  const n = (/** @type {Result["status"]} */ s) => results.filter((r) => r.status === s).length;
  const total = `${n("passed")} passed, ${n("failed")} failed, ${n("not run")} not run${o.totalMs === undefined ? "" : ` (${duration(o.totalMs)})`}`;
  const ok = n("failed") === 0 && n("not run") === 0;
  return ["", c.bold("test results:"), ...lines, ok ? c.green(total) : c.red(total)].join("\n");
}
