// Where a command reads its environment and writes its output: the process's by default, injected by tests.
import { writeFile } from "node:fs/promises";

/** What a command handler reads and writes. */
export interface CommandIo {
  /** One line (or block) of output on stdout. */
  out(text: string): void;
  /** One line (or block) of diagnostics on stderr. */
  err(text: string): void;
  /** Progress on stderr, rewritten in place; a no-op when stderr is not a terminal. */
  progress(text: string): void;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Whether stdout takes colour (a terminal, and NO_COLOR unset). */
  readonly colour: boolean;
  writeFile(path: string, text: string): Promise<void>;
}

/**
 * The process's streams and environment.
 *
 * @example
 * process.exitCode = await main(process.argv.slice(2), processIo());
 */
export function processIo(): CommandIo {
  const tty = Boolean(process.stderr.isTTY);
  return {
    out: (text) => console.log(text),
    err: (text) => console.error(text),
    progress: (text) => {
      if (tty) process.stderr.write(text ? `\r\x1b[2K${text}` : "\r\x1b[2K");
    },
    env: process.env,
    colour: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
    writeFile: (path, text) => writeFile(path, text),
  };
}
