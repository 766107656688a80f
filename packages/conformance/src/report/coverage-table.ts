// The coverage table: per host and operation, documented statuses and examples exercised, and flows run.
import type { RunResult } from "../model/results.js";

/** The coverage table: per host and operation, statuses and examples exercised of those documented, flows run. */
export function coverageTable(r: RunResult): string[] {
  const rows = r.coverage ?? [];
  if (rows.length === 0) return [];
  const cells = rows.map((row) => [
    row.host,
    row.operationId,
    `${row.statuses.exercised.length}/${row.statuses.documented.length}`,
    `${row.examples.exercised}/${row.examples.documented}`,
    String(row.flows.length),
  ]);
  const head = ["host", "operation", "statuses", "examples", "flows"];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((row) => (row[i] ?? "").length)));
  const line = (row: string[]) =>
    row
      .map((v, i) => v.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  return [
    "Coverage (documented statuses and examples exercised, flows run):",
    `  ${line(head)}`,
    ...cells.map((row) => `  ${line(row)}`),
  ];
}
