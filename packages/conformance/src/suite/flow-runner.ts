// Runs the flows of src/flows/ against a target: each flow only when every host it touches is selected, skipped with
// the reason when a host is not configured or it needs the mock's control API that the target lacks.
import { checkExchange } from "../checking/check-exchange.js";
import { FLOW_MODULES } from "../generated/registry.js";
import type { Finding } from "../model/finding.js";
import type { CaseResult, Observation } from "../model/results.js";
import type { Host, Target } from "../model/target.js";
import { mockControl, sendOperation } from "../requests/operation-calls.js";
import { reproduceLine } from "../requests/reproduce.js";
import { exampleOf, namedExample } from "../spec/request-body.js";
import type { SpecSet } from "../spec/spec-set.js";
import type { FlowCtx, FlowDefinition, Json } from "./flow-types.js";
import { receiver, until } from "./local-receiver.js";

/** Every flow, in the order they run. */
export const FLOWS: readonly FlowDefinition[] = [...FLOW_MODULES].sort((a, b) => a.order - b.order);

/** The flows a run over `selected` hosts reports (run or skipped). */
export function flowsFor(selected: ReadonlySet<Host>): FlowDefinition[] {
  return FLOWS.filter((f) => f.hosts.every((h) => selected.has(h)));
}

/** What the runner needs to know to run the flows. */
export interface FlowOptions {
  skippedHosts: Set<Host>;
  /** The hosts selected for the run: a flow runs only when every host it touches is selected. */
  selected: ReadonlySet<Host>;
  /** The hosts whose control API (the mock's) answers. */
  controls: ReadonlySet<Host>;
  retryWaitMs: number;
  fetch?: typeof fetch;
  observe?: (o: Observation) => void;
  onResult?: (r: CaseResult) => void;
}

function flowContext(
  specs: SpecSet,
  target: Target,
  def: FlowDefinition,
  options: FlowOptions,
  sink: { findings: Finding[]; lastCurl?: string },
): FlowCtx {
  return {
    target,
    specs,
    retryWaitMs: options.retryWaitMs,
    step: async (operationId, build) => {
      const { op, req, ex, body } = await sendOperation(specs, target, operationId, build, options.fetch);
      sink.lastCurl = reproduceLine(req, target.credentials);
      options.observe?.({ operationId, status: ex.response.status, flow: def.name });
      sink.findings.push(...checkExchange(specs, op, ex, target.credentials));
      return { status: ex.response.status, body, fields: req.fields ?? {} };
    },
    expect: (ok, message, expected, actual) =>
      sink.findings.push(
        ok
          ? { check: "flow", ok: true }
          : { check: "flow", ok: false, message, expected, actual: String(actual) },
      ),
    // A refused control call reads as an empty answer: the flow's expectations then say what is missing.
    control: async (host, path, body) =>
      (await mockControl(target, host, path, body, options.fetch)) ?? ({} as Json),
    example: (operationId, index) => exampleOf(specs, operationId, index),
    namedExample: (operationId, name) => namedExample(specs, operationId, name),
    record: (f) => sink.findings.push(f),
    receiver,
    until,
  };
}

/** Runs one flow, or says why it is skipped; undefined when its hosts are not all selected. */
async function runFlow(
  specs: SpecSet,
  target: Target,
  def: FlowDefinition,
  options: FlowOptions,
): Promise<CaseResult | undefined> {
  if (!def.hosts.every((h) => options.selected.has(h))) return undefined;
  const skip = (skipped: string): CaseResult => ({
    host: "flows",
    operation: def.name,
    name: def.name,
    findings: [],
    skipped,
  });
  const blocked = def.hosts.filter((h) => options.skippedHosts.has(h));
  if (blocked.length) return skip(`${def.name}: ${blocked.join(", ")} not configured`);
  if (def.needsControl && !def.hosts.every((h) => options.controls.has(h)))
    return skip(`${def.name}: needs the mock's control API (run against the mock)`);
  const t0 = performance.now();
  const sink: { findings: Finding[]; lastCurl?: string } = { findings: [] };
  try {
    await def.run(flowContext(specs, target, def, options, sink));
  } catch (error) {
    sink.findings.push({
      check: "flow",
      ok: false,
      message: `the flow stopped: ${(error as Error).message}`,
    });
  }
  return {
    host: "flows",
    operation: def.name,
    name: def.name,
    findings: sink.findings,
    durationMs: performance.now() - t0,
    ...(sink.lastCurl ? { curl: sink.lastCurl } : {}),
  };
}

/**
 * Runs every flow against `target`, reporting each result as it finishes.
 *
 * @example
 * const results = await runFlows(specs, target, { skippedHosts, selected, controls, retryWaitMs: 10_000 });
 */
export async function runFlows(specs: SpecSet, target: Target, options: FlowOptions): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const def of FLOWS) {
    const result = await runFlow(specs, target, def, options);
    if (!result) continue;
    results.push(result);
    options.onResult?.(result);
  }
  return results;
}
