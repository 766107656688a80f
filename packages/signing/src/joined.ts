// Interpreter for "joined" recipes: builds the pre-image from the generated parts, join and quote.
import { constantTimeEqual, decodeReceived, digestBytes, digestHex } from "./digest.js";
import { InvalidFieldError, MissingFieldError, MissingSecretError } from "./errors.js";
import { fieldPolicy } from "./field-policy.js";
import { PREIMAGE_BUILDERS } from "./generated/recipes.js";
import { SALT_PLACEHOLDER, SIGNING_SECRET_PLACEHOLDER } from "./mask.js";
import type { Algorithm, PreimageBuilder, Recipe, SecretKind } from "./recipe-types.js";

/** A value accepted for a recipe field: strings as sent, numbers (String(n)), or an object for JSON-in-form fields. */
export type FieldInput = string | number | bigint | null | undefined | { readonly [key: string]: unknown };

/** The fields of a request or response, keyed by their wire names (extra keys are ignored). */
export type Fields = { readonly [name: string]: unknown };

/** What `sign` returns: the digest and the fields exactly as they were hashed (JSON-in-form objects as strings). */
export interface SignResult {
  /** Lowercase hex digest to send in the recipe's carrier (`hash`, `checksum`, ...). */
  readonly digest: string;
  /** The fields to send: the input, with any JSON-in-form object replaced by the exact string hashed. */
  readonly fields: Fields;
}

const FIELD = 0;
const OPTIONAL = 1;
const SECRET = 2;
const EMPTY = 3;

/** One precompiled part of a joined pre-image. */
interface Slot {
  readonly kind: 0 | 1 | 2 | 3;
  readonly name: string;
  readonly nonEmpty: boolean;
  readonly missingAsEmpty: boolean;
  readonly json: boolean;
}

/** A joined recipe, precompiled once per module so the per-call path only concatenates. */
export interface JoinedPlan {
  readonly recipe: Recipe;
  readonly scheme: string;
  readonly algorithm: Algorithm;
  readonly secretKind: SecretKind;
  readonly join: string;
  readonly quote: string;
  readonly slots: readonly Slot[];
  readonly jsonFields: readonly string[];
  readonly carrier: string;
  readonly placeholder: string;
  /** Generated straight-line builder of this recipe (undefined: the interpreter is used). */
  readonly fast: PreimageBuilder | undefined;
  /** Conversion of a value that is not a non-empty string, for slot `index` (used by `fast`). */
  readonly slow: (index: number, value: unknown) => string;
}

/**
 * Precompiles a joined recipe (parts, policies, separators).
 *
 * @example
 * const plan = compileJoined(RECIPES["wallet-checksum"]);
 */
export function compileJoined(recipe: Recipe): JoinedPlan {
  if (recipe.format !== "joined") throw new Error(`${recipe.id} is not a joined recipe`);
  const slots: Slot[] = recipe.parts.map((part) => {
    if (part.kind === "secret")
      return { kind: SECRET, name: "$secret", nonEmpty: true, missingAsEmpty: false, json: false };
    if (part.kind === "empty")
      return { kind: EMPTY, name: "$empty", nonEmpty: false, missingAsEmpty: true, json: false };
    const policy = fieldPolicy(recipe, part.name);
    return { kind: part.kind === "field" ? FIELD : OPTIONAL, name: part.name, ...policy };
  });
  const plan: JoinedPlan = {
    recipe,
    scheme: recipe.id,
    algorithm: recipe.algorithm,
    secretKind: recipe.secret,
    join: recipe.join,
    quote: recipe.quote,
    slots,
    jsonFields: slots.filter((s) => s.json && (s.kind === FIELD || s.kind === OPTIONAL)).map((s) => s.name),
    carrier: recipe.carrier.name,
    placeholder: recipe.secret === "salt" ? SALT_PLACEHOLDER : SIGNING_SECRET_PLACEHOLDER,
    fast: PREIMAGE_BUILDERS[recipe.id],
    slow: (index, value) => {
      if (value === "" && emptyOk[index]) return "";
      if ((value === undefined || value === null) && missingOk[index]) return "";
      return toValue(plan, slots[index]!, value);
    },
  };
  const emptyOk = slots.map((slot) => !slot.nonEmpty);
  const missingOk = slots.map((slot) => slot.missingAsEmpty);
  return plan;
}

