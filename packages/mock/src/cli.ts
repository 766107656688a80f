// pgi-mock's entry: picks the command (a subcommand by its name, else serving the mock) and runs its handler.
import { type CliIo, processIo } from "./commands/io.js";
import { serve } from "./commands/serve.js";
import { SUBCOMMANDS } from "./commands/subcommands.js";

/**
 * Runs the CLI; resolves with the exit code once the command is done (serve: once the mock is stopped).
 *
 * @example
 * process.exitCode = await main(process.argv.slice(2));
 */
export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  const sub = SUBCOMMANDS.find((c) => c.name === argv[0]);
  return sub ? sub.run(argv.slice(1), io) : serve(argv, io);
}
