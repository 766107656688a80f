// The result model of a run (cases, flows, recorded exchanges), shared by the suite, HAR validation, the proxy and the
// reporters. A leaf: it imports nothing of ours but other leaves.
import { type Finding, failures } from "./finding.js";
import type { Host } from "./target.js";

/** The outcome of one case, flow, recorded exchange or delivery sent to a webhook endpoint (`receiver`). */
export interface CaseResult {
  host: Host | "flows" | "unmatched" | "receiver";
  operation: string;
  name: string;
  findings: Finding[];
  curl?: string;
  skipped?: string;
  /** The HTTP status of the case's (last) exchange. */
  status?: number;
  /** Wall time of the case (its setup included), for JUnit's `time`. */
  durationMs?: number;
}

/** One row of the coverage table. */
export interface CoverageRow {
  host: Host;
  operationId: string;
  statuses: { exercised: string[]; documented: string[] };
  examples: { exercised: number; documented: number };
  flows: string[];
}

/** The outcome of a run. */
export interface RunResult {
  target: string;
  results: CaseResult[];
  passed: number;
  failed: number;
  skipped: number;
  warnings: number;
  durationMs: number;
  checksRun: number;
  /** Hosts left out of the run, each with why. */
  skippedHosts?: { host: Host; reason: string }[];
  /** Per host and operation: statuses, examples and flows exercised. */
  coverage?: CoverageRow[];
}

/** An exchange a case or flow made, for the coverage report. */
export interface Observation {
  operationId: string;
  status: number;
  flow?: string;
  example?: string;
}

/**
 * Summarises results into counts: a case passes when none of its findings failed (warnings aside).
 *
 * @example
 * summarise("the embedded mock", results, performance.now() - t0).failed;
 */
export function summarise(
  target: string,
  results: CaseResult[],
  durationMs: number,
  extra: Pick<RunResult, "skippedHosts" | "coverage"> = {},
): RunResult {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  let warnings = 0;
  let checksRun = 0;
  for (const r of results) {
    if (r.skipped) {
      skipped++;
      continue;
    }
    checksRun += r.findings.length;
    warnings += r.findings.filter((f) => f.warning).length;
    if (failures(r.findings).length > 0) failed++;
    else passed++;
  }
  return { target, results, passed, failed, skipped, warnings, durationMs, checksRun, ...extra };
}