/**
 * Throws {@link MissingSecretError} unless `secret` is a non-empty string.
 *
 * @example
 * checkSecret(plan, process.env.PGI_SALT);
 */
export function checkSecret(
  plan: { scheme: string; secretKind: SecretKind },
  secret: unknown,
): asserts secret is string {
  if (typeof secret !== "string" || secret === "") throw new MissingSecretError(plan.scheme, plan.secretKind);
}

/**
 * Throws {@link InvalidFieldError} unless `fields` is a plain object.
 *
 * @example
 * checkFields("payment-request", JSON.parse(body));
 */
export function checkFields(scheme: string, fields: unknown): asserts fields is Fields {
  if (fields === null || typeof fields !== "object" || Array.isArray(fields)) {
    throw new InvalidFieldError(scheme, undefined, "fields must be an object of field name to value.");
  }
}

/** Slow path of value conversion: everything that is not a non-empty string. */
function toValue(plan: JoinedPlan, slot: Slot, raw: unknown): string {
  switch (typeof raw) {
    case "string":
      if (slot.nonEmpty && slot.kind === FIELD) throw new MissingFieldError(plan.scheme, slot.name, "empty");
      return raw;
    case "number":
      if (!Number.isFinite(raw))
        throw new InvalidFieldError(
          plan.scheme,
          slot.name,
          `is ${raw}; give a finite number or the string sent.`,
        );
      return String(raw);
    case "bigint":
      return raw.toString();
    case "undefined":
      if (slot.missingAsEmpty) return "";
      throw new MissingFieldError(plan.scheme, slot.name, "missing", !slot.nonEmpty);
    case "object":
      if (raw === null) {
        if (slot.missingAsEmpty) return "";
        throw new MissingFieldError(plan.scheme, slot.name, "null", !slot.nonEmpty);
      }
      if (slot.json) return JSON.stringify(raw);
      throw new InvalidFieldError(
        plan.scheme,
        slot.name,
        "is an object; give the string or number exactly as sent.",
      );
    default:
      throw new InvalidFieldError(
        plan.scheme,
        slot.name,
        `is a ${typeof raw}; give the string or number exactly as sent.`,
      );
  }
}

/**
 * Replaces JSON-in-form objects by their single JSON.stringify serialisation. Returns `fields` itself
 * when there is nothing to serialise, so the caller can send exactly what was hashed.
 *
 * @example
 * serialiseJsonFields(plan, { authentication_info: { a: 1 } }).authentication_info // => '{"a":1}'
 */
export function serialiseJsonFields(plan: JoinedPlan, fields: Fields): Fields {
  let copy: Record<string, unknown> | undefined;
  for (const name of plan.jsonFields) {
    const raw = fields[name];
    if (raw !== null && typeof raw === "object") {
      copy ??= { ...fields };
      copy[name] = JSON.stringify(raw);
    }
  }
  return copy ?? fields;
}

/**
 * The exact pre-image (secret included: never print it, see explain()). Uses the generated
 * straight-line builder of the recipe when there is one, else {@link interpretPreimage}.
 *
 * @example
 * buildPreimage(plan, { amount: "1", cell: "9876543210", ... }, secret)
 */
export function buildPreimage(plan: JoinedPlan, fields: Fields, secret: string): string {
  return plan.fast === undefined
    ? interpretPreimage(plan, fields, secret)
    : plan.fast(fields, secret, plan.slow);
}

/**
 * The pre-image built by walking the recipe's parts (the reference the generated builders must agree with).
 *
 * @example
 * interpretPreimage(plan, fields, secret) === buildPreimage(plan, fields, secret) // => true
 */
