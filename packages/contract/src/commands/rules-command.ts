// `pgi-contract rules`: lists every diff rule with its severity and family (the ids --allow takes).
import { ALL_RULES } from "../diff/rules/index.js";
import type { CliIo } from "./io.js";

/**
 * Prints the rules as a table, or JSON with `--json`; returns the exit code.
 *
 * @example
 * runRules([], processIo());
 */
export function runRules(args: string[], io: CliIo): number {
  if (args.includes("--json")) {
    io.stdout.write(`${JSON.stringify(ALL_RULES, null, 2)}\n`);
    return 0;
  }
  const width = Math.max(...ALL_RULES.map((r) => r.id.length));
  const lines = ALL_RULES.map(
    (r) => `${r.id.padEnd(width)}  ${r.severity.padEnd(13)}  ${r.family.padEnd(13)}  ${r.summary}`,
  );
  io.stdout.write(`${lines.join("\n")}\n`);
  return 0;
}
