// pgi-sign: command-line front end (argument parsing, stdin, output and exit codes) over the library.
import { bodyText, entriesFromText } from "./canonical.js";
import { ENV, helpText, invokedAs, schemeHelpText } from "./cli-help.js";
import { closest, type ParsedArgs, parseCommandLine, UsageError } from "./cli-options.js";
import { decodeReceived } from "./digest.js";
import { SigningError } from "./errors.js";
import { explain } from "./explain.js";
import { JSON_IN_FORM_FIELDS } from "./field-policy.js";
import { SCHEME_IDS, type SchemeId } from "./generated/recipes.js";
import { maskSecret } from "./mask.js";
import { getScheme, isSchemeId, verify } from "./registry.js";

/** Streams and environment the CLI runs against (process's by default; tests may pass their own). */
export interface CliIo {
  readonly stdin: AsyncIterable<Uint8Array | string> & { readonly isTTY?: boolean };
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown; readonly isTTY?: boolean };
  readonly env: { readonly [name: string]: string | undefined };
}

export { helpText, invokedAs, schemeHelpText } from "./cli-help.js";

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
    const values: ParsedArgs = parseCommandLine(argv);
    const positionals = values.positionals;
    const schemeArg = positionals[0] === "help" ? undefined : positionals[0];
    if (values.help || positionals[0] === "help") {
      if (schemeArg !== undefined && isSchemeId(schemeArg)) io.stdout.write(schemeHelpText(schemeArg));
      else if (schemeArg !== undefined) throw unknownScheme(schemeArg);
      else io.stdout.write(helpText(invokedAs(io.env)));
      return 0;
    }
    if (schemeArg === undefined)
      throw new UsageError(`missing scheme; use one of: ${SCHEME_IDS.join(", ")} (see pgi-sign --help)`);
    if (positionals.length > 1)
      throw new UsageError(`unexpected argument "${positionals[1]}"; the input is read from stdin`);
    if (!isSchemeId(schemeArg)) throw unknownScheme(schemeArg);
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

/** One line for a scheme that does not exist: every valid id, and the closest one. */
function unknownScheme(given: string): UsageError {
  const like = closest(given, SCHEME_IDS);
  return new UsageError(
    `unknown scheme "${given}"${like ? ` (did you mean ${like}?)` : ""}; use one of: ${SCHEME_IDS.join(", ")}`,
  );
}
