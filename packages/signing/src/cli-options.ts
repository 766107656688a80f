// pgi-sign's command line: parsed with node:util parseArgs, checked here so every misuse gets one line that names
// the option and what it takes (Node's own messages are long and quote oddly).
import { parseArgs } from "node:util";

/** A problem with the command line or the input: one line on stderr, exit 2. */
export class UsageError extends Error {
  override name = "UsageError";
}

/** The options pgi-sign takes, with what each expects (for the error messages and the help). */
export const OPTIONS = {
  secret: { type: "string", takes: "VALUE", what: "the salt or signing secret" },
  verify: {
    type: "string",
    takes: "HEX",
    what: "the received digest in hex (128 characters for SHA-512, 64 for HMAC)",
  },
  explain: { type: "boolean", takes: "", what: "" },
  help: { type: "boolean", takes: "", what: "", short: "h" },
} as const;

type Name = keyof typeof OPTIONS;

/** What the command line asked for. */
export interface ParsedArgs {
  readonly positionals: readonly string[];
  readonly secret?: string;
  readonly verify?: string;
  readonly explain: boolean;
  readonly help: boolean;
}

const VALID = `valid options: ${(Object.keys(OPTIONS) as Name[])
  .map((n) => `${n === "help" ? "-h/" : ""}--${n}${OPTIONS[n].takes ? ` ${OPTIONS[n].takes}` : ""}`)
  .join(", ")}`;

/** Every way an option is written, to tell an option from a value that starts with "-". */
const OPTION_WORDS = new Set([...Object.keys(OPTIONS).map((n) => `--${n}`), "-h"]);

/**
 * The closest of `candidates` to `word` (the only one it starts, or at most two edits away), for "did you mean".
 *
 * @example
 * closest("paymnet-request", ["payment-request", "payment-response"]) // => "payment-request"
 */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const prefixed = candidates.filter((c) => c.startsWith(word));
  if (prefixed.length === 1 && word.length >= 3) return prefixed[0];
  let best: string | undefined;
  let bestDistance = 3;
  for (const c of candidates) {
    const d = editDistance(word, c);
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

/** The hint after an unknown option: the option it resembles, or where a salt or key goes. */
function unknownHint(name: string): string {
  if (/^(salt|key|signing-?secret|hmac-?secret|webhook-?secret)$/i.test(name))
    return " (the salt or signing secret goes in --secret VALUE, or PGI_SALT / PGI_SIGNING_SECRET)";
  const like = closest(name, Object.keys(OPTIONS));
  return like ? ` (did you mean --${like}?)` : "";
}

/**
 * Parses pgi-sign's arguments; throws {@link UsageError} with one line naming the option and what it takes.
 *
 * @example
 * parseCommandLine(["payment-request", "--verify", hash]).verify // => hash
 */
export function parseCommandLine(argv: readonly string[]): ParsedArgs {
  const { tokens } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: false,
    tokens: true,
    options: {
      secret: { type: "string" },
      verify: { type: "string" },
      explain: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  const positionals: string[] = [];
  const values: { secret?: string; verify?: string; explain: boolean; help: boolean } = {
    explain: false,
    help: false,
  };
  for (const token of tokens) {
    if (token.kind === "positional") positionals.push(token.value);
    if (token.kind !== "option") continue;
    if (!Object.hasOwn(OPTIONS, token.name))
      throw new UsageError(
        `unknown option ${token.rawName}${unknownHint(token.name.replace(/^-+/, ""))}; ${VALID}`,
      );
    const name = token.name as Name;
    const option = OPTIONS[name];
    if (option.type === "boolean") {
      if (token.value !== undefined)
        throw new UsageError(`${token.rawName} takes no value; write ${token.rawName} alone`);
      values[name as "explain" | "help"] = true;
      continue;
    }
    const looksLikeOption = !token.inlineValue && token.value !== undefined && /^-/.test(token.value);
    if (token.value === undefined || looksLikeOption) {
      // Never echo the value: it may be a secret that starts with "-".
      const next = token.value?.split("=")[0] ?? "";
      const got = !looksLikeOption
        ? ""
        : OPTION_WORDS.has(next)
          ? ` (got the option ${next})`
          : " (the next argument starts with -)";
      throw new UsageError(
        `--${name} needs a value: ${option.what}${got}; write --${name} ${option.takes}${name === "secret" ? " (or --secret=VALUE when it starts with -)" : ""}`,
      );
    }
    values[name as "secret" | "verify"] = token.value;
  }
  return { positionals, ...values };
}
