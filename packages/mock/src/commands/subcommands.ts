// The registry of pgi-mock's subcommands (`pgi-mock <name> ...`): one module per command, listed here once.
import { exec } from "./exec.js";
import type { CliIo } from "./io.js";
import { resend } from "./resend.js";
import { trigger } from "./trigger.js";

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
  {
    name: "trigger",
    usage: 'trigger "EVENT KIND" [options] | trigger --list',
    summary: "fire a merchant status webhook on a running mock and follow its delivery",
    run: trigger,
  },
  {
    name: "resend",
    usage: "resend DELIVERY-ID [options]",
    summary: "deliver a webhook of a running mock's log again",
    run: resend,
  },
];
