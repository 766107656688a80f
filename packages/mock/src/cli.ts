// pgi-mock: starts the mock of every host and prints their URLs, test credentials and the control API.
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import pc from "picocolors";
import { CREDENTIAL_ENV, credentialsByName, maskedValues, resolveCredentials } from "./core/credentials.js";
import { type SandboxSettings, sandboxSettings } from "./sandbox-options.js";
import { createRequestLogger } from "./server/request-log.js";
import { DEFAULT_PORTS, startMock } from "./start.js";
import { maskRedisUrl } from "./state/redis/mask-url.js";
import { HOST_NAMES, type HostName, type MockCredentials } from "./types.js";
import { isWorker, leaveCluster, reportFailure, reportReady, runPrimary } from "./workers.js";

/** The command as the user typed it: `pnpm mock` from this repository's root script, else the binary's name. */
function invokedAs(): string {
  const env = process.env;
  return env.npm_package_name === "pgi" && env.npm_lifecycle_event === "mock" ? "pnpm mock" : "pgi-mock";
}

const help = (
  command: string,
) => `pgi-mock: the mock of all seven hosts of the payment gateway interface, in one process

Usage: ${command} [options]

Options:
  --hostname H          interface to listen on (default 127.0.0.1)
  --port-base N         first port; hosts take N..N+6 in the order otp, gateway, wallet, partner,
                        accounts, payout, bbps (default 4010)
  --port HOST=N         port of one host, e.g. --port gateway=5011 (repeatable)
  --time-factor F       real seconds per mock second for webhook retries and callbacks (default 1)
  --credentials FILE    JSON object of test credentials keyed by configuration name (PGI_SALT, ...);
                        PGI_* environment variables are read too
  --redis URL           keep the state in Redis (redis://[:PASSWORD@]HOST:PORT[/DB]): a shared sandbox, where
                        every instance on the same URL and namespace acts as one mock (PGI_MOCK_REDIS_URL)
  --namespace NAME      the sandbox on that Redis: one per team or CI job (PGI_MOCK_NAMESPACE; default "default")
  --idle-expiry D       a namespace unused this long expires: 90s, 30m, 12h, 7d (PGI_MOCK_IDLE_EXPIRY; default 7d)
  --redis-timeout MS    how long a call waits for Redis before its 503 (PGI_MOCK_REDIS_TIMEOUT_MS; default 2000)
  --workers N           serve every port from N processes (node:cluster; needs --redis)
  --quiet               print nothing but errors (no start-up table, no request lines)
  --log-format F        text (default: one line per request, coloured on a terminal unless NO_COLOR is set)
                        or json (one JSON object per line: a "ready" event, then one "request" event each)
  -h, --help            this help

Each request line has the time, host, method, path, status, verdict (valid, invalid, refused, unrouted,
control for /__mock/ calls, error for a bug in the mock) and the violations or hint. Credentials that differ from the built-in test defaults are
shown as <set from NAME>, here and in GET /__mock/credentials.

Every port answers GET /__mock/health; GET /__mock/ lists the control API.

Shared sandbox: start Redis, then as many instances as you like (on any machines) with one namespace:
  ${command} --redis redis://127.0.0.1:6379 --namespace team-a
  ${command} --redis redis://127.0.0.1:6379 --namespace ci-job-1234 --port-base 5010 --workers 2
While Redis cannot be reached every call is answered 503 (Retry-After); the mock reconnects by itself.

Exit codes: 0 after a clean shutdown (Ctrl-C), 2 on misuse or when the mock cannot start (a port in use, Redis
unreachable).`;

class UsageError extends Error {}

function parsePorts(base: string | undefined, entries: string[]): Partial<Record<HostName, number>> {
  const ports: Partial<Record<HostName, number>> = {};
  if (base !== undefined) {
    const n = Number(base);
    if (!Number.isInteger(n) || n < 1 || n > 65_529)
      throw new UsageError(`--port-base: an integer 1-65529, got ${base}`);
    HOST_NAMES.forEach((h, i) => {
      ports[h] = n + i;
    });
  }
  for (const entry of entries) {
    const [host, value] = entry.split("=");
    if (!HOST_NAMES.includes(host as HostName)) {
      throw new UsageError(`--port ${entry}: unknown host; use one of ${HOST_NAMES.join(", ")}`);
    }
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0 || n > 65_535)
      throw new UsageError(`--port ${entry}: port must be 0-65535`);
    ports[host as HostName] = n;
  }
  return ports;
}

async function readCredentials(file: string | undefined): Promise<Partial<MockCredentials>> {
  const byName: Record<string, unknown> = { ...process.env };
  if (file) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(file, "utf8"));
    } catch (error) {
      // Not the parser's message: it can quote the file's text, and the file holds secrets.
      const code = (error as NodeJS.ErrnoException).code;
      throw new UsageError(`--credentials ${file}: ${code ? `cannot read (${code})` : "not valid JSON"}`);
    }
    if (!parsed || typeof parsed !== "object")
      throw new UsageError(`--credentials ${file}: not a JSON object`);
    Object.assign(byName, parsed);
  }
  const out: Record<string, string> = {};
  for (const [field, name] of Object.entries(CREDENTIAL_ENV)) {
    const v = byName[name];
    if (typeof v === "string" && v !== "") out[field] = v;
  }
  return out as Partial<MockCredentials>;
}

