// Runs one positive case: creates the state it needs, sends it, and requires the documented success.
import { checkExchange } from "../checking/check-exchange.js";
import { notSuccess } from "../checks/positive-success.js";
import type { Finding } from "../model/finding.js";
import type { Observation } from "../model/results.js";
import type { Host, Target } from "../model/target.js";
import { type BuildOptions, buildRequest } from "../requests/build-request.js";
import { mockControl, sendOperation } from "../requests/operation-calls.js";
import { reproduceLine } from "../requests/reproduce.js";
import { send } from "../requests/send.js";
import { exampleOf } from "../spec/request-body.js";
import type { SpecSet } from "../spec/spec-set.js";
import { SETUPS, type SetupContext, type SetupStep } from "./case-setup.js";
import type { Case } from "./cases.js";
import { positiveFinding } from "./positive-verdict.js";

/** What running a case needs besides the case: the hosts with a control API, fetch, and where to note exchanges. */
export interface CaseEnv {
  controls: ReadonlySet<Host>;
  fetch: typeof fetch;
  observations: Observation[];
}

/** What a positive case reports. */
export interface PositiveOutcome {
  findings: Finding[];
  curl?: string;
  skipped?: string;
  status?: number;
}

let counter = 0;

function setupContext(specs: SpecSet, target: Target, env: CaseEnv): SetupContext {
  return {
    async step(operationId, build) {
      const sent = await sendOperation(specs, target, operationId, build, env.fetch);
      env.observations.push({ operationId, status: sent.ex.response.status });
      return { ...sent, ok: notSuccess(sent.op.host, sent.ex) === undefined };
    },
    control: async (host, path, body) =>
      env.controls.has(host) ? mockControl(target, host, path, body, env.fetch) : undefined,
    example: (operationId, index) => exampleOf(specs, operationId, index),
    unique: (prefix) => `${prefix}${Date.now() % 1_000_000_000}${(++counter).toString().padStart(3, "0")}`,
  };
}

/** A setup step that did not succeed: the case fails with that step's diagnosis. */
function failedSetup(specs: SpecSet, target: Target, step: SetupStep): PositiveOutcome {
  const finding = positiveFinding(specs, step.op, step.ex, target);
  return {
    findings: [
      {
        ...finding,
        message: `creating the state this case needs: ${step.op.operationId} did not succeed; ${finding.message ?? ""}`,
      },
    ],
    curl: reproduceLine(step.req, target.credentials),
    status: step.ex.response.status,
  };
}

/**
 * Runs positive case `c`: its setup (when it needs state), then the request; passes only on the documented success.
 * Where the state cannot be created the case is still sent, to catch refused credentials, and otherwise skipped.
 *
 * @example
 * const outcome = await runPositive(specs, target, c, env);
 */
export async function runPositive(
  specs: SpecSet,
  target: Target,
  c: Case,
  env: CaseEnv,
): Promise<PositiveOutcome> {
  let build: BuildOptions = c.build;
  let skip: string | undefined;
  const setup = SETUPS[c.op.operationId];
  if (setup) {
    const outcome = await setup(c.build, setupContext(specs, target, env));
    if ("failed" in outcome) return failedSetup(specs, target, outcome.failed);
    if ("skip" in outcome) skip = outcome.skip;
    else build = outcome.build;
  }
  const req = buildRequest(specs, c.op, target, build);
  const ex = await send(req, 15_000, env.fetch);
  env.observations.push({ operationId: c.op.operationId, status: ex.response.status, example: c.name });
  const positive = positiveFinding(specs, c.op, ex, target);
  const curl = reproduceLine(req, target.credentials);
  if (skip !== undefined && !positive.ok && positive.check === "positive_success") {
    return { findings: [], curl, skipped: `${c.op.operationId} ${c.name}: ${skip}` };
  }
  return {
    findings: [...checkExchange(specs, c.op, ex, target.credentials), positive],
    curl,
    status: ex.response.status,
  };
}
