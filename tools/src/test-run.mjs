// @ts-check
// `pnpm test` as a function: plan the run, run every package's tests (a failure does not stop the others), then
// report each package's result from turbo's run summary. The entry (run-tests.mjs) gives it the real turbo.
import { readdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { formatResults, testResults } from "./test-summary.mjs";

/**
 * @typedef {(args: string[], onLine?: (line: string) => void) => Promise<number | null>} Turbo
 */

/** The flags of the test run: two packages at a time, the others go on when one fails, and a run summary. */
export const TEST_RUN_FLAGS = ["--concurrency=2", "--continue=dependencies-successful", "--summarize"];

/**
 * Runs `turbo run test` with TEST_RUN_FLAGS and `args`, prints the per-package results, and resolves with the exit
 * code: 1 if any package failed or did not run, else turbo's. The run's summary file is read and removed.
 *
 * @param {{ args: string[], turbo: Turbo, runsDir: string, print: (text: string) => void, color: boolean, now?: () => number }} o
 * @example
 * process.exitCode = await runTests({ args: [], turbo: runTurbo, runsDir: join(ROOT, ".turbo", "runs"), print: console.log, color: false });
 */
export async function runTests(o) {
  const now = o.now ?? Date.now;
  let plan = "";
  const planCode = await o.turbo(["run", "test", ...o.args, "--dry=json"], (line) => {
    plan += `${line}\n`;
  });
  if (planCode !== 0) {
    o.print(`turbo could not plan the run (exit ${planCode}):\n${plan.trimEnd()}`);
    return planCode ?? 1;
  }
  /** @type {import("./test-summary.mjs").PlannedTask[]} */
  const planned = JSON.parse(plan.slice(plan.indexOf("{"))).tasks;
  const listRuns = () => readdir(o.runsDir).catch(() => /** @type {string[]} */ ([]));
  const before = new Set(await listRuns());
  const started = now();
  const code = await o.turbo(["run", "test", ...TEST_RUN_FLAGS, ...o.args]);
  const totalMs = now() - started;
  /** @type {import("./test-summary.mjs").RunSummary | undefined} */
  let summary;
  for (const file of (await listRuns()).filter((f) => f.endsWith(".json") && !before.has(f))) {
    summary = JSON.parse(await readFile(join(o.runsDir, file), "utf8"));
    await rm(join(o.runsDir, file), { force: true });
  }
  const results = testResults(planned, summary);
  o.print(formatResults(results, { color: o.color, totalMs }));
  return results.some((r) => r.status !== "passed") ? 1 : (code ?? 1);
}
