// pgi-mock (no command): serves the mock of every host until Ctrl-C, printing URLs, test credentials and a line
// per request; with --workers N, as N processes on a shared sandbox's Redis.
import pc from "picocolors";
import { credentialsByName, maskedValues, resolveCredentials } from "../core/credentials.js";
import { HOSTS } from "../generated/hosts.js";
import type { SandboxSettings } from "../sandbox-options.js";
import { createRequestLogger } from "../server/request-log.js";
import { startMock } from "../start.js";
import { maskRedisUrl } from "../state/redis/mask-url.js";
import type { HostName, RunningMock } from "../types.js";
import { isWorker, leaveCluster, reportFailure, reportReady, runPrimary } from "../workers.js";
import { type CliIo, CliUsageError, failWith, invokedAs, MockStartError } from "./io.js";
import { MOCK_OPTIONS, MOCK_OPTIONS_HELP, mockStartOptions, sandboxOptions } from "./mock-options.js";
import { type OptionTable, parseOptions } from "./parse-options.js";
import { SUBCOMMANDS } from "./subcommands.js";

const OPTIONS: OptionTable = {
  ...MOCK_OPTIONS,
  quiet: { type: "boolean" },
  "log-format": { type: "string", valid: "text or json" },
  workers: { type: "string", valid: "an integer 1-64 (needs --redis)" },
  help: { type: "boolean", short: "h" },
};

/** The written help of `pgi-mock` (no command). */
export function serveHelp(command: string): string {
  const commands = SUBCOMMANDS.map((c) => `  ${command} ${c.usage}\n      ${c.summary}`).join("\n");
  return `${command}: the mock of all seven hosts of the payment gateway interface, in one process

Usage: ${command} [options]
       ${command} <command> [options] ...

Commands:
${commands}

Options:
${MOCK_OPTIONS_HELP}
  --workers N           serve every port from N processes (node:cluster; needs --redis)
  --quiet               print nothing but errors (no start-up table, no request lines)
  --log-format F        text (default: one line per request, coloured on a terminal unless NO_COLOR is set)
                        or json (one JSON object per line: a "ready" event, then one "request" event each)
  -h, --help            this help (${command} <command> --help for a command's)

Examples:
  ${command}                                  # hosts on 4010-4016; prints URLs and test credentials
  ${command} --port-base 5010 --quiet         # hosts on 5010-5016, nothing printed
  ${command} --time-factor 0.01               # webhook retries 100 times faster (3 s -> 30 ms)
  ${command} --log-format json > requests.log # one JSON object per request
  ${command} exec -- node first-call.mjs      # start, run a program against it, stop
  ${command} --redis redis://127.0.0.1:6379 --namespace team-a             # a shared sandbox instance
  ${command} --redis redis://127.0.0.1:6379 --namespace ci-1234 --workers 2 # another one, on 2 cores

Each request line has the time, host, method, path, status, verdict (valid, invalid, refused, unrouted,
control for /__mock/ calls, error for a bug in the mock) and the violations or hint. Credentials that differ from
the built-in test defaults are shown as <set from NAME>, here and in GET /__mock/credentials.

Every port answers GET /__mock/health; GET /__mock/ lists the control API.

Shared sandbox: every instance started on the same Redis and namespace (on any machine) acts as one mock, and the
state survives restarts. While Redis cannot be reached every call is answered 503 (Retry-After); the mock
reconnects by itself.

Exit codes: 0 after a clean shutdown (Ctrl-C), 2 on misuse, when a port is in use or when Redis cannot be reached.`;
}

/** What the start-up table shows: the URLs, the credentials (masked), the store. */
interface Ready {
  urls: Record<HostName, string>;
  shown: Record<string, string>;
  sandbox: SandboxSettings;
}

