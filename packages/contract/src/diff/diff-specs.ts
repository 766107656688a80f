// Entry of the diff: compares two spec sets and returns the classified changes, sorted, with a summary.
import type { SpecSet } from "./load-specs.js";
import { RULES_BY_ID } from "./rules/index.js";
import { ChangeLog } from "./scope.js";
import type { Change, DiffSummary, Severity } from "./types.js";
import { walkSpecSets } from "./walk.js";

/** The result of a diff: every change, and counts by severity. */
export interface DiffResult {
  readonly changes: readonly Change[];
  readonly summary: DiffSummary;
}

const ORDER: Readonly<Record<Severity, number>> = { breaking: 0, "non-breaking": 1, informational: 2 };

/**
 * Counts changes by severity.
 *
 * @example
 * summarise(changes).breaking
 */
export function summarise(changes: readonly Change[]): DiffSummary {
  return {
    breaking: changes.filter((c) => c.severity === "breaking").length,
    nonBreaking: changes.filter((c) => c.severity === "non-breaking").length,
    informational: changes.filter((c) => c.severity === "informational").length,
  };
}

/**
 * Compares two spec sets (hosts matched by name). Identical contracts give no change at all.
 *
 * @example
 * const { changes, summary } = diffSpecSets(loadPathSet("released"), loadPathSet("specs/dist"));
 */
export function diffSpecSets(before: SpecSet, after: SpecSet): DiffResult {
  const log = new ChangeLog(RULES_BY_ID);
  walkSpecSets(before, after, log);
  const hostOrder = [...after.hosts.keys(), ...before.hosts.keys()];
  const changes = [...log.changes].sort(
    (x, y) =>
      hostOrder.indexOf(x.host) - hostOrder.indexOf(y.host) ||
      ORDER[x.severity] - ORDER[y.severity] ||
      (x.operation ?? "").localeCompare(y.operation ?? "") ||
      x.where.localeCompare(y.where) ||
      x.rule.localeCompare(y.rule),
  );
  return { changes, summary: summarise(changes) };
}
