// Runs one negative case: a request breaking one rule, which must get a documented refusal.
import { checkExchange } from "../checking/check-exchange.js";
import { negativeFindings } from "../checks/negative-rejected.js";
import type { Finding } from "../model/finding.js";
import type { Target } from "../model/target.js";
import { buildRequest } from "../requests/build-request.js";
import { reproduceLine } from "../requests/reproduce.js";
import { send } from "../requests/send.js";
import type { SpecSet } from "../spec/spec-set.js";
import type { Case } from "./cases.js";
import type { CaseEnv } from "./positive-case.js";

/**
 * Sends negative case `c` and judges the answer (every response check but the signature, and negative_rejected).
 *
 * @example
 * const outcome = await runNegative(specs, target, c, env);
 */
export async function runNegative(
  specs: SpecSet,
  target: Target,
  c: Case,
  env: CaseEnv,
): Promise<{ findings: Finding[]; curl: string; status: number }> {
  const req = buildRequest(specs, c.op, target, c.build);
  const ex = await send(req, 15_000, env.fetch);
  env.observations.push({ operationId: c.op.operationId, status: ex.response.status });
  const checked = checkExchange(specs, c.op, ex, target.credentials);
  const findings = negativeFindings(c.op, ex, c.failureInBodyAccepted === true, checked);
  return { findings, curl: reproduceLine(req, target.credentials), status: ex.response.status };
}
