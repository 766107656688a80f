// explain(): the exact pre-image with the secret masked, and a diagnosis of why a received digest differs.
import { bodyText, type CanonicalEntry, canonicalString, entriesFromObject } from "./canonical.js";
import { constantTimeEqual, decodeReceived, digestBytes, digestHex } from "./digest.js";
import { SigningError } from "./errors.js";
import { formula } from "./formula.js";
import type { SchemeId } from "./generated/recipes.js";
import { checkFields, checkSecret, type Fields, resolveParts, serialiseJsonFields } from "./joined.js";
import { joinedTrials } from "./joined-trials/index.js";
import { maskSecret } from "./mask.js";
import type { Algorithm } from "./recipe-types.js";
import { getScheme } from "./registry.js";
import { canonicalForm, entries as webhookEntries } from "./schemes/webhook-signature.js";
import type { Trial } from "./trial-types.js";
import { webhookTrials } from "./webhook-trials.js";

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
  /** Number of distinct alternative constructions tried (each gives another digest). */
  readonly tried: number;
  /** True when the work bound stopped the trials before every construction was tried (very long values). */
  readonly bounded: boolean;
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

/** At most this many constructions per diagnosis (the longest recipe gives about 250). */
const MAX_TRIALS = 600;
/** At most this many characters hashed per diagnosis, so very long JSON values keep the work bounded. */
const MAX_CHARS = 2_000_000;

/** The received hex as bytes when it is whole hex (either case), else undefined: nothing can match it. */
function hexBytes(received: string): Buffer | undefined {
  const bytes = Buffer.from(received, "hex");
  return bytes.length > 0 && bytes.length * 2 === received.length ? bytes : undefined;
}

/**
 * Runs the trials against `received`, most likely first, within the work bound. Constructions that give a digest
 * already seen (the recipe's own, or an earlier trial's) are not counted again; when such a duplicate reproduces
 * the received digest it is kept as another way to describe the same mistake. Each digest is compared with the
 * received one in constant time (as bytes), like the main comparison: the mock and the proxy reach this on every
 * mismatch, so it must not time a matching prefix either.
 */
function diagnose(
  trials: Iterable<Trial>,
  received: string,
  own: string,
  placeholder: string,
): { found: Candidate[]; tried: number; bounded: boolean } {
  const found: Candidate[] = [];
  const wanted = hexBytes(received);
  const seen = new Set<string>([own]);
  let tried = 0;
  let chars = 0;
  for (const trial of trials) {
    if (tried >= MAX_TRIALS || chars + trial.size > MAX_CHARS) return { found, tried, bounded: true };
    chars += trial.size;
    const digest = trial.digest();
    if (wanted && constantTimeEqual(wanted, Buffer.from(digest, "hex"))) {
      found.push({ id: trial.id, description: trial.description, preimage: trial.preimage(placeholder) });
    }
    if (seen.has(digest)) continue;
    seen.add(digest);
    tried++;
  }
  return { found, tried, bounded: false };
}

interface Built {
  readonly algorithm: Algorithm;
  readonly preimage: (secretText: string) => string;
  readonly parts: readonly ExplainedPart[];
  readonly trials: () => Iterable<Trial>;
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
 * `received` differs, which alternative construction reproduces it, naming the fields: amount format,
 * udf6-udf10 layout and empty-slot counts, another recipe, re-serialised JSON, an optional part, two
 * parts swapped, a part left out or hashed empty, an extra separator, reversed order, the secret
 * moved, quoting, double hashing, trimmed whitespace; for webhooks key order, raw body, numbers.
 * The work is bounded (at most 600 constructions and 2 million characters hashed per call).
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
    let malformed = false;
    received = typeof options.received === "string" ? options.received.trim() : "";
    try {
      const bytes = decodeReceived(received, built.algorithm, id, recipe.carrier.name);
      match = constantTimeEqual(bytes, digestBytes(built.algorithm, built.preimage(secret), secret));
      if (received !== received.toLowerCase())
        notes.push("the received digest is uppercase hex; the interface sends lowercase.");
    } catch (error) {
      if (!(error instanceof SigningError)) throw error;
      match = false;
      malformed = true;
      notes.push(error.message);
    }
    // A malformed digest (wrong length, not hex) cannot equal any construction: nothing to try.
    const run =
      match || malformed
        ? { found: [], tried: 0, bounded: false }
        : diagnose(built.trials(), received, digest, placeholder);
    const found = run.found.map((c) => ({
      ...c,
      description: mask(c.description),
      preimage: mask(c.preimage),
    }));
    if (!match && found.length === 0 && (run.tried > 0 || run.bounded)) {
      const what = recipe.secret === "salt" ? "salt" : "signing secret";
      const tried =
        run.tried === 0
          ? "no alternative construction was tried (the values are too long for the work bound)"
          : `none of the ${run.tried} alternative constructions tried reproduces it${run.bounded ? " (stopped at the work bound: the values are very long)" : ""}`;
      notes.push(`${tried}; check the ${what} and each value against what was sent.`);
    }
    diagnosis = { tried: run.tried, bounded: run.bounded, found, notes: notes.map(mask) };
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
