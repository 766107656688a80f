// The "Contract rules" section of an operation: its signature recipes and interface rules written as prose
// (no extension names, no JSON), from the recipes of @pgi/signing and the rules in the bundle.
import { formula, isSchemeId, RECIPES } from "@pgi/signing";

const code = (text: unknown) => `\`${String(text).replace(/`/g, "'")}\``;

/**
 * A camelCase key in words: `answerWithinSeconds` -> "answer within seconds".
 *
 * @example
 * words("maxExecutionAttempts") // => "max execution attempts"
 */
export function words(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[-_]+/g, " ")
    .toLowerCase();
}

/** One object of a rule (a condition, a time window) as a phrase. */
function objectPhrase(object: Record<string, unknown>): string {
  const parts: string[] = [];
  const { field, ...rest } = object;
  if (field !== undefined) parts.push(code(field));
  for (const [key, value] of Object.entries(rest)) {
    if (key === "nonEmpty" && value === true) parts.push("is not empty");
    else if (value === true) parts.push(words(key));
    else parts.push(`${words(key)} ${valuePhrase(value)}`);
  }
  return parts.join(field !== undefined ? " " : ", ");
}

/**
 * Any rule value as words: scalars in code, lists joined with commas (objects with semicolons), objects as
 * "key value" phrases. Never JSON.
 *
 * @example
 * valuePhrase([{ from: "10:00", to: "13:00" }]) // => "from `10:00`, to `13:00`"
 */
export function valuePhrase(value: unknown): string {
  if (Array.isArray(value)) {
    const objects = value.some((v) => v !== null && typeof v === "object");
    return value.map(valuePhrase).join(objects ? "; " : ", ");
  }
  if (value !== null && typeof value === "object") return objectPhrase(value as Record<string, unknown>);
  if (typeof value === "boolean") return value ? "yes" : "no";
  return code(value);
}

const DIGEST: Readonly<Record<string, string>> = {
  sha512: "SHA-512 of the pre-image (the salt is part of it), lowercase hex",
  "hmac-sha256": "HMAC-SHA256 keyed with the signing secret, lowercase hex",
};

/**
 * A signature recipe in words: what is hashed, how, where the digest goes, how to check it.
 *
 * @example
 * signatureProse({ id: "wallet-checksum" })
 */
export function signatureProse(recipe: { readonly id?: unknown }): string {
  const id = String(recipe.id);
  if (!isSchemeId(id)) throw new Error(`x-pgi-signature names "${id}", which @pgi/signing does not know`);
  const r = RECIPES[id];
  const carrier =
    r.carrier.in === "header" ? `the ${code(r.carrier.name)} header` : `the ${code(r.carrier.name)} field`;
  return [
    `**${r.title}** (recipe ${code(id)})`,
    "",
    `- Digest: ${DIGEST[r.algorithm] ?? r.algorithm}, sent in ${carrier}.`,
    `- Formula: ${code(formula(r))}${r.parts.some((p) => p.kind === "optional") ? " (bracketed parts only when present)" : ""}.`,
    `- ${r.notes}`,
    `- Compute or check it with ${code(`pnpm --silent sign ${id}`)} or \`@pgi/signing\`; when it does not match, the [hash debugger](debugger.html) says why.`,
  ].join("\n");
}

/**
 * An interface rule in words: its description, then each parameter.
 *
 * @example
 * ruleProse({ description: "Retries.", retrySchedule: [3, 9] }) // "**Rule.** Retries.\n\n- retry schedule: `3`, `9`"
 */
export function ruleProse(rule: Record<string, unknown>): string {
  const { description, ...rest } = rule;
  const lines = Object.entries(rest).map(([key, value]) =>
    key === "all" ? `- all of: ${valuePhrase(value)}` : `- ${words(key)}: ${valuePhrase(value)}`,
  );
  const title = `**Rule.** ${String(description ?? "")}`;
  return lines.length === 0 ? title : [title, "", ...lines].join("\n");
}

/**
 * The Markdown section of an operation's signature recipes and rules (empty when it has none).
 *
 * @example
 * contractRules([["x-pgi-signature", { id: "payment-request" }]]) // "\n\n#### Contract rules\n\n**Payment request hash..."
 */
export function contractRules(extensions: readonly (readonly [string, Record<string, unknown>])[]): string {
  if (extensions.length === 0) return "";
  const blocks = extensions.map(([key, value]) =>
    key === "x-pgi-signature" ? signatureProse(value) : ruleProse(value),
  );
  return `\n\n#### Contract rules\n\n${blocks.join("\n\n")}\n`;
}
