// pgi-conformance: the command line. It only reads the arguments and hands them to a command: the suite
// (commands/run-suite.ts), validate (commands/validate.ts), the proxy (commands/proxy.ts) or the receiver grader
// (commands/receiver.ts).

import { suiteHelp } from "./commands/help.js";
import { type CommandIo, processIo } from "./commands/io.js";
import { oneOf, parseCommandLine, selectedHosts } from "./commands/options.js";
import { runProxyCommand } from "./commands/proxy.js";
import { receiverCommand } from "./commands/receiver.js";
import { REPORTERS } from "./commands/report-output.js";
import { runSuiteCommand } from "./commands/run-suite.js";
import { validateCommand } from "./commands/validate.js";
import { UsageError } from "./errors.js";
import { invokedAs } from "./invoked-as.js";

const OPTIONS = {
  target: { type: "string" },
  config: { type: "string" },
  host: { type: "string", multiple: true },
  reporter: { type: "string", default: "terminal" },
  out: { type: "string" },
  verbose: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

function parse(argv: string[]) {
  const { values, positionals } = parseCommandLine(argv, OPTIONS, true);
  const reporter = oneOf("reporter", values.reporter, REPORTERS) ?? "terminal";
  const target = oneOf("target", values.target, ["env", "mock"] as const);
  if (target === "env" && values.config) throw new UsageError("--target env and --config exclude each other");
  const hosts = selectedHosts(values.host);
  return {
    positionals,
    help: values.help === true,
    args: {
      target,
      config: values.config,
      hosts,
      reporter,
      out: values.out,
      verbose: values.verbose === true,
    },
  };
}

/**
 * Runs the CLI and resolves with the exit code.
 *
 * @example
 * process.exitCode = await main(process.argv.slice(2));
 */
export async function main(argv: string[], io: CommandIo = processIo()): Promise<number> {
  if (argv[0] === "proxy") return runProxyCommand(argv.slice(1), { out: io.out, err: io.err, env: io.env });
  if (argv[0] === "receiver") return receiverCommand(argv.slice(1), io, invokedAs(io.env));
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
    if (parsed.help) {
      io.out(suiteHelp(invokedAs(io.env)));
      return 0;
    }
    const [command, ...rest] = parsed.positionals;
    if (command === "validate" && rest.length !== 1) throw new UsageError("validate takes one HAR file");
    if (command !== undefined && command !== "validate")
      throw new UsageError(`unknown command ${command}; the commands are validate, proxy and receiver`);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`pgi-conformance: ${error.message}\nRun with --help for usage.`);
    return 2;
  }
  const [command, file] = parsed.positionals;
  if (command === "validate") return validateCommand(file as string, parsed.args, io);
  return runSuiteCommand(parsed.args, io);
}