/** Runs the CLI; resolves with the exit code once the mock is stopped. */
export async function main(argv: string[]): Promise<number> {
  let values: ReturnType<typeof parse>["values"];
  function parse() {
    return parseArgs({
      args: argv,
      options: {
        hostname: { type: "string" },
        "port-base": { type: "string" },
        port: { type: "string", multiple: true },
        "time-factor": { type: "string" },
        credentials: { type: "string" },
        quiet: { type: "boolean" },
        "log-format": { type: "string" },
        redis: { type: "string" },
        namespace: { type: "string" },
        "idle-expiry": { type: "string" },
        "redis-timeout": { type: "string" },
        workers: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
    });
  }
  let ports: Partial<Record<HostName, number>>;
  let credentials: Partial<MockCredentials>;
  let sandbox: SandboxSettings;
  let timeFactor = 1;
  try {
    values = parse().values;
    if (values.help) {
      console.log(help(invokedAs()));
      return 0;
    }
    ports = { ...DEFAULT_PORTS, ...parsePorts(values["port-base"], values.port ?? []) };
    if (values["time-factor"] !== undefined) {
      timeFactor = Number(values["time-factor"]);
      if (!Number.isFinite(timeFactor) || timeFactor < 0)
        throw new UsageError("--time-factor: a number >= 0");
    }
    if (!["text", "json", undefined].includes(values["log-format"]))
      throw new UsageError(`--log-format ${values["log-format"]}: use text or json`);
    credentials = await readCredentials(values.credentials);
    sandbox = await sandboxSettings(values, process.env);
  } catch (error) {
    console.error(`pgi-mock: ${(error as Error).message}\nRun with --help for usage.`);
    return 2;
  }
  const format = values["log-format"] === "json" ? "json" : "text";
  const color = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
  const write = (line: string) => process.stdout.write(`${line}\n`);
  const secrets = maskedValues(resolveCredentials(credentials));
  const onRequest = values.quiet ? undefined : createRequestLogger({ format, color, write, secrets });
  const stopped = new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  if (sandbox.workers > 1 && !isWorker()) {
    // The primary only supervises; the workers run this same command line.
    const shown = credentialsByName(resolveCredentials(credentials), true);
    return runPrimary({
      workers: sandbox.workers,
      onReady: (urls) => {
        if (!values.quiet) printReady({ urls, shown, sandbox }, format, color);
      },
      error: (line) => console.error(line),
      stop: stopped,
    });
  }
  let mock: Awaited<ReturnType<typeof startMock>>;
  try {
    mock = await startMock({
      ports,
      ...(values.hostname ? { hostname: values.hostname } : {}),
      credentials,
      timeFactor,
      ...(sandbox.redis ? { redis: sandbox.redis } : {}),
      ...(onRequest ? { onRequest } : {}),
      // Losing and regaining the shared store is worth a line even without request lines.
      ...(sandbox.redis ? { log: storeEvents } : {}),
    });
  } catch (error) {
    const message = `pgi-mock: ${(error as Error).message}`;
    if (isWorker()) {
      reportFailure(message, 2);
      leaveCluster();
    } else console.error(message);
    return 2;
  }
  if (isWorker()) reportReady(mock.urls);
  else if (!values.quiet) {
    printReady({ urls: mock.urls, shown: credentialsByName(mock.credentials, true), sandbox }, format, color);
  }
  await stopped;
  await mock.close();
  leaveCluster();
  return 0;
}

/** Prints the store's outage and recovery lines (already masked) on stderr; other log events are not shown. */
function storeEvents(line: string): void {
  if (/ store-(lost|reconnected) /.test(line)) console.error(`pgi-mock: ${line}`);
}

/** The start-up table (text) or `ready` event (json): URLs and credentials, non-default values masked. */
function printReady(
  ready: { urls: Record<HostName, string>; shown: Record<string, string>; sandbox: SandboxSettings },
  format: "text" | "json",
  color: boolean,
): void {
  const { urls, shown, sandbox } = ready;
  const store = sandbox.redis
    ? {
        redis: maskRedisUrl(sandbox.redis.url),
        namespace: sandbox.redis.namespace ?? "default",
        workers: sandbox.workers,
      }
    : undefined;
  if (format === "json") {
    console.log(JSON.stringify({ event: "ready", urls, credentials: shown, ...(store ? { store } : {}) }));
    return;
  }
  const b = (s: string) => (color ? pc.bold(s) : s);
  console.log(b("pgi-mock: all hosts are up"));
  if (store) {
    const workers = store.workers > 1 ? `, ${store.workers} workers` : "";
    console.log(`shared sandbox: namespace ${store.namespace} on ${store.redis}${workers}`);
  }
  console.log("");
  console.log(`${b("host".padEnd(10))} ${b("base URL".padEnd(28))} variable`);
  for (const h of HOST_NAMES) console.log(`${h.padEnd(10)} ${urls[h].padEnd(28)} PGI_${h.toUpperCase()}_URL`);
  console.log("");
  console.log(b("test credentials (export them, or fetch GET /__mock/credentials):"));
  for (const [name, value] of Object.entries(shown)) console.log(`  ${name}=${value}`);
  console.log("");
  console.log(`control API: GET ${urls.otp}/__mock/ (on every port). Ctrl-C stops.`);
}
