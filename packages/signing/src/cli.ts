// pgi-sign: command-line front end (argument parsing, stdin, output and exit codes) over the library.
import { parseArgs } from "node:util";
import { bodyText, entriesFromText } from "./canonical.js";
import { decodeReceived } from "./digest.js";
import { SigningError } from "./errors.js";
import { explain } from "./explain.js";
import { fieldPolicy, JSON_IN_FORM_FIELDS } from "./field-policy.js";
import { formula } from "./formula.js";
import { RECIPES, SCHEME_IDS, type SchemeId } from "./generated/recipes.js";
import { maskSecret } from "./mask.js";
import type { Recipe, SecretKind } from "./recipe-types.js";
import { getScheme, isSchemeId, verify } from "./registry.js";

/** Streams and environment the CLI runs against (process's by default; tests may pass their own). */
export interface CliIo {
  readonly stdin: AsyncIterable<Uint8Array | string> & { readonly isTTY?: boolean };
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown; readonly isTTY?: boolean };
  readonly env: { readonly [name: string]: string | undefined };
}

/** A problem with the command line or the input: one line on stderr, exit 2. */
class UsageError extends Error {}

const ENV: Readonly<Record<SecretKind, string>> = {
  salt: "PGI_SALT",
  "signing-secret": "PGI_SIGNING_SECRET",
};

function schemesUsing(kind: SecretKind): string {
  return SCHEME_IDS.filter((id) => RECIPES[id].secret === kind).join(", ");
}

/** Field rules of a recipe in words, from the recipe parts and the field policy. */
function fieldRules(recipe: Recipe): string[] {
  const lines: string[] = [];
  for (const part of recipe.parts) {
    if (part.kind !== "field" && part.kind !== "optional") continue;
    const policy = fieldPolicy(recipe, part.name);
    const rule =
      part.kind === "optional"
        ? "optional: included only when present and non-empty"
        : policy.missingAsEmpty
          ? "may be absent or empty (an empty slot)"
          : policy.nonEmpty
            ? "required, non-empty"
            : 'required, may be ""';
    const json = policy.json
      ? "; JSON sent as a string (an object is serialised once with JSON.stringify)"
      : "";
    lines.push(`  ${part.name.padEnd(22)} ${rule}${json}`);
  }
  return lines;
}

/**
 * General help text, generated from the recipes.
 *
 * @example
 * process.stdout.write(helpText());
 */
export function helpText(command = invokedAs()): string {
  const schemes = SCHEME_IDS.flatMap((id) => [
    `  ${id.padEnd(26)} ${RECIPES[id].title}`,
    `      ${formula(RECIPES[id])}`,
  ]);
  return `pgi-sign: compute or check a hash, checksum or webhook signature of the payment gateway interface.

Usage
  ${command} <scheme> [--secret VALUE] [--verify HEX] [--explain] < input.json
  ${command} <scheme> --help
  ${command} --help

Reads ONE JSON object on stdin, the fields exactly as sent (for webhook-signature: the raw webhook
body, read as bytes), and prints the lowercase hex digest alone on stdout. Number literals are kept as
written ("amount": 10.00 hashes as 10.00). authentication_info / si_details are normally strings; given
as objects they are serialised once with JSON.stringify, and stderr says so.

Schemes
${schemes.join("\n")}

Options
  --secret VALUE   salt or signing secret (default: from the environment, see below)
  --verify HEX     compare with a received digest: exit 0 on match, 1 on mismatch (reason on stderr)
  --explain        print the exact pre-image on stderr, secret masked; with --verify, also a diagnosis
  -h, --help       this help; "pgi-sign <scheme> --help" for one scheme's fields

Environment
  PGI_SALT             salt of ${schemesUsing("salt")}
  PGI_SIGNING_SECRET   signing secret of ${schemesUsing("signing-secret")}
  NO_COLOR             no colour on stderr (colour is only used when stderr is a terminal)

Exit codes
  0  digest printed (and --verify matched)
  1  --verify did not match
  2  bad input: invalid JSON, not an object, missing or empty field, unknown scheme, no secret,
     malformed --verify digest, no stdin

Examples
  echo '{"amount":"1","cell":"9876543210","merchantname":"m","mid":"M1","msgcode":"1","otp":"123456","tokentype":"1"}' \\
    | ${command} wallet-checksum --secret s
  PGI_SALT=... ${command} payment-response --verify "$RECEIVED_HASH" --explain < result.json
  PGI_SIGNING_SECRET=... ${command} webhook-signature --verify "$AUTHORIZATION" < body.json
`;
}

