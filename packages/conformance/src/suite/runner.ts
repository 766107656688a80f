// Runs the suite against a target: the hosts that can run, every case, then the flows; results masked as they come.
import { baseUrlName, configName, HOSTS, requiredFields, secretsOf } from "../config/configuration.js";
import type { CaseResult, Observation, RunResult } from "../model/results.js";
import { summarise } from "../model/results.js";
import type { Host, Target } from "../model/target.js";
import { maskFinding, maskText } from "../requests/reproduce.js";
import type { SpecSet } from "../spec/spec-set.js";
import { type Case, generateCases } from "./cases.js";
import { coverage } from "./coverage.js";
import { flowsFor, runFlows } from "./flow-runner.js";
import { runNegative } from "./negative-case.js";
import { type CaseEnv, runPositive } from "./positive-case.js";

/** Options of runSuite(). */
export interface RunOptions {
  /** Called once per result; `total` equals the final count of results. */
  onProgress?: (done: number, total: number, label: string) => void;
  /** Limits the run to these hosts (flows included: a flow runs only when all its hosts are selected). */
  hosts?: Host[];
  fetch?: typeof fetch;
  /** How long a flow waits for a webhook retry (real ms); default 10 s. */
  retryWaitMs?: number;
}

/** The selected hosts that cannot run, each with the configuration names it lacks. */
function unconfigured(target: Target, hosts: Host[]): { host: Host; reason: string }[] {
  return hosts.flatMap((host) => {
    const missing = [
      ...(target.urls[host] ? [] : [baseUrlName(host)]),
      ...requiredFields(host)
        .filter((f) => !target.credentials[f])
        .map(configName),
    ];
    return missing.length ? [{ host, reason: `${missing.join(", ")} not configured` }] : [];
  });
}

/** Hosts whose control API (`GET /__mock/health`) answers: the embedded mock, or `pnpm mock` behind --target env. */
async function controlHosts(target: Target, hosts: Host[], fetchImpl: typeof fetch): Promise<Set<Host>> {
  if (target.isMock) return new Set(hosts);
  const probes = hosts.map(async (h) => {
    const url = target.urls[h];
    if (!url) return undefined;
    try {
      const res = await fetchImpl(`${url}/__mock/health`, { signal: AbortSignal.timeout(2_000) });
      await res.body?.cancel();
      return res.status === 200 ? h : undefined;
    } catch {
      return undefined;
    }
  });
  return new Set((await Promise.all(probes)).filter((h): h is Host => h !== undefined));
}

/** A result with every configured secret masked in its texts (findings can quote what the target answered). */
function masked(r: CaseResult, target: Target): CaseResult {
  const secrets = secretsOf(target.credentials);
  if (secrets.length === 0) return r;
  const mask = (s: string) => maskText(s, secrets);
  return {
    ...r,
    name: mask(r.name),
    findings: r.findings.map((f) => maskFinding(f, mask)),
    ...(r.skipped !== undefined ? { skipped: mask(r.skipped) } : {}),
  };
}

/** One case: a positive case (with the state it needs) or a negative one. */
async function runCase(specs: SpecSet, target: Target, c: Case, env: CaseEnv): Promise<CaseResult> {
  const base = { host: c.op.host, operation: c.op.operationId, name: c.name };
  const started = performance.now();
  const out =
    c.kind === "positive"
      ? await runPositive(specs, target, c, env)
      : await runNegative(specs, target, c, env);
  return { ...base, ...out, durationMs: performance.now() - started };
}

/**
 * Runs every case and flow against `target`.
 *
 * @example
 * const result = await runSuite(loadSpecSet(), target, { onProgress: (d, t) => process.stderr.write(`${d}/${t}\r`) });
 */
export async function runSuite(specs: SpecSet, target: Target, options: RunOptions = {}): Promise<RunResult> {
  const t0 = performance.now();
  const fetchImpl = options.fetch ?? fetch;
  const hosts = options.hosts ?? [...HOSTS];
  const selected = new Set(hosts);
  const skippedHosts = unconfigured(target, hosts);
  const skippedSet = new Set(skippedHosts.map((s) => s.host));
  const runnable = generateCases(specs).filter((c) => selected.has(c.op.host) && !skippedSet.has(c.op.host));
  const total = skippedHosts.length + runnable.length + flowsFor(selected).length;
  const results: CaseResult[] = [];
  const observations: Observation[] = [];
  const record = (r: CaseResult, label: string) => {
    results.push(masked(r, target));
    options.onProgress?.(results.length, total, label);
  };
  for (const s of skippedHosts)
    record(
      { host: s.host, operation: "*", name: "suite", findings: [], skipped: `${s.host}: ${s.reason}` },
      s.host,
    );
  const controls = await controlHosts(target, hosts, fetchImpl);
  const env: CaseEnv = { controls, fetch: fetchImpl, observations };
  for (const c of runnable) record(await runCase(specs, target, c, env), `${c.op.host} ${c.op.operationId}`);
  await runFlows(specs, target, {
    skippedHosts: skippedSet,
    selected,
    controls,
    retryWaitMs: options.retryWaitMs ?? 10_000,
    fetch: fetchImpl,
    observe: (o) => observations.push(o),
    onResult: (r) => record(r, `flow ${r.name}`),
  });
  const runHosts = hosts.filter((h) => !skippedSet.has(h));
  return summarise(target.name, results, performance.now() - t0, {
    skippedHosts,
    coverage: coverage(specs, runHosts, observations, results),
  });
}
