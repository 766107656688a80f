#!/usr/bin/env node
// @ts-check
// `pnpm test`: every package's tests through turbo (two at a time; a failure does not stop the others), then the
// result of each package's test task. Exits 1 if any failed or did not run, else turbo's code.
import { readdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { formatResults, testResults } from "./test-summary.mjs";
import { ROOT, runTurbo } from "./turbo.mjs";

const args = process.argv.slice(2);
const runs = join(ROOT, ".turbo", "runs");
const listRuns = () => readdir(runs).catch(() => /** @type {string[]} */ ([]));

let plan = "";
const planned = await runTurbo(["run", "test", ...args, "--dry=json"], (line) => {
  plan += `${line}\n`;
}).then((code) => {
  if (code !== 0) throw new Error(`turbo could not plan the run (exit ${code}):\n${plan}`);
  return /** @type {import("./test-summary.mjs").PlannedTask[]} */ (
    JSON.parse(plan.slice(plan.indexOf("{"))).tasks
  );
});

const before = new Set(await listRuns());
const started = Date.now();
const code = await runTurbo([
  "run",
  "test",
  "--concurrency=2",
  "--continue=dependencies-successful",
  "--summarize",
  ...args,
]);
const totalMs = Date.now() - started;
const mine = (await listRuns()).filter((f) => f.endsWith(".json") && !before.has(f));
/** @type {import("./test-summary.mjs").RunSummary | undefined} */
let summary;
for (const file of mine) {
  summary = JSON.parse(await readFile(join(runs, file), "utf8"));
  await rm(join(runs, file), { force: true });
}
const results = testResults(planned, summary);
console.log(
  formatResults(results, { color: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR, totalMs }),
);
const bad = results.some((r) => r.status !== "passed");
process.exitCode = bad ? 1 : (code ?? 1);
