// The registry of pgi-mock's subcommands (`pgi-mock <name> ...`): one module per command, listed here once.
import { exec } from "./exec.js";
import type { CliIo } from "./io.js";

/** A subcommand: its name, usage and summary (for the help), and its handler. */
export interface Subcommand {
  name: string;
  usage: string;
  summary: string;
  run(argv: string[], io: CliIo): Promise<number>;
}

/** Every subcommand, in the order the help lists them; `pgi-mock` with none of these serves the mock. */
export const SUBCOMMANDS: readonly Subcommand[] = [
  {
    name: "exec",
    usage: "exec [options] -- CMD [ARG...]",
    summary: "start the mock, run CMD with its PGI_* variables, stop the mock",
    run: exec,
  },
];
