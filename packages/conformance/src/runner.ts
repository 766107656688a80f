// Runs the cases and flows against a target and collects, per host and operation, every check's findings.
import { generateCases } from "./cases.js";
import { checkExchange, type Exchange, type Finding } from "./checks.js";
import { curlLine, send } from "./exchange.js";
import { runFlows } from "./flows.js";
import { buildRequest, REQUIRED_CREDENTIALS, type Target } from "./request-builder.js";
import { HOSTS, type Host, type Operation, type SpecSet } from "./spec-set.js";

/** The outcome of one case or flow step. */
export interface CaseResult {
  host: Host | "flows" | "unmatched";
  operation: string;
  name: string;
  findings: Finding[];
  curl?: string;
  skipped?: string;
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
}

/** Options of runSuite(). */
export interface RunOptions {
  onProgress?: (done: number, total: number, label: string) => void;
  /** Limits the run to these hosts. */
  hosts?: Host[];
  fetch?: typeof fetch;
  /** How long a flow waits for a webhook retry (real ms); default 10 s. */
  retryWaitMs?: number;
}

const secrets = (t: Target) => ({
  ...(t.creds.PGI_SALT ? { salt: t.creds.PGI_SALT } : {}),
  ...(t.creds.PGI_WALLET_SECRET ? { walletSecret: t.creds.PGI_WALLET_SECRET } : {}),
});

/** Checks one exchange of a negative case: a documented refusal, never a success or a server error. */
function negativeFindings(op: Operation, ex: Exchange, failureInBody: boolean, base: Finding[]): Finding[] {
  const { status, body } = ex.response;
  const keep = base.filter((f) => f.check !== "response_signature");
  let refused = status >= 400 && status < 500 && op.responses.has(String(status));
  // Gateway and wallet report refused hashes and checksums in a 200 body, as the interface documents.
  const inBodyFailure =
    /"(status|unmappedStatus)"\s*:\s*"(failure|FAILURE)"|"statusCode"\s*:\s*"E(?!000")\d+"/;
  if (!refused && failureInBody && status === 200) refused = inBodyFailure.test(body);
  keep.push(
    refused
      ? { check: "negative_rejected", ok: true }
      : {
          check: "negative_rejected",
          ok: false,
          expected: `a documented 4xx (${[...op.responses.keys()].filter((s) => s.startsWith("4")).join(", ") || "none documented"})`,
          actual: `${status}${status < 300 ? " (accepted)" : ""}`,
        },
  );
  return keep;
}

/** Summarises results into counts: a case passes when none of its findings failed (warnings aside). */
export function summarise(target: string, results: CaseResult[], durationMs: number): RunResult {
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
  return { target, results, passed, failed, skipped, warnings, durationMs, checksRun };
}

/**
 * Runs every case and flow against `target`.
 *
 * @example
 * const result = await runSuite(loadSpecSet(), target, { onProgress: (d, t) => process.stderr.write(`${d}/${t}\r`) });
 */
export async function runSuite(specs: SpecSet, target: Target, options: RunOptions = {}): Promise<RunResult> {
  const t0 = performance.now();
  const hosts = options.hosts ?? [...HOSTS];
  const results: CaseResult[] = [];
  const missingFor = (host: Host) => [
    ...(target.urls[host] ? [] : [`PGI_${host.toUpperCase()}_URL`]),
    ...REQUIRED_CREDENTIALS[host].filter((n) => !target.creds[n]),
  ];
  const cases = generateCases(specs).filter((c) => hosts.includes(c.op.host));
  const skippedHosts = new Set<Host>();
  for (const host of hosts) {
    const missing = missingFor(host);
    if (missing.length > 0) {
      skippedHosts.add(host);
      results.push({
        host,
        operation: "*",
        name: "suite",
        findings: [],
        skipped: `${host}: ${missing.join(", ")} not configured`,
      });
    }
  }
  const runnable = cases.filter((c) => !skippedHosts.has(c.op.host));
  let done = 0;
  for (const c of runnable) {
    const req = buildRequest(specs, c.op, target, c.build);
    const ex = await send(req, 15_000, options.fetch);
    const base = checkExchange(specs, c.op, ex, secrets(target));
    const findings =
      c.kind === "negative" ? negativeFindings(c.op, ex, c.failureInBodyAccepted === true, base) : base;
    results.push({
      host: c.op.host,
      operation: c.op.operationId,
      name: c.name,
      findings,
      curl: curlLine(req, target),
    });
    options.onProgress?.(++done, runnable.length, `${c.op.host} ${c.op.operationId}`);
  }
  results.push(
    ...(await runFlows(specs, target, {
      skippedHosts,
      retryWaitMs: options.retryWaitMs ?? 10_000,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    })),
  );
  return summarise(target.name, results, performance.now() - t0);
}