/**
 * The command as the user typed it: `pnpm --silent sign` from this repository's root script, else `pgi-sign`.
 *
 * @example
 * invokedAs({ npm_package_name: "pgi", npm_lifecycle_event: "sign" }); // "pnpm --silent sign"
 */
export function invokedAs(env: CliIo["env"] = process.env): string {
  return env.npm_package_name === "pgi" && env.npm_lifecycle_event === "sign"
    ? "pnpm --silent sign"
    : "pgi-sign";
}

/**
 * Help of one scheme: formula, carrier, secret, field rules, notes and an example.
 *
 * @example
 * process.stdout.write(schemeHelpText("payment-request"));
 */
export function schemeHelpText(id: SchemeId): string {
  const recipe = RECIPES[id];
  const names = recipe.parts.flatMap((p) => (p.kind === "field" || p.kind === "optional" ? [p.name] : []));
  const example =
    recipe.format === "joined"
      ? `echo '{${names.map((n) => `"${n}":"..."`).join(",")}}' | pgi-sign ${id}`
      : `pgi-sign ${id} --verify "$AUTHORIZATION" < raw-body.json`;
  const fields =
    recipe.format === "joined"
      ? fieldRules(recipe)
      : [
          "  the whole JSON body: every top-level key sorted by UTF-16 code unit, each key immediately",
          "  followed by its value (strings as they are, integers exactly as written, true/false, null as",
          '  ""); arrays, objects, non-integer numbers and duplicate keys are rejected.',
        ];
  return `pgi-sign ${id}: ${recipe.title}

Formula
  ${formula(recipe)}

Digest       lowercase hex, sent in the ${recipe.carrier.in} as "${recipe.carrier.name}"
Secret       --secret VALUE or ${ENV[recipe.secret]}

Fields
${fields.join("\n")}

Notes
  ${recipe.notes}

Example
  ${example}
`;
}

function defaultIo(): CliIo {
  return { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env };
}

async function readAll(stdin: CliIo["stdin"]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin)
    chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Parses the stdin of a joined scheme: JSON object, number literals kept as written. */
function parseFields(id: SchemeId, text: string, notes: string[]): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`stdin is not valid JSON: ${(error as Error).message}`);
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new UsageError(
      `stdin must be one JSON object of fields, got ${Array.isArray(parsed) ? "an array" : String(parsed === null ? "null" : typeof parsed)}`,
    );
  }
  const fields: Record<string, unknown> = Object.create(null);
  for (const entry of entriesFromText(id, text, true)) {
    if (Object.hasOwn(fields, entry.key))
      throw new UsageError(`field "${entry.key}" appears more than once in stdin`);
    const value = (parsed as Record<string, unknown>)[entry.key];
    fields[entry.key] = entry.type === "integer" || entry.type === "number" ? entry.raw : value;
    if (JSON_IN_FORM_FIELDS.has(entry.key) && value !== null && typeof value === "object") {
      notes.push(
        `note: ${entry.key} was given as an object; the hash covers its JSON.stringify serialisation, so send exactly: ${JSON.stringify(value)}`,
      );
    }
  }
  return fields;
}

/**
 * Runs the CLI and resolves to the exit code (0 ok, 1 --verify mismatch, 2 bad input).
 *
 * @example
 * process.exitCode = await main(process.argv.slice(2));
 */
