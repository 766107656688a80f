// `pgi-conformance [--target env | --config FILE]`: runs the suite and reports it.
import { embeddedMock, targetFromFile, targetFromNames } from "../config/targets.js";
import { UsageError } from "../errors.js";
import type { Host, Target } from "../model/target.js";
import { loadSpecSet } from "../spec/spec-set.js";
import { runSuite } from "../suite/runner.js";
import type { CommandIo } from "./io.js";
import { type Reporter, writeReport } from "./report-output.js";

/** What the suite command was asked. */
export interface SuiteArgs {
  target?: "env" | "mock" | undefined;
  config?: string | undefined;
  hosts?: Host[] | undefined;
  reporter: Reporter;
  out?: string | undefined;
  verbose: boolean;
}

/** Progress on stderr: at most every 100 ms, cleared at the end. */
function progress(io: CommandIo) {
  let last = 0;
  return (done: number, total: number, label: string) => {
    const now = Date.now();
    if (now - last < 100 && done < total) return;
    last = now;
    io.progress(done === total ? "" : `  ${done}/${total} ${label}`);
  };
}

async function resolveTarget(
  args: SuiteArgs,
  io: CommandIo,
): Promise<{ target: Target; close: () => Promise<void> }> {
  if (args.config) return { target: await targetFromFile(args.config), close: async () => {} };
  if (args.target === "env")
    return { target: targetFromNames("the hosts of the environment", io.env), close: async () => {} };
  const mock = await embeddedMock();
  return { target: mock.target, close: mock.close };
}

/**
 * Runs the suite; resolves with the exit code (0 all passed, 1 a check failed, 2 nothing checked or misuse).
 *
 * @example
 * process.exitCode = await runSuiteCommand({ reporter: "terminal", verbose: false }, processIo());
 */
export async function runSuiteCommand(args: SuiteArgs, io: CommandIo): Promise<number> {
  let resolved: { target: Target; close: () => Promise<void> };
  try {
    resolved = await resolveTarget(args, io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`pgi-conformance: ${error.message}`);
    return 2;
  }
  try {
    const result = await runSuite(loadSpecSet(), resolved.target, {
      onProgress: progress(io),
      ...(args.hosts ? { hosts: args.hosts } : {}),
    });
    if (result.passed + result.failed === 0) {
      const why =
        result.skippedHosts?.map((s) => `${s.host}: ${s.reason}`).join("; ") ||
        "no case or flow ran for this selection";
      io.err(
        `pgi-conformance: nothing was checked (${why}); set those PGI_* names, or run without --target/--config for the embedded mock`,
      );
      return 2;
    }
    await writeReport(io, result, args);
    return result.failed > 0 ? 1 : 0;
  } finally {
    await resolved.close();
  }
}
