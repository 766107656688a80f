// pgi-mock (no command): serves the mock of every host until Ctrl-C, printing URLs, test credentials and a line
// per request.
import pc from "picocolors";
import { credentialsByName, maskedValues, resolveCredentials } from "../core/credentials.js";
import { HOSTS } from "../generated/hosts.js";
import { createRequestLogger } from "../server/request-log.js";
import { startMock } from "../start.js";
import { HOST_NAMES, type RunningMock } from "../types.js";
import { type CliIo, CliUsageError, failWith, invokedAs, MockStartError } from "./io.js";
import { MOCK_OPTIONS, MOCK_OPTIONS_HELP, mockStartOptions } from "./mock-options.js";
import { type OptionTable, parseOptions } from "./parse-options.js";
import { SUBCOMMANDS } from "./subcommands.js";

const OPTIONS: OptionTable = {
  ...MOCK_OPTIONS,
  quiet: { type: "boolean" },
  "log-format": { type: "string", valid: "text or json" },
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

Each request line has the time, host, method, path, status, verdict (valid, invalid, refused, unrouted,
control for /__mock/ calls, error for a bug in the mock) and the violations or hint. Credentials that differ from
the built-in test defaults are shown as <set from NAME>, here and in GET /__mock/credentials.

Every port answers GET /__mock/health; GET /__mock/ lists the control API.
Exit codes: 0 after a clean shutdown (Ctrl-C), 2 on misuse or when a port is in use.`;
}

/** The start-up table (text) or `ready` event (json): URLs and credentials, non-default values masked. */
function printReady(io: CliIo, mock: RunningMock, format: "text" | "json", color: boolean): void {
  const shown = credentialsByName(mock.credentials, true);
  const line = (s = "") => io.stdout(`${s}\n`);
  if (format === "json") {
    line(JSON.stringify({ event: "ready", urls: mock.urls, credentials: shown }));
    return;
  }
  const b = (s: string) => (color ? pc.bold(s) : s);
  line(b("pgi-mock: all hosts are up"));
  line();
  line(`${b("host".padEnd(10))} ${b("base URL".padEnd(28))} variable`);
  for (const h of HOSTS) line(`${h.id.padEnd(10)} ${mock.urls[h.id].padEnd(28)} ${h.baseUrlName}`);
  line();
  line(b("test credentials (export them, or fetch GET /__mock/credentials):"));
  for (const [name, value] of Object.entries(shown)) line(`  ${name}=${value}`);
  line();
  line(`control API: GET ${mock.urls.otp}/__mock/ (on every port). Ctrl-C stops.`);
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
  let mock: RunningMock;
  try {
    mock = await startMock({ ...start, ...(onRequest ? { onRequest } : {}) });
  } catch (error) {
    unsubscribe();
    return failWith(io, command, new MockStartError((error as Error).message));
  }
  if (!values.quiet) printReady(io, mock, format, color);
  await stopped;
  unsubscribe();
  await mock.close();
  return 0;
}
