// pgi-contract: command-line front end (subcommand dispatch, help, errors and exit codes).
import { runDiff } from "./commands/diff-command.js";
import { runGate } from "./commands/gate-command.js";
import { type CliIo, invokedAs, processIo } from "./commands/io.js";
import { runPostman } from "./commands/postman-command.js";
import { runRules } from "./commands/rules-command.js";
import { ContractError } from "./errors.js";

/**
 * General help text.
 *
 * @example
 * process.stdout.write(helpText("pgi-contract"));
 */
export function helpText(command: string): string {
  return `${command}: the payment gateway interface's contract: diff two versions, write Postman collections.

Usage
  ${command} diff OLD NEW [--format text|markdown|json] [--allow RULE]... [--out FILE]
  ${command} diff --base REF [NEW]
  ${command} postman --out DIR [--host HOST]...
  ${command} rules [--json]          every diff rule id with its severity
  ${command} gate                    the repository's release gate (specs against the last released bundles)
  ${command} <command> --help

Exit codes: 0 success, 1 a failed check (a breaking change, a failed gate), 2 misuse or unreadable input.

Examples
  ${command} diff released/ specs/dist/ --format markdown
  ${command} diff --base main
  ${command} postman --out postman/
`;
}

const COMMANDS = ["diff", "postman", "rules", "gate"];

/**
 * Runs the CLI with `argv` (without node and the script); returns the exit code.
 *
 * @example
 * process.exitCode = await main(process.argv.slice(2));
 */
export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  const command = invokedAs(io.env);
  const [sub, ...rest] = argv;
  try {
    if (sub === undefined || sub === "--help" || sub === "-h" || sub === "help") {
      io.stdout.write(helpText(command));
      return sub === undefined ? 2 : 0;
    }
    if (sub === "diff") return await runDiff(rest, io, command);
    if (sub === "postman") return runPostman(rest, io, command);
    if (sub === "rules") return runRules(rest, io);
    if (sub === "gate") return await runGate(rest, io, command);
    io.stderr.write(`${command}: unknown command "${sub}" (one of ${COMMANDS.join(", ")}; see --help)\n`);
    return 2;
  } catch (error) {
    if (error instanceof ContractError) {
      io.stderr.write(`${command}: ${error.message}\n`);
      return 2;
    }
    if ((error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      io.stderr.write(`${command} ${sub}: ${(error as Error).message} (see ${command} ${sub} --help)\n`);
      return 2;
    }
    throw error;
  }
}