/** The start-up table (text) or `ready` event (json): URLs and credentials, non-default values masked. */
function printReady(io: CliIo, ready: Ready, format: "text" | "json", color: boolean): void {
  const { urls, shown, sandbox } = ready;
  const line = (s = "") => io.stdout(`${s}\n`);
  const store = sandbox.redis
    ? {
        redis: maskRedisUrl(sandbox.redis.url),
        namespace: sandbox.redis.namespace ?? "default",
        workers: sandbox.workers,
      }
    : undefined;
  if (format === "json") {
    line(JSON.stringify({ event: "ready", urls, credentials: shown, ...(store ? { store } : {}) }));
    return;
  }
  const b = (s: string) => (color ? pc.bold(s) : s);
  line(b("pgi-mock: all hosts are up"));
  if (store) {
    const workers = store.workers > 1 ? `, ${store.workers} workers` : "";
    line(`shared sandbox: namespace ${store.namespace} on ${store.redis}${workers}`);
  }
  line();
  line(`${b("host".padEnd(10))} ${b("base URL".padEnd(28))} variable`);
  for (const h of HOSTS) line(`${h.id.padEnd(10)} ${urls[h.id].padEnd(28)} ${h.baseUrlName}`);
  line();
  line(b("test credentials (export them, or fetch GET /__mock/credentials):"));
  for (const [name, value] of Object.entries(shown)) line(`  ${name}=${value}`);
  line();
  line(`control API: GET ${urls.otp}/__mock/ (on every port). Ctrl-C stops.`);
}

/**
 * Serves the mock until SIGINT, SIGTERM or SIGHUP; resolves with the exit code (0, or 2 on misuse).
 *
 * @example
 * process.exitCode = await serve(["--port-base", "5010"], processIo());
 */
export async function serve(argv: string[], io: CliIo): Promise<number> {
  const command = invokedAs(io.env);
  let values: ReturnType<typeof parseOptions>;
  let start: Awaited<ReturnType<typeof mockStartOptions>>;
  let sandbox: SandboxSettings;
  try {
    values = parseOptions(
      argv,
      OPTIONS,
      `commands: ${SUBCOMMANDS.map((c) => c.name).join(", ")}; ${command} takes options only`,
    );
    if (values.help) {
      io.stdout(`${serveHelp(command)}\n`);
      return 0;
    }
    const logFormat = values["log-format"];
    if (logFormat !== undefined && logFormat !== "text" && logFormat !== "json")
      throw new CliUsageError(`--log-format ${logFormat}: use text or json`);
    start = await mockStartOptions(values, io.env);
    sandbox = await sandboxOptions(values, io.env);
  } catch (error) {
    return failWith(io, command, error);
  }
  const format = values["log-format"] === "json" ? "json" : "text";
  const color = io.isTTY && !io.env.NO_COLOR;
  const write = (line: string) => io.stdout(`${line}\n`);
  const secrets = maskedValues(resolveCredentials(start.credentials));
  const onRequest = values.quiet ? undefined : createRequestLogger({ format, color, write, secrets });
  // Listen for the stop signals before starting, so a Ctrl-C during start-up still stops the mock cleanly.
  let stop: () => void = () => {};
  const stopped = new Promise<void>((resolve) => {
    stop = resolve;
  });
  const unsubscribe = io.onSignal(() => stop());
  if (sandbox.workers > 1 && !isWorker()) {
    // The primary only supervises; the workers run this same command line.
    const shown = credentialsByName(resolveCredentials(start.credentials), true);
    const code = await runPrimary({
      workers: sandbox.workers,
      onReady: (urls) => {
        if (!values.quiet) printReady(io, { urls, shown, sandbox }, format, color);
      },
      error: (line) => io.stderr(`${line}\n`),
      stop: stopped,
    });
    unsubscribe();
    return code;
  }
  // Losing and regaining the shared store is worth a line on stderr, even with --quiet.
  const storeEvents = (line: string) => {
    if (/ store-(lost|reconnected) /.test(line)) io.stderr(`${command}: ${line}\n`);
  };
  let mock: RunningMock;
  try {
    mock = await startMock({
      ...start,
      ...(onRequest ? { onRequest } : {}),
      ...(start.redis ? { log: storeEvents } : {}),
    });
  } catch (error) {
    unsubscribe();
    if (!isWorker()) return failWith(io, command, new MockStartError((error as Error).message));
    reportFailure(`${command}: ${(error as Error).message}`, 2);
    leaveCluster();
    return 2;
  }
  if (isWorker()) reportReady(mock.urls);
  else if (!values.quiet) {
    printReady(
      io,
      { urls: mock.urls, shown: credentialsByName(mock.credentials, true), sandbox },
      format,
      color,
    );
  }
  await stopped;
  unsubscribe();
  await mock.close();
  leaveCluster();
  return 0;
}
