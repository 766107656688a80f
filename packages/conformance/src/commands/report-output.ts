// Writes a run's report: the terminal report on stdout, or a json, junit or html file with the summary line on stdout.
import type { RunResult } from "../model/results.js";
import { htmlReport } from "../report/html.js";
import { jsonReport } from "../report/json.js";
import { junitReport } from "../report/junit.js";
import { summaryLine } from "../report/summary.js";
import { terminalReport } from "../report/terminal.js";
import type { CommandIo } from "./io.js";

/** The reporters of the suite, validate and receiver. */
export const REPORTERS = ["terminal", "json", "junit", "html"] as const;
export type Reporter = (typeof REPORTERS)[number];

/**
 * Writes `result` with `reporter`: to `out` when given (json, junit, html), else to stdout.
 *
 * @example
 * await writeReport(io, result, { reporter: "junit", out: "conformance.xml", verbose: false });
 */
export async function writeReport(
  io: CommandIo,
  result: RunResult,
  options: { reporter: Reporter; out?: string | undefined; verbose: boolean },
): Promise<void> {
  if (options.reporter === "terminal") {
    io.out(terminalReport(result, { color: io.colour, verbose: options.verbose }));
    return;
  }
  const text =
    options.reporter === "json"
      ? jsonReport(result)
      : options.reporter === "junit"
        ? junitReport(result)
        : htmlReport(result);
  if (options.out) {
    await io.writeFile(options.out, text);
    io.out(`${options.reporter} report written to ${options.out}`);
    io.out(summaryLine(result));
  } else {
    io.out(text);
    if (options.reporter !== "json") io.err(summaryLine(result));
  }
}
