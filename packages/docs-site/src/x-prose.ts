// Renders the x-pgi-* extensions once, as prose in the descriptions Redoc shows, and removes the raw values.
import { collectExtensions } from "@pgi/specs/x-rules";
import { contractRules, valuePhrase, words } from "./contract-rules.js";
import { type Json, operationsOf } from "./spec-walk.js";

const code = (text: unknown) => `\`${String(text).replace(/`/g, "'")}\``;

/** A list of values, or a table of name to meaning as a bullet list; nested values in words, never JSON. */
function listOf(value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => valuePhrase(v)).join(", ");
  if (value && typeof value === "object")
    return `\n\n${Object.entries(value)
      .map(([k, v]) => `- ${code(k)}: ${typeof v === "string" ? v : valuePhrase(v)}`)
      .join("\n")}`;
  return code(value);
}

/** Prose for one extension other than x-pgi-signature / x-pgi-rule (those become "Contract rules"). */
export function extensionProse(key: string, value: unknown): string {
  switch (key) {
    case "x-pgi-no-token":
      return `**Authentication.** ${String(value)}`;
    case "x-pgi-alias-of":
      return `**Alias of** ${code(value)}.`;
    case "x-pgi-known-codes":
    case "x-pgi-codes":
      return `**Known codes:** ${listOf(value)}`;
    case "x-pgi-known-values":
      return `**Known values:** ${listOf(value)}`;
    case "x-pgi-scopes":
      return `**Scopes:** ${listOf(value)}`;
    case "x-pgi-callback-urls":
      return `**Posted to:** ${listOf(value)}`;
    case "x-pgi-known-name-fragments": {
      const v = (value ?? {}) as { description?: string; fragments?: unknown[]; example?: string };
      const example = v.example ? ` (for example ${code(v.example)})` : "";
      return `**Name fragments.** ${v.description ?? ""} ${listOf(v.fragments ?? [])}${example}`;
    }
    case "x-pgi-refusal":
      return ""; // a marker for the mock; the response's description already says what it is
    default:
      return `**${words(key.replace(/^x-pgi-/, ""))}:** ${listOf(value)}`;
  }
}

function appendDescription(node: Json, text: string): void {
  if (text === "") return;
  const current = typeof node.description === "string" ? node.description : "";
  node.description = current ? `${current}\n\n${text}` : text;
}

/** Adds prose for every non-rule x-pgi-* extension to its own node's description; removes every x-pgi-*. */
function proseInPlace(node: unknown, seen: Set<unknown>): void {
  if (!node || typeof node !== "object" || seen.has(node)) return;
  seen.add(node);
  const record = node as Json;
  for (const [key, value] of Object.entries(record)) {
    if (key.startsWith("x-pgi-")) {
      if (key !== "x-pgi-signature" && key !== "x-pgi-rule")
        appendDescription(record, extensionProse(key, value));
      delete record[key];
    } else proseInPlace(value, seen);
  }
}

interface HostExtension {
  baseUrlName?: string;
  configuration?: { name: string; description: string; secret: boolean; suite: string }[];
}

/** The host's configuration names (x-pgi-host) as a "Configuration" section of the API description. */
function configurationSection(doc: Json): void {
  const host = doc["x-pgi-host"] as HostExtension | undefined;
  delete doc["x-pgi-host"];
  const info = doc.info as Json | undefined;
  if (!host || !info) return;
  const rows = [
    `| ${code(host.baseUrlName)} | the host's base URL | no | yes |`,
    ...(host.configuration ?? []).map(
      (c) =>
        `| ${code(c.name)} | ${c.description} | ${c.secret ? "yes, never printed" : "no"} | ${c.suite === "required" ? "yes" : "no"} |`,
    ),
  ];
  appendDescription(
    info,
    `## Configuration\n\nThe toolkit (client, conformance suite, proxy, examples) reads these names from the environment or a config file.\n\n| name | what it holds | secret | needed by the suite |\n|---|---|---|---|\n${rows.join("\n")}`,
  );
}

/**
 * Rewrites a bundled document for Redoc: each operation's signature recipes and rules as a "Contract rules"
 * section of its description, every other x-pgi-* as prose beside the field it describes, and no raw x-pgi-*
 * left for Redoc to print as JSON.
 *
 * @example
 * const forRedoc = extensionsAsProse(structuredClone(doc));
 */
export function extensionsAsProse(doc: Json): Json {
  const rules = new Map<Json, string>();
  for (const { op } of operationsOf(doc)) rules.set(op, contractRules(collectExtensions(doc, op)));
  for (const [op, text] of rules)
    op.description = `${typeof op.description === "string" ? op.description : ""}${text}`;
  configurationSection(doc);
  proseInPlace(doc, new Set());
  return doc;
}