export async function main(argv: readonly string[], io: CliIo = defaultIo()): Promise<number> {
  const color = io.stderr.isTTY === true && io.env.NO_COLOR === undefined;
  let secret: string | undefined;
  const say = (text: string) => io.stderr.write(`${maskSecret(text, secret)}\n`);
  const fail = (text: string, code: number) => {
    const line = `pgi-sign: ${text.replace(/\s*\n\s*/g, " ")}`;
    say(color ? `\u001b[31m${line}\u001b[0m` : line);
    return code;
  };
  try {
    let parsed: ReturnType<typeof parseOptions>;
    try {
      parsed = parseOptions(argv);
    } catch (error) {
      throw new UsageError(`${(error as Error).message.split("\n")[0]} (see pgi-sign --help)`);
    }
    const { values, positionals } = parsed;
    const schemeArg = positionals[0] === "help" ? undefined : positionals[0];
    if (values.help || positionals[0] === "help") {
      if (schemeArg !== undefined && isSchemeId(schemeArg)) io.stdout.write(schemeHelpText(schemeArg));
      else if (schemeArg !== undefined)
        throw new UsageError(`unknown scheme "${schemeArg}"; use one of: ${SCHEME_IDS.join(", ")}`);
      else io.stdout.write(helpText(invokedAs(io.env)));
      return 0;
    }
    if (schemeArg === undefined)
      throw new UsageError(`missing scheme; use one of: ${SCHEME_IDS.join(", ")} (see pgi-sign --help)`);
    if (positionals.length > 1)
      throw new UsageError(`unexpected argument "${positionals[1]}"; the input is read from stdin`);
    const module = getScheme<SchemeId>(schemeArg);
    const recipe = module.recipe;
    const envName = ENV[recipe.secret];
    secret = values.secret ?? io.env[envName];
    if (secret === undefined || secret === "") {
      const what = recipe.secret === "salt" ? "salt" : "signing secret";
      throw new UsageError(`no ${what}: pass --secret VALUE or set ${envName}`);
    }
    const received = values.verify;
    if (received !== undefined) decodeReceived(received, recipe.algorithm, module.id, "--verify");
    if (io.stdin.isTTY) {
      throw new UsageError(
        `no input: pipe one JSON object on stdin, e.g. pgi-sign ${module.id} < input.json`,
      );
    }
    const bytes = await readAll(io.stdin);
    const text = bodyText(module.id, bytes);
    if (text.trim() === "") throw new UsageError("stdin is empty: pipe one JSON object");

    const notes: string[] = [];
    let digest: string;
    let ok = true;
    let explainInput: unknown = bytes;
    if (module.id === "webhook-signature") {
      digest = module.sign(bytes, secret).digest;
      if (received !== undefined) ok = verify(module.id, bytes, received, secret);
    } else {
      const signed = module.sign(parseFields(module.id, text, notes), secret);
      digest = signed.digest;
      explainInput = signed.fields;
      if (received !== undefined) ok = verify(module.id, signed.fields, received, secret);
    }
    for (const note of notes) say(`pgi-sign: ${note}`);
    io.stdout.write(`${digest}\n`);
    if (values.explain || !ok) {
      const explanation = explain(module.id, explainInput, { secret, received });
      if (values.explain) say(explanation.format({ color }).trimEnd());
      if (!ok) {
        const what = recipe.algorithm === "sha512" ? "hash" : "signature";
        fail(`${what} does not match: --verify gave ${received}, the input gives ${digest}`, 1);
        const found = explanation.diagnosis?.found[0];
        if (!values.explain) {
          say(
            found
              ? `pgi-sign: likely cause: ${found.description} (run with --explain for the pre-image)`
              : "pgi-sign: check the secret and the exact values sent (run with --explain for the pre-image)",
          );
        }
        return 1;
      }
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof SigningError) return fail(error.message, 2);
    return fail(`internal error: ${(error as Error).message ?? String(error)}`, 2);
  }
}

function parseOptions(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      secret: { type: "string" },
      verify: { type: "string" },
      explain: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
}
