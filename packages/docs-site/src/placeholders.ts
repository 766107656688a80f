// Escapes placeholders in Markdown descriptions so Redoc shows them: `<API_KEY>` is not an HTML tag and
// `{wallet_url}` is a host placeholder, both rendered as code.

/** `<UPPER_CASE>` secrets and `{lower_case}` host placeholders, outside code. */
const PLACEHOLDER = /<[A-Z][A-Z0-9_]*>|\{[a-z][a-z0-9_]*\}/g;

/**
 * Wraps placeholders that sit outside code spans and fenced blocks in backticks.
 *
 * @example
 * escapePlaceholders("the merchant key (the interface's <API_KEY>) at {wallet_url}")
 * // => "the merchant key (the interface's `<API_KEY>`) at `{wallet_url}`"
 */
export function escapePlaceholders(markdown: string): string {
  const out: string[] = [];
  let inFence = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    if (inFence || /^\s*(```|~~~)/.test(line)) {
      out.push(line);
      continue;
    }
    // Odd-indexed pieces are inside `code spans`.
    const pieces = line.split("`");
    out.push(pieces.map((p, i) => (i % 2 === 1 ? p : p.replace(PLACEHOLDER, (m) => `\`${m}\``))).join("`"));
  }
  return out.join("\n");
}

/**
 * Applies {@link escapePlaceholders} to every `description` in a document, in place.
 *
 * @example
 * escapeDescriptions(doc);
 */
export function escapeDescriptions(node: unknown, seen = new Set<unknown>()): void {
  if (!node || typeof node !== "object" || seen.has(node)) return;
  seen.add(node);
  const record = node as Record<string, unknown>;
  for (const [key, value] of Object.entries(record)) {
    if (key === "description" && typeof value === "string") record[key] = escapePlaceholders(value);
    else if (key !== "example" && key !== "examples" && key !== "x-codeSamples")
      escapeDescriptions(value, seen);
  }
}
