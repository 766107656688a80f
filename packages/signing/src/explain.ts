// explain(): the exact pre-image with the secret masked, and a diagnosis of why a received digest differs.
import { bodyText, type CanonicalEntry, canonicalString, entriesFromObject } from "./canonical.js";
import { constantTimeEqual, decodeReceived, digestBytes, digestHex } from "./digest.js";
import { SigningError } from "./errors.js";
import { formula } from "./formula.js";
import type { SchemeId } from "./generated/recipes.js";
import { checkFields, checkSecret, type Fields, resolveParts, serialiseJsonFields } from "./joined.js";
import { maskSecret } from "./mask.js";
import type { Algorithm } from "./recipe-types.js";
import { getScheme } from "./registry.js";
import { canonicalForm, entries as webhookEntries } from "./schemes/webhook-signature.js";
import { joinedTrials, type Trial, webhookTrials } from "./trials.js";

/** Options of {@link explain}. */
export interface ExplainOptions {
  /** The salt or signing secret (used to compute, never shown). */
  readonly secret: string;
  /** A received digest to compare with and, when it differs, to diagnose. */
  readonly received?: string | null | undefined;
}

/** One named part of the pre-image (the secret shown as a placeholder). */
export interface ExplainedPart {
  readonly name: string;
  readonly value: string;
  /** False for an optional part left out because it is absent or empty. */
  readonly included: boolean;
}

/** An alternative construction that was tried. */
export interface Candidate {
  readonly id: string;
  readonly description: string;
  /** Its pre-image, secret masked. */
  readonly preimage: string;
}

/** Result of comparing the received digest with alternative constructions. */
export interface Diagnosis {
  /** Number of alternative constructions tried. */
  readonly tried: number;
  /** Constructions that reproduce the received digest (usually zero or one). */
  readonly found: readonly Candidate[];
  /** Extra observations (uppercase hex, malformed digest...). */
  readonly notes: readonly string[];
}

/** Structured explanation; `format()` renders it as text. Contains no secret. */
export interface Explanation {
  readonly scheme: SchemeId;
  readonly title: string;
  readonly algorithm: Algorithm;
  readonly formula: string;
  /** The exact pre-image with the secret masked. */
  readonly preimage: string;
  readonly parts: readonly ExplainedPart[];
  /** The digest computed from the fields, lowercase hex. */
  readonly digest: string;
  readonly received?: string;
  /** Whether `received` equals `digest` (compared as bytes, so uppercase hex matches). */
  readonly match?: boolean;
  readonly diagnosis?: Diagnosis;
  /** Text rendering; `color` adds ANSI colours. */
  format(options?: { readonly color?: boolean }): string;
}

const MAX_TRIALS = 64;

/** The received hex as bytes when it is whole hex (either case), else undefined: nothing can match it. */
function hexBytes(received: string): Buffer | undefined {
  const bytes = Buffer.from(received, "hex");
  return bytes.length > 0 && bytes.length * 2 === received.length ? bytes : undefined;
}

/**
 * Runs the trials against `received` (bounded) and collects the ones that reproduce it. Each trial's digest is
 * compared with the received one in constant time (as bytes), like the main comparison: the explanation is reached
 * on every mismatch by the mock and the proxy, so it must not time a matching prefix either.
 */
function diagnose(trials: readonly Trial[], received: string, placeholder: string): Candidate[] {
  const found: Candidate[] = [];
  const wanted = hexBytes(received);
  if (!wanted) return found;
  for (const trial of trials.slice(0, MAX_TRIALS)) {
    if (constantTimeEqual(wanted, Buffer.from(trial.digest(), "hex"))) {
      found.push({ id: trial.id, description: trial.description, preimage: trial.preimage(placeholder) });
    }
  }
  return found;
}

interface Built {
  readonly algorithm: Algorithm;
  readonly preimage: (secretText: string) => string;
  readonly parts: readonly ExplainedPart[];
  readonly trials: () => Trial[];
}

function buildJoined(scheme: SchemeId, fields: unknown, secret: string, placeholder: string): Built {
  const module = getScheme<SchemeId>(scheme);
  if (!("plan" in module)) throw new TypeError(`${scheme} is not a joined scheme`);
  const plan = module.plan;
  checkFields(scheme, fields);
  const sent = serialiseJsonFields(plan, fields);
  const resolved = resolveParts(plan, sent, secret);
  const preimage = (s: string) =>
    resolved
      .filter((p) => p.included)
      .map((p) => plan.quote + (p.kind === "secret" ? s : p.value) + plan.quote)
      .join(plan.join);
  return {
    algorithm: plan.algorithm,
    preimage,
    parts: resolved.map((p) => ({
      name: p.name,
      value: p.kind === "secret" ? placeholder : p.value,
      included: p.included,
    })),
    trials: () => joinedTrials(plan, resolved, sent as Fields, secret),
  };
}

