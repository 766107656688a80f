// Benchmark: the full suite against the embedded mock, mock start included; validator compile time; time per check.
import { embeddedMock } from "../dist/config/targets.js";
import { loadSpecSet } from "../dist/spec/spec-set.js";
import { runSuite } from "../dist/suite/runner.js";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const rows = [];
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now();
  const specs = loadSpecSet();
  const { target, close, startMs } = await embeddedMock();
  const result = await runSuite(specs, target);
  await close();
  const total = performance.now() - t0;
  rows.push({
    total,
    startMs,
    compileMs: specs.compileMs,
    validators: specs.validatorCount,
    suiteMs: result.durationMs,
    checks: result.checksRun,
    failed: result.failed,
  });
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const m = (k) => median(rows.map((r) => r[k]));
console.log(`conformance suite against the embedded mock, ${RUNS} runs (median)`);
console.log(`  total, mock start included   ${(m("total") / 1000).toFixed(2)} s   (goal: under 15 s)`);
console.log(`  mock start                   ${m("startMs").toFixed(0)} ms`);
console.log(
  `  validator compile            ${m("compileMs").toFixed(0)} ms for ${rows[0].validators} validators`,
);
console.log(
  `  cases and flows              ${m("suiteMs").toFixed(0)} ms for ${rows[0].checks} checks = ${(m("suiteMs") / rows[0].checks).toFixed(2)} ms per check`,
);
console.log(`  failed cases                 ${rows.map((r) => r.failed).join(", ")}`);
