// Coverage of a run: per host and operation, documented statuses and examples exercised, and flows run.
import type { CaseResult, CoverageRow, Observation } from "../model/results.js";
import type { Host } from "../model/target.js";
import { requestBody } from "../spec/request-body.js";

import type { SpecSet } from "../spec/spec-set.js";

export type { CoverageRow } from "../model/results.js";

/** The documented status (exact, nXX or default) an observed status counts for. */
function documentedFor(documented: string[], status: number): string | undefined {
  const exact = String(status);
  if (documented.includes(exact)) return exact;
  const range = `${exact[0]}XX`;
  if (documented.includes(range)) return range;
  return documented.includes("default") ? "default" : undefined;
}

/**
 * The coverage rows of the operations of `hosts`, from what the cases and flows observed.
 *
 * @example
 * coverage(specs, ["payout"], observations, results).map((r) => `${r.operationId} ${r.statuses.exercised.length}`);
 */
export function coverage(
  specs: SpecSet,
  hosts: Host[],
  observations: Observation[],
  results: CaseResult[],
): CoverageRow[] {
  return specs.operations
    .filter((op) => hosts.includes(op.host))
    .map((op) => {
      const documented = [...op.responses.keys()];
      const seen = observations.filter((o) => o.operationId === op.operationId);
      const exercised = new Set(
        seen.map((o) => documentedFor(documented, o.status)).filter((s): s is string => s !== undefined),
      );
      const examples = requestBody(specs, op)?.examples.map(([name]) => `example ${name}`) ?? [];
      const ran = new Set(
        results
          .filter((r) => r.operation === op.operationId && !r.skipped && r.name.startsWith("example "))
          .map((r) => r.name),
      );
      const flows = new Set(seen.flatMap((o) => (o.flow ? [o.flow] : [])));
      return {
        host: op.host,
        operationId: op.operationId,
        statuses: { exercised: documented.filter((s) => exercised.has(s)), documented },
        examples: { exercised: examples.filter((e) => ran.has(e)).length, documented: examples.length },
        flows: [...flows],
      };
    });
}