export function interpretPreimage(plan: JoinedPlan, fields: Fields, secret: string): string {
  const slots = plan.slots;
  const join = plan.join;
  const quote = plan.quote;
  let out = "";
  let started = false;
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i]!;
    let value: string;
    if (slot.kind === FIELD) {
      const raw = fields[slot.name];
      value = typeof raw === "string" && raw !== "" ? raw : toValue(plan, slot, raw);
    } else if (slot.kind === SECRET) {
      value = secret;
    } else if (slot.kind === EMPTY) {
      value = "";
    } else {
      const raw = fields[slot.name];
      if (raw === undefined || raw === null || raw === "") continue;
      value = typeof raw === "string" ? raw : toValue(plan, slot, raw);
    }
    if (started) out += join;
    else started = true;
    out += quote === "" ? value : quote + value + quote;
  }
  return out;
}

/**
 * sign() for any joined recipe: checks, serialises JSON-in-form objects once, hashes.
 *
 * @example
 * signJoined(compileJoined(RECIPES["wallet-checksum"]), fields, secret).digest
 */
export function signJoined(plan: JoinedPlan, fields: Fields, secret: string): SignResult {
  checkSecret(plan, secret);
  checkFields(plan.scheme, fields);
  const sent = plan.jsonFields.length === 0 ? fields : serialiseJsonFields(plan, fields);
  return { digest: digestHex(plan.algorithm, buildPreimage(plan, sent, secret), secret), fields: sent };
}

/**
 * verify() for any joined recipe: format checks, then a constant-time comparison of decoded bytes.
 *
 * @example
 * verifyJoined(plan, result, result.hash, salt) // => true | false
 */
export function verifyJoined(
  plan: JoinedPlan,
  fields: Fields,
  received: string | null | undefined,
  secret: string,
): boolean {
  checkSecret(plan, secret);
  checkFields(plan.scheme, fields);
  for (const name of plan.jsonFields) {
    const raw = fields[name];
    if (raw !== null && typeof raw === "object") {
      throw new InvalidFieldError(
        plan.scheme,
        name,
        "is an object; verify needs the exact JSON string received, because a re-serialisation may differ from the bytes that were hashed.",
      );
    }
  }
  const got = decodeReceived(received, plan.algorithm, plan.scheme, plan.carrier);
  return constantTimeEqual(digestBytes(plan.algorithm, buildPreimage(plan, fields, secret), secret), got);
}

/** One resolved part of a pre-image, for explain(). */
export interface ResolvedPart {
  /** Field name, `$secret` or `$empty`. */
  readonly name: string;
  readonly kind: "field" | "optional" | "secret" | "empty";
  /** The value as hashed (the real secret for `$secret`: mask before showing). */
  readonly value: string;
  /** False for an optional part left out because absent or empty. */
  readonly included: boolean;
}

const KIND_NAMES = ["field", "optional", "secret", "empty"] as const;

/**
 * Resolves every part of the recipe (slow path for explain(); same rules as buildPreimage).
 *
 * @example
 * resolveParts(plan, fields, salt).map((p) => p.name)
 */
export function resolveParts(plan: JoinedPlan, fields: Fields, secret: string): ResolvedPart[] {
  return plan.slots.map((slot) => {
    const kind = KIND_NAMES[slot.kind];
    if (slot.kind === SECRET) return { name: slot.name, kind, value: secret, included: true };
    if (slot.kind === EMPTY) return { name: slot.name, kind, value: "", included: true };
    const raw = fields[slot.name];
    if (slot.kind === OPTIONAL && (raw === undefined || raw === null || raw === "")) {
      return { name: slot.name, kind, value: "", included: false };
    }
    const value = typeof raw === "string" && raw !== "" ? raw : toValue(plan, slot, raw);
    return { name: slot.name, kind, value, included: true };
  });
}

/**
 * Joins resolved parts with a separator and quote (included parts only).
 *
 * @example
 * joinParts([{ value: "a", included: true }, { value: "b", included: true }], "|", "") // => "a|b"
 */
export function joinParts(
  parts: readonly { readonly value: string; readonly included: boolean }[],
  join: string,
  quote: string,
): string {
  return parts
    .filter((p) => p.included)
    .map((p) => quote + p.value + quote)
    .join(join);
}
