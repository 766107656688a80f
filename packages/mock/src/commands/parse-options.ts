// Command-line parsing for pgi-mock's commands: node:util parseArgs, with its errors rewritten as one line that
// names the option and the values it takes.
import { parseArgs } from "node:util";
import { CliUsageError } from "./io.js";

/** One option: parseArgs' definition plus what it accepts, for the error message. */
export interface OptionSpec {
  type: "string" | "boolean";
  multiple?: boolean;
  short?: string;
  /** What the value may be, e.g. "an integer 1-65529"; flags take none. */
  valid?: string;
}

export type OptionTable = Readonly<Record<string, OptionSpec>>;

export type ParsedValues = Record<string, string | boolean | string[] | boolean[] | undefined>;

/** The option named in a parseArgs message, e.g. "--port-base" from "Option '--port-base <value>' argument missing". */
function optionIn(message: string): string | undefined {
  return /'(-{1,2}[^'\s]+)/.exec(message)?.[1];
}

function longName(table: OptionTable, flag: string): string | undefined {
  if (flag.startsWith("--")) return flag.slice(2);
  return Object.entries(table).find(([, spec]) => spec.short === flag.slice(1))?.[0];
}

/**
 * Parses `argv` against `table` (strict: no unknown option, no positional argument); a problem becomes a
 * CliUsageError whose message is one line naming the option and its valid values.
 *
 * @example
 * parseOptions(["--port-base", "5010"], { "port-base": { type: "string", valid: "an integer 1-65529" } });
 * // { "port-base": "5010" }
 * parseOptions(["--nope"], table); // throws CliUsageError("unknown option --nope; valid options: --port-base")
 */
export function parseOptions(argv: string[], table: OptionTable, positionalHint?: string): ParsedValues {
  const options = Object.fromEntries(
    Object.entries(table).map(([name, spec]) => [
      name,
      {
        type: spec.type,
        ...(spec.multiple ? { multiple: true } : {}),
        ...(spec.short ? { short: spec.short } : {}),
      },
    ]),
  );
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values as ParsedValues;
  } catch (error) {
    throw new CliUsageError(explain(error as NodeJS.ErrnoException, table, positionalHint));
  }
}

function explain(error: NodeJS.ErrnoException, table: OptionTable, positionalHint?: string): string {
  const all = Object.keys(table)
    .map((n) => `--${n}`)
    .join(", ");
  const flag = optionIn(error.message);
  const name = flag ? longName(table, flag) : undefined;
  const spec = name ? table[name] : undefined;
  switch (error.code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
      return `unknown option ${flag ?? "?"}; valid options: ${all}`;
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE":
      if (spec?.type === "boolean") return `--${name} takes no value`;
      return /ambiguous/.test(error.message)
        ? `--${name ?? flag} needs a value: ${spec?.valid ?? "see --help"} (write --${name ?? flag}=VALUE for a value starting with -)`
        : `--${name ?? flag} needs a value: ${spec?.valid ?? "see --help"}`;
    case "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL": {
      const arg = /'([^']*)'/.exec(error.message)?.[1] ?? "";
      return `unexpected argument "${arg}"${positionalHint ? `; ${positionalHint}` : ""}`;
    }
    default:
      return error.message.split("\n")[0] ?? "bad arguments";
  }
}
