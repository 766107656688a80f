// What a pgi-mock command may touch of its process: output, environment, signals; injected so tests run it in-process.

/** The process as a command sees it. */
export interface CliIo {
  /** Writes text as is (no newline added). */
  stdout(text: string): void;
  stderr(text: string): void;
  env: Readonly<Record<string, string | undefined>>;
  /** Whether stdout is a terminal (colour, tables). */
  isTTY: boolean;
  /** Calls `handler` on SIGINT, SIGTERM or SIGHUP until the returned function is called. */
  onSignal(handler: (signal: NodeJS.Signals) => void): () => void;
}

/** Signals a command stops on (serve) or forwards (exec). */
export const STOP_SIGNALS: readonly NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];

/**
 * The real process's I/O.
 *
 * @example
 * const code = await main(process.argv.slice(2), processIo());
 */
export function processIo(): CliIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    isTTY: Boolean(process.stdout.isTTY),
    onSignal(handler) {
      for (const s of STOP_SIGNALS) process.on(s, handler);
      return () => {
        for (const s of STOP_SIGNALS) process.off(s, handler);
      };
    },
  };
}

/** The command as the user typed it: `pnpm mock` from this repository's root script, else the binary's name. */
export function invokedAs(env: CliIo["env"]): string {
  return env.npm_package_name === "pgi" && env.npm_lifecycle_event === "mock" ? "pnpm mock" : "pgi-mock";
}

/** Base class of pgi-mock's command-line errors. */
export class MockCliError extends Error {
  override readonly name: string = "MockCliError";
}

/** Misuse (exit 2): an unknown option, a bad value, a missing command. The message is one line. */
export class CliUsageError extends MockCliError {
  override readonly name: string = "CliUsageError";
}

/** The mock could not start (exit 2): a port in use, an unreadable bundle. */
export class MockStartError extends MockCliError {
  override readonly name: string = "MockStartError";
}

/** The command given to `pgi-mock exec` could not be started (exit 2): not found, not executable. */
export class CommandStartError extends MockCliError {
  override readonly name = "CommandStartError";
}

/**
 * Prints a command's failure as the one line the CLI promises and returns the misuse exit code.
 *
 * @example
 * return failWith(io, "pgi-mock exec", error); // "pgi-mock exec: --port-base x: an integer 1-65529 (run with --help)"
 */
export function failWith(io: CliIo, command: string, error: unknown): 2 {
  const message = error instanceof Error ? error.message : String(error);
  const hint = error instanceof CliUsageError ? " (see --help)" : "";
  io.stderr(`${command}: ${message.replace(/\s*\n\s*/g, " ")}${hint}\n`);
  return 2;
}
