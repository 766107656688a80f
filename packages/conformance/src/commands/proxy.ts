// `pgi-conformance proxy`: parses the command line, starts the proxy, prints each exchange, and reports on SIGINT/SIGTERM.

import { writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { baseUrlName, HOSTS, recipeSecret } from "../config/configuration.js";
import { embeddedMock, targetFromFile, targetFromNames } from "../config/targets.js";
import { UsageError } from "../errors.js";
import { invokedAs } from "../invoked-as.js";
import type { Host, Target } from "../model/target.js";
import { DEFAULT_LIMITS } from "../proxy/limits.js";
import { masker } from "../proxy/mask.js";
import { exchangeLines, report, runResult, summary } from "../proxy/output.js";
import { type RunningProxy, startProxy } from "../proxy/server.js";
import { openSession, type Session } from "../proxy/session.js";
import { loadSpecSet, type SpecSet } from "../spec/spec-set.js";
import { type ProxyOptions, parseProxyOptions } from "./proxy-options.js";

/** The proxy's help, with the command written as the user invoked it. */
export const proxyHelp = (
  cmd: string,
) => `pgi-conformance proxy: a contract proxy between your service and the gateway's hosts

Usage:
  ${cmd} proxy [--target env | --config FILE] [--port-base N] [--har FILE] [--enforce]
                         [--reporter json|junit --out FILE] [limits]

Listens on 127.0.0.1, ports N..N+6 (default 4110) for ${HOSTS.join(", ")}, in that order. Point
your service's PGI_<HOST>_URL variables at those ports: every request is forwarded unchanged to the
configured host and its answer back, and both are checked against the contract (parameters, bodies,
answers, and every hash, checksum and signature recomputed with the configured secrets).

Options:
  --target env           forward to the hosts and credentials of the PGI_* variables
  --config FILE          forward to the hosts and credentials of a JSON file keyed by the same names
                         (neither: start the embedded mock and forward to it)
  --port-base N          first port (default 4110); 0 gives each listener a free port
  --har FILE             write the traffic as HAR 1.2 as it passes, secrets masked; complete on exit
                         (${cmd} validate FILE)
  --enforce              answer a request that breaks the contract with the operation's documented
                         400 instead of forwarding it; refuse bodies over 1 MiB with 413
  --reporter NAME        json or junit, written to --out FILE on exit
  --out FILE             where the json or junit report goes
  -h, --help             this help

Limits (a client that breaks one gets an answer from the proxy, and the exchange is reported FAIL):
  --request-timeout S    a request's headers must arrive within S seconds, then its body within S
                         seconds more; else 408 and the connection is closed (default ${DEFAULT_LIMITS.requestTimeoutMs / 1000})
  --body-idle-timeout S  longest pause within a request body, seconds; else 408, closed (default ${DEFAULT_LIMITS.bodyIdleTimeoutMs / 1000})
  --upstream-connections N
                         requests forwarded at once to each host (default ${DEFAULT_LIMITS.upstreamConnections}); more wait
  --queue-timeout S      how long a request waits for one of those, seconds; then 503 (default ${DEFAULT_LIMITS.queueTimeoutMs / 1000});
                         at most ${DEFAULT_LIMITS.queueLimit} wait per host, the next one gets 503 at once
Requests whose body length could be read two ways (Content-Length with Transfer-Encoding, a coding
other than chunked, a body on GET, HEAD, DELETE, OPTIONS or TRACE) get 400 and are never forwarded.

Callbacks: have the host post UPI Collect final responses (surl/furl) to
  http://127.0.0.1:<gateway port>/__proxy/relay?to=<URL-encoded destination>
and merchant status webhooks (register_webhook's webhook_url) to
  https://127.0.0.1:<partner port>/__proxy/relay?to=<URL-encoded destination>
(reachable only by a host that can reach this machine, e.g. the mock): they are checked and passed on.

Output: "ready" once listening, then one line per exchange, "PASS|FAIL host operationId status duration",
each violation indented below it. On SIGINT or SIGTERM: the summary, whose last line is
"N passed, N failed". Exit codes: 0 every exchange passed, 1 one failed, 2 misuse.`;

/** Where the command writes, and what stops it (SIGINT or SIGTERM by default). */
export interface ProxyIo {
  out: (line: string) => void;
  err: (line: string) => void;
  env: Record<string, string | undefined>;
  /** Resolves when the proxy should stop; by default the first SIGINT or SIGTERM. */
  stop?: Promise<unknown>;
}

function signalled(): Promise<string> {
  return new Promise((resolve) => {
    const on = (signal: string) => {
      process.off("SIGINT", on);
      process.off("SIGTERM", on);
      resolve(signal);
    };
    process.on("SIGINT", on);
    process.on("SIGTERM", on);
  });
}

async function resolveTarget(
  p: ProxyOptions,
  env: ProxyIo["env"],
): Promise<{ target: Target; close: () => Promise<void> }> {
  if (p.config) return { target: await targetFromFile(p.config), close: async () => {} };
  if (p.target === "env")
    return { target: targetFromNames("the hosts of the environment", env), close: async () => {} };
  const mock = await embeddedMock();
  return { target: mock.target, close: mock.close };
}

/** What the proxy cannot check with this configuration, one line each. */
function unchecked(target: Target): string[] {
  const lines: string[] = [];
  for (const h of HOSTS)
    if (!target.urls[h]) lines.push(`${h}: ${baseUrlName(h)} not set, its listener answers 502`);
  const unset = (host: Host, kind: "salt" | "signing-secret") =>
    recipeSecret(target.credentials, host, kind) === undefined;
  if (unset("gateway", "salt")) lines.push("gateway hashes: PGI_SALT not set, not recomputed");
  if (unset("wallet", "signing-secret"))
    lines.push("wallet checksums: PGI_WALLET_SECRET not set, not recomputed");
  if (unset("partner", "signing-secret"))
    lines.push("webhook signatures: PGI_WEBHOOK_SECRET not set, not recomputed");
  return lines;
}

const version = (): string => {
  try {
    return (createRequire(import.meta.url)("../../package.json") as { version: string }).version;
  } catch {
    return "0.0.0";
  }
};

/**
 * Runs `pgi-conformance proxy` and resolves with the exit code (0 all passed, 1 one failed, 2 misuse).
 *
 * @example
 * process.exitCode = await runProxyCommand(["--target", "env", "--har", "session.har"], {
 *   out: console.log, err: console.error, env: process.env,
 * });
 */
export async function runProxyCommand(argv: string[], io: ProxyIo, specsIn?: SpecSet): Promise<number> {
  let p: ProxyOptions;
  let resolved: { target: Target; close: () => Promise<void> };
  try {
    p = parseProxyOptions(argv);
    if (p.help) {
      io.out(proxyHelp(invokedAs()));
      return 0;
    }
    resolved = await resolveTarget(p, io.env);
  } catch (error) {
    io.err(`pgi-conformance proxy: ${(error as Error).message}\nRun with --help for usage.`);
    return 2;
  }
  const { target } = resolved;
  const mask = masker(target, { merchantKey: true });
  const specs = specsIn ?? loadSpecSet();
  const t0 = performance.now();
  let session: Session;
  try {
    session = await openSession(target, { har: p.har, report: p.reporter !== undefined, version: version() });
  } catch (error) {
    await resolved.close();
    io.err(`pgi-conformance proxy: ${mask((error as Error).message)}`);
    return 2;
  }
  let proxy: RunningProxy;
  try {
    proxy = await startProxy({
      specs,
      target,
      portBase: p.portBase,
      enforce: p.enforce,
      ...p.limits,
      onExchange: (rec, verdict) => {
        for (const line of exchangeLines(rec, verdict, mask)) io.out(line);
        session.add(rec, verdict);
      },
      onError: (message) => io.err(mask(message)),
    });
  } catch (error) {
    await session.discard();
    await resolved.close();
    io.err(`pgi-conformance proxy: ${mask((error as Error).message)}`);
    return error instanceof UsageError ? 2 : 1;
  }
  io.out(`pgi-conformance proxy in front of ${target.name}${p.enforce ? " (--enforce)" : ""}`);
  for (const h of HOSTS)
    io.out(`  ${h.padEnd(8)} ${proxy.urls[h]} -> ${target.urls[h] ?? "(not configured)"}`);
  for (const line of unchecked(target)) io.err(`  not checked: ${line}`);
  const ports = HOSTS.map((h) => new URL(proxy.urls[h]).port);
  io.out(`ready: listening on 127.0.0.1 ports ${ports.join(", ")} (SIGINT or SIGTERM for the summary)`);

  await (io.stop ?? signalled());
  await proxy.close();
  await resolved.close();
  return finish(p, proxy, session, target, io, performance.now() - t0);
}

/** After the stop: the HAR closed, the report, the summary; resolves with the exit code. */
async function finish(
  p: ProxyOptions,
  proxy: RunningProxy,
  session: Session,
  target: Target,
  io: ProxyIo,
  durationMs: number,
): Promise<number> {
  const mask = masker(target, { merchantKey: true });
  try {
    await session.har?.close();
  } catch (error) {
    io.err(`pgi-conformance proxy: --har ${p.har}: ${mask((error as Error).message)}`);
  }
  try {
    if (session.spool && p.reporter && p.out) {
      const run = runResult(target.name, await session.spool.drain(), durationMs);
      await writeFile(p.out, report(run, p.reporter, mask));
      io.out(`${p.reporter} report written to ${p.out}`);
    }
  } catch (error) {
    io.err(`pgi-conformance proxy: ${mask((error as Error).message)}`);
  }
  const { tally } = session;
  for (const line of summary(tally, target.name, {
    control: proxy.control,
    ...(p.har ? { har: p.har } : {}),
  }))
    io.out(line);
  return tally.failed > 0 ? 1 : 0;
}
