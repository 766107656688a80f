// Runs the cases and flows against a target and collects, per host and operation, every check's findings.
import { type Case, generateCases } from "./cases.js";
import { type CheckSecrets, checkExchange, checkSecrets, type Exchange, type Finding } from "./checks.js";
import { type CoverageRow, coverage } from "./coverage.js";
import { curlLine, send } from "./exchange.js";
import { flowsFor, type Observation, runFlows } from "./flows.js";
import { negativeFindings } from "./negative.js";
import { runPositive } from "./positive-case.js";
import { maskFinding, maskText, secretsOf } from "./reproduce.js";
import { buildRequest, REQUIRED_CREDENTIALS, type Target } from "./request-builder.js";
import { HOSTS, type Host, type SpecSet } from "./spec-set.js";

/** The outcome of one case or flow step. */
export interface CaseResult {
  host: Host | "flows" | "unmatched";
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

/** Summarises results into counts: a case passes when none of its findings failed (warnings aside). */
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
    if (r.findings.some((f) => !f.ok && !f.warning)) failed++;
    else passed++;
  }
  return { target, results, passed, failed, skipped, warnings, durationMs, checksRun, ...extra };
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

/** Masks every configured secret in a result's texts (findings can quote what the target answered). */
function masked(r: CaseResult, target: Target): CaseResult {
  const secrets = secretsOf(target);
  if (secrets.length === 0) return r;
  const mask = (s: string) => maskText(s, secrets);
  return {
    ...r,
    name: mask(r.name),
    findings: r.findings.map((f) => maskFinding(f, mask)),
    ...(r.skipped !== undefined ? { skipped: mask(r.skipped) } : {}),
  };
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
  const skippedHosts: { host: Host; reason: string }[] = [];
  for (const host of hosts) {
    const missing = [
      ...(target.urls[host] ? [] : [`PGI_${host.toUpperCase()}_URL`]),
      ...REQUIRED_CREDENTIALS[host].filter((n) => !target.creds[n]),
    ];
    if (missing.length > 0) skippedHosts.push({ host, reason: `${missing.join(", ")} not configured` });
  }
  const skippedSet = new Set(skippedHosts.map((s) => s.host));
  const runnable = generateCases(specs).filter((c) => selected.has(c.op.host) && !skippedSet.has(c.op.host));
  const total = skippedHosts.length + runnable.length + flowsFor(selected).length;
  const results: CaseResult[] = [];
  const observations: Observation[] = [];
  const record = (r: CaseResult, label: string) => {
    results.push(masked(r, target));
    options.onProgress?.(results.length, total, label);
  };
  for (const s of skippedHosts) {
    record(
      { host: s.host, operation: "*", name: "suite", findings: [], skipped: `${s.host}: ${s.reason}` },
      s.host,
    );
  }
  const controls = await controlHosts(target, hosts, fetchImpl);
  const secrets = checkSecrets(target.creds);
  for (const c of runnable) {
    const started = performance.now();
    const result = await runCase(specs, target, c, { controls, fetch: fetchImpl, secrets, observations });
    record({ ...result, durationMs: performance.now() - started }, `${c.op.host} ${c.op.operationId}`);
  }
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

interface CaseEnv {
  controls: ReadonlySet<Host>;
  fetch: typeof fetch;
  secrets: CheckSecrets;
  observations: Observation[];
}

/** One case: a positive case (with the state it needs) or a negative one. */
async function runCase(specs: SpecSet, target: Target, c: Case, env: CaseEnv): Promise<CaseResult> {
  const base = { host: c.op.host, operation: c.op.operationId, name: c.name };
  if (c.kind === "positive") {
    const out = await runPositive(specs, target, c, env);
    return { ...base, ...out };
  }
  const req = buildRequest(specs, c.op, target, c.build);
  const ex: Exchange = await send(req, 15_000, env.fetch);
  env.observations.push({ operationId: c.op.operationId, status: ex.response.status });
  const checked = checkExchange(specs, c.op, ex, env.secrets);
  const findings = negativeFindings(c.op, ex, c.failureInBodyAccepted === true, checked);
  return { ...base, findings, curl: curlLine(req, target), status: ex.response.status };
}