function buildWebhook(fields: unknown, secret: string): Built {
  const isRaw = typeof fields === "string" || fields instanceof Uint8Array;
  const list: CanonicalEntry[] = isRaw
    ? webhookEntries(fields)
    : entriesFromObject("webhook-signature", checkObject(fields));
  const canonical = isRaw ? canonicalForm(fields) : canonicalString("webhook-signature", list);
  const raw = isRaw ? bodyText("webhook-signature", fields) : undefined;
  return {
    algorithm: "hmac-sha256",
    preimage: () => canonical,
    parts: [...list]
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .map((e) => ({ name: e.key, value: e.value, included: true })),
    trials: () => webhookTrials(list, raw, secret),
  };
}

function checkObject(fields: unknown): { readonly [key: string]: unknown } {
  checkFields("webhook-signature", fields);
  return fields;
}

/**
 * Explains a signature: the exact pre-image (secret masked), its parts, the digest, and, when
 * `received` differs, which cheap alternative construction reproduces it (udf slot count, amount
 * format, re-serialised JSON, key order, wrong scheme, missing optional field, unquoted values,
 * double hashing, trimmed whitespace...).
 *
 * @example
 * const e = explain("payment-request", fields, { secret: salt, received: fields.hash });
 * if (!e.match) console.error(e.format());
 */
export function explain(scheme: SchemeId | string, fields: unknown, options: ExplainOptions): Explanation {
  const module = getScheme<SchemeId>(scheme);
  const id: SchemeId = module.id;
  const recipe = module.recipe;
  const secret = options.secret;
  checkSecret({ scheme: id, secretKind: recipe.secret }, secret);
  const placeholder = recipe.secret === "salt" ? "<SALT>" : "<SIGNING_SECRET>";
  const built =
    id === "webhook-signature" ? buildWebhook(fields, secret) : buildJoined(id, fields, secret, placeholder);
  const mask = (text: string) => maskSecret(text, secret);
  const digest = digestHex(built.algorithm, built.preimage(secret), secret);

  let received: string | undefined;
  let match: boolean | undefined;
  let diagnosis: Diagnosis | undefined;
  if (options.received !== undefined) {
    const notes: string[] = [];
    received = typeof options.received === "string" ? options.received.trim() : "";
    try {
      const bytes = decodeReceived(received, built.algorithm, id, recipe.carrier.name);
      match = constantTimeEqual(bytes, digestBytes(built.algorithm, built.preimage(secret), secret));
      if (received !== received.toLowerCase())
        notes.push("the received digest is uppercase hex; the interface sends lowercase.");
    } catch (error) {
      if (!(error instanceof SigningError)) throw error;
      match = false;
      notes.push(error.message);
    }
    const trials = match ? [] : built.trials();
    const found = match
      ? []
      : diagnose(trials, received, placeholder).map((c) => ({
          ...c,
          description: mask(c.description),
          preimage: mask(c.preimage),
        }));
    if (!match && found.length === 0) {
      notes.push(
        `none of the ${Math.min(trials.length, MAX_TRIALS)} alternative constructions tried reproduces it; check the ${recipe.secret === "salt" ? "salt" : "signing secret"} and each value against what was sent.`,
      );
    }
    diagnosis = { tried: Math.min(trials.length, MAX_TRIALS), found, notes: notes.map(mask) };
  }

  const result = {
    scheme: id,
    title: recipe.title,
    algorithm: built.algorithm,
    formula: formula(recipe),
    preimage: mask(built.preimage(placeholder)),
    parts: built.parts.map((p) => ({ ...p, value: mask(p.value) })),
    digest,
    ...(received === undefined ? {} : { received: mask(received), match: match === true }),
    ...(diagnosis ? { diagnosis } : {}),
  };
  return {
    ...result,
    format: (opts?: { readonly color?: boolean }) => mask(render(result, opts?.color === true)),
  };
}

function render(e: Omit<Explanation, "format">, color: boolean): string {
  const paint = (code: string, text: string) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const label = (text: string) => paint("1", text.padEnd(11));
  const width = Math.max(...e.parts.map((p) => p.name.length), 4);
  const lines = [
    `${label("scheme")}${e.scheme} (${e.title})`,
    `${label("formula")}${e.formula}`,
    `${label("pre-image")}${e.preimage}`,
    paint("1", "parts"),
    ...e.parts.map(
      (p) =>
        `  ${p.name.padEnd(width)} = ${JSON.stringify(p.value)}${p.included ? "" : " (left out: absent or empty)"}`,
    ),
    `${label("digest")}${e.digest}`,
  ];
  if (e.received !== undefined) {
    lines.push(`${label("received")}${e.received}`);
    lines.push(`${label("result")}${e.match ? paint("32", "match") : paint("31", "MISMATCH")}`);
  }
  if (e.diagnosis) {
    for (const c of e.diagnosis.found) {
      lines.push(
        `${label("diagnosis")}${paint("33", `the received digest is reproduced when ${c.description}`)}`,
      );
      lines.push(`${label("  input")}${c.preimage}`);
    }
    for (const note of e.diagnosis.notes) lines.push(`${label("note")}${note}`);
    if (e.diagnosis.tried > 0) lines.push(`${label("tried")}${e.diagnosis.tried} alternative constructions`);
  }
  return `${lines.join("\n")}\n`;
}
