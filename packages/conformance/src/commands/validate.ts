// `pgi-conformance validate FILE.har`: checks recorded traffic offline and reports it.
import { targetFromFile, targetFromNames } from "../config/targets.js";
import { UsageError } from "../errors.js";
import { validateHar } from "../har/validate-har.js";
import { loadSpecSet } from "../spec/spec-set.js";
import type { CommandIo } from "./io.js";
import { type Reporter, writeReport } from "./report-output.js";

/**
 * Validates `file`; resolves with the exit code (0 every entry passed, 1 one failed, 2 misuse).
 *
 * @example
 * process.exitCode = await validateCommand("session.har", { reporter: "terminal", verbose: false }, processIo());
 */
export async function validateCommand(
  file: string,
  args: { config?: string | undefined; reporter: Reporter; out?: string | undefined; verbose: boolean },
  io: CommandIo,
): Promise<number> {
  try {
    const target = args.config ? await targetFromFile(args.config) : targetFromNames("environment", io.env);
    const result = await validateHar(loadSpecSet(), file, target);
    await writeReport(io, result, args);
    return result.failed > 0 ? 1 : 0;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`pgi-conformance: ${error.message}`);
    return 2;
  }
}
