// The JSON report: the whole run (secrets are already masked in findings and reproduce lines).
import type { RunResult } from "../model/results.js";

/** The run as JSON (secrets are already masked in curl lines). */
export function jsonReport(r: RunResult): string {
  return JSON.stringify(
    {
      target: r.target,
      passed: r.passed,
      failed: r.failed,
      skipped: r.skipped,
      warnings: r.warnings,
      durationMs: Math.round(r.durationMs),
      skippedHosts: r.skippedHosts ?? [],
      coverage: r.coverage ?? [],
      results: r.results,
    },
    null,
    2,
  );
}
