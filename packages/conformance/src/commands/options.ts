// Command-line parsing shared by the commands: node:util parseArgs with one-line errors that name the option and
// what it takes, and the checks of values every command shares.
import { type ParseArgsConfig, parseArgs } from "node:util";
import { HOSTS } from "../config/configuration.js";
import { UsageError } from "../errors.js";
import type { Host } from "../model/target.js";

type Options = NonNullable<ParseArgsConfig["options"]>;

const flag = (name: string, o: Options[string]) => `--${name}${o.type === "string" ? " VALUE" : ""}`;

/** Node's parse error as one line naming the option and the options there are. */
function usageOf(error: Error & { code?: string }, options: Options): UsageError {
  const known = Object.entries(options)
    .map(([n, o]) => flag(n, o))
    .join(", ");
  const option = /'([^']+)'/.exec(error.message)?.[1] ?? /"([^"]+)"/.exec(error.message)?.[1];
  switch (error.code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
      return new UsageError(`unknown option ${option ?? "(unnamed)"}; the options are ${known}`);
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE": {
      const name = /--([\w-]+)/.exec(option ?? "")?.[1] ?? "";
      return new UsageError(
        options[name]?.type === "string" ? `--${name} needs a value` : `--${name} takes no value`,
      );
    }
    case "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL":
      return new UsageError(`unexpected argument ${option ?? ""}; this command takes none`);
    default:
      return new UsageError(error.message.split("\n")[0] ?? "bad arguments");
  }
}

/**
 * parseArgs, with each of its errors turned into a one-line {@link UsageError}.
 *
 * @example
 * const { values, positionals } = parseCommandLine(argv, { out: { type: "string" } }, true);
 */
export function parseCommandLine<O extends Options>(
  argv: string[],
  options: O,
  allowPositionals = false,
): ReturnType<typeof parseArgs<{ args: string[]; options: O; allowPositionals: boolean; strict: true }>> {
  try {
    return parseArgs({ args: argv, options, allowPositionals, strict: true });
  } catch (error) {
    throw usageOf(error as Error & { code?: string }, options);
  }
}

/** The hosts of `--host` flags, each checked; all hosts when none is given. */
export function selectedHosts(values: string[] | undefined): Host[] | undefined {
  for (const h of values ?? [])
    if (!(HOSTS as readonly string[]).includes(h))
      throw new UsageError(`--host ${h}: unknown host; the hosts are ${HOSTS.join(", ")}`);
  return values?.length ? (values as Host[]) : undefined;
}

/** A value that must be one of `allowed`. */
export function oneOf<T extends string>(
  option: string,
  value: string | undefined,
  allowed: readonly T[],
): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value))
    throw new UsageError(`--${option} ${value}: use one of ${allowed.join(", ")}`);
  return value as T;
}
