// pgi-mock exec: starts the mock, waits until every host answers its health check, runs a command with the mock's
// PGI_* variables in its environment, passes signals on to it, stops the mock, and exits with the command's code.
import { spawn } from "node:child_process";
import { constants } from "node:os";
import { startMock } from "../start.js";
import type { RunningMock } from "../types.js";
import {
  type CliIo,
  CliUsageError,
  CommandStartError,
  failWith,
  invokedAs,
  MockCliError,
  MockStartError,
} from "./io.js";
import { MOCK_OPTIONS, MOCK_OPTIONS_HELP, mockStartOptions } from "./mock-options.js";
import { type OptionTable, parseOptions } from "./parse-options.js";
import { waitForHealth } from "./wait-for-health.js";

const OPTIONS: OptionTable = {
  ...MOCK_OPTIONS,
  "ready-timeout": { type: "string", valid: "seconds, a number > 0 (default 60)" },
  help: { type: "boolean", short: "h" },
};

/** The written help of `pgi-mock exec`, under the name it was invoked by (`pgi-mock exec` or `pnpm mock exec`). */
export const execHelp = (name: string) => `${name}: start the mock, run a command against it, stop the mock

Usage: ${name} [options] -- CMD [ARG...]

Starts the mock of all seven hosts, waits until every host answers GET /__mock/health, then runs CMD with the
mock's variables added to its environment: PGI_OTP_URL ... PGI_BBPS_URL and the test credentials, under the
names GET /__mock/credentials uses (PGI_SALT, PGI_PAYOUT_TOKEN, ...). Ctrl-C, SIGTERM and SIGHUP are passed on
to CMD. When CMD exits, the mock stops. The mock prints nothing; the output is CMD's own.

Options:
${MOCK_OPTIONS_HELP}
  --ready-timeout S     how long to wait for every host to answer its health check (default 60)
  -h, --help            this help

Examples:
  ${name} -- node first-call.mjs                     # hosts on 4010-4016 while the program runs
  ${name} --port-base 5010 -- npm test               # hosts on 5010-5016; npm test sees PGI_OTP_URL=...:5010
  ${name} -- sh -c 'curl -s "$PGI_PAYOUT_URL/__mock/health"'
  ${name} --time-factor 0.01 -- npx vitest run       # webhook retries 100 times faster

Exit codes: CMD's exit code (128 + N when signal N ended it); 2 on misuse, when a port is in use, when the
hosts are not ready in time, or when CMD cannot be started.`;

/**
 * Splits exec's arguments into its own options and the command: the command starts after `--`, or else at the
 * first argument that is neither an option nor an option's value.
 *
 * @example
 * splitCommand(["--port-base", "5010", "--", "node", "a.mjs"], OPTIONS); // { own: ["--port-base", "5010"], command: ["node", "a.mjs"] }
 * splitCommand(["node", "--version"], OPTIONS); // { own: [], command: ["node", "--version"] }
 */
export function splitCommand(argv: string[], table: OptionTable): { own: string[]; command: string[] } {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--") return { own: argv.slice(0, i), command: argv.slice(i + 1) };
    if (!arg.startsWith("-") || arg === "-") return { own: argv.slice(0, i), command: argv.slice(i) };
    const long = arg.startsWith("--") && !arg.includes("=") ? table[arg.slice(2)] : undefined;
    if (long?.type === "string") i++; // its value
  }
  return { own: argv, command: [] };
}

/** The exit code of a child that ended with `code` or was ended by `signal` (shell convention: 128 + N). */
export function exitCodeOf(code: number | null, signal: NodeJS.Signals | null): number {
  if (code !== null) return code;
  const n = signal ? constants.signals[signal] : undefined;
  return n ? 128 + n : 1;
}

function readyTimeoutMs(value: unknown): number {
  if (value === undefined) return 60_000;
  const s = Number(value);
  if (typeof value !== "string" || value.trim() === "" || !Number.isFinite(s) || s <= 0)
    throw new CliUsageError(`--ready-timeout ${String(value)}: seconds, a number > 0 (default 60)`);
  return s * 1000;
}

/** Runs `command` with `env`, passing stop signals on; resolves with its exit code, rejects if it cannot start. */
function runChild(command: string[], env: Record<string, string | undefined>, io: CliIo): Promise<number> {
  const [file, ...args] = command as [string, ...string[]];
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: "inherit", env });
    const unsubscribe = io.onSignal((signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    });
    child.once("error", (error: NodeJS.ErrnoException) => {
      unsubscribe();
      const why = error.code === "ENOENT" ? "command not found" : (error.code ?? error.message);
      reject(new CommandStartError(`cannot run ${JSON.stringify(file)}: ${why}`));
    });
    child.once("close", (code, signal) => {
      unsubscribe();
      resolve(exitCodeOf(code, signal));
    });
  });
}

/**
 * `pgi-mock exec [options] -- CMD [ARG...]`; resolves with CMD's exit code (2 on misuse or when the mock cannot
 * start or get ready).
 *
 * @example
 * process.exitCode = await exec(["--", "node", "first-call.mjs"], processIo());
 */
export async function exec(argv: string[], io: CliIo): Promise<number> {
  const name = `${invokedAs(io.env)} exec`;
  let start: Awaited<ReturnType<typeof mockStartOptions>>;
  let command: string[];
  let timeoutMs: number;
  try {
    const split = splitCommand(argv, OPTIONS);
    const values = parseOptions(split.own, OPTIONS);
    if (values.help) {
      io.stdout(`${execHelp(name)}\n`);
      return 0;
    }
    command = split.command;
    if (command.length === 0 || command[0] === "")
      throw new CliUsageError(`no command to run; usage: ${name} [options] -- CMD [ARG...]`);
    timeoutMs = readyTimeoutMs(values["ready-timeout"]);
    start = await mockStartOptions(values, io.env);
  } catch (error) {
    return failWith(io, name, error);
  }
  // A stop signal while the mock starts: nothing is run, the mock is stopped, and the code says which signal.
  let early: NodeJS.Signals | undefined;
  const unsubscribe = io.onSignal((signal) => {
    early ??= signal;
  });
  let mock: RunningMock | undefined;
  try {
    mock = await startMock(start);
    await waitForHealth(mock.urls, { timeoutMs, stopped: () => early !== undefined });
    unsubscribe();
    if (early) return exitCodeOf(null, early);
    return await runChild(command, { ...io.env, ...mock.env }, io);
  } catch (error) {
    unsubscribe();
    if (early) return exitCodeOf(null, early);
    return failWith(
      io,
      name,
      error instanceof MockCliError ? error : new MockStartError((error as Error).message),
    );
  } finally {
    await mock?.close();
  }
}
