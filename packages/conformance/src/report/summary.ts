// The last line every reporter prints: `N passed, N failed, N skipped`.
import type { RunResult } from "../model/results.js";

/** The last line every reporter prints: `N passed, N failed, N skipped`. */
export function summaryLine(r: RunResult): string {
  return `${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`;
}
