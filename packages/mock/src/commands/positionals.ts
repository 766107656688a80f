// Separates a command's positional arguments from its options (and their values), for parseOptions.

import type { OptionTable } from "./parse-options.js";

/**
 * Splits `argv` into options (with their values) and positionals; everything after `--` is positional.
 *
 * @example
 * splitPositionals(["Website status update", "--status", "Approved"], table);
 * // { options: ["--status", "Approved"], positionals: ["Website status update"] }
 */
export function splitPositionals(
  argv: string[],
  table: OptionTable,
): { options: string[]; positionals: string[] } {
  const options: string[] = [];
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--") {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith("-") || arg === "-") {
      positionals.push(arg);
      continue;
    }
    options.push(arg);
    const long = arg.startsWith("--") && !arg.includes("=") ? table[arg.slice(2)] : undefined;
    const short = /^-[^-]$/.test(arg)
      ? Object.values(table).find((s) => s.short === arg.slice(1))
      : undefined;
    if ((long ?? short)?.type === "string" && i + 1 < argv.length) options.push(argv[++i] as string);
  }
  return { options, positionals };
}
