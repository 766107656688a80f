// pgi-sign's help: the general text and one scheme's, both generated from the recipes.
import { fieldPolicy } from "./field-policy.js";
import { formula } from "./formula.js";
import { RECIPES, SCHEME_IDS, type SchemeId } from "./generated/recipes.js";
import type { Recipe, SecretKind } from "./recipe-types.js";

/** Where each kind of secret is read from when --secret is not given. */
export const ENV: Readonly<Record<SecretKind, string>> = {
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
  --explain        print the exact pre-image on stderr, secret masked; with --verify, also the diagnosis:
                   which of a few dozen to a few hundred alternative constructions reproduces the digest
                   (amount as 1 / 1.00, udf1-udf5 only, two fields swapped, a field left out, an extra "|",
                   another recipe, ...), naming the fields
  -h, --help       this help; "${command} <scheme> --help" for one scheme's fields

Environment
  PGI_SALT             salt of ${schemesUsing("salt")}
  PGI_SIGNING_SECRET   signing secret of ${schemesUsing("signing-secret")}
  NO_COLOR             no colour on stderr (colour is only used when stderr is a terminal)

Exit codes
  0  digest printed (and --verify matched)
  1  --verify did not match
  2  misuse or bad input: unknown option or scheme, missing option value, invalid JSON, not an object,
     missing or empty field, no secret, malformed --verify digest, no stdin

Examples
  # the digest of a wallet request
  echo '{"amount":"1","cell":"9876543210","merchantname":"m","mid":"M1","msgcode":"1","otp":"123456","tokentype":"1"}' \\
    | ${command} wallet-checksum --secret s

  # why does the gateway refuse my hash? the pre-image, and what reproduces the hash I sent
  PGI_SALT=... ${command} payment-request --explain --verify "$MY_HASH" < request.json

  # check a payment result's hash before trusting it (exit 1 when it does not match)
  PGI_SALT=... ${command} payment-response --verify "$RESULT_HASH" < result.json

  # check a webhook's Authorization header over the raw body
  PGI_SIGNING_SECRET=... ${command} webhook-signature --verify "$AUTHORIZATION" < body.json

  # the fields and rules of one scheme
  ${command} payment-request --help
`;
}

/**
 * The command as the user typed it: `pnpm --silent sign` from this repository's root script, else `pgi-sign`.
 *
 * @example
 * invokedAs({ npm_package_name: "pgi", npm_lifecycle_event: "sign" }); // "pnpm --silent sign"
 */
export function invokedAs(env: { readonly [name: string]: string | undefined } = process.env): string {
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
