// What the partner spec says about the merchant status webhook, read from its bundle: the delivery rule (x-pgi-rule),
// the event kinds and statuses it names (x-pgi-known-values, x-pgi-known-name-fragments) and a documented example.
import { UsageError } from "../errors.js";
import { deref, type SpecSet } from "./spec-set.js";

type Json = Record<string, unknown>;

/** The delivery rule of the merchantStatusUpdate webhook (x-pgi-rule webhook-delivery). */
export interface DeliveryRule {
  expectStatus: number;
  answerWithinSeconds: number;
  /** Seconds after a failed attempt at which the host tries again. */
  retrySchedule: number[];
  /** The payload fields that together identify one event. */
  duplicateKey: string[];
}

/** Everything the receiver grader takes from the contract. */
export interface WebhookContract {
  rule: DeliveryRule;
  /** The event kinds the spec lists by name. */
  eventKinds: string[];
  /** Fragments that name KYC document events, and the spec's example of such a name. */
  kycFragments: string[];
  kycExample: string | undefined;
  /** The status values the spec lists. */
  statuses: string[];
  /** The payload fields, in the order the schema lists them as required. */
  fields: string[];
  /** The documented example payloads (at least one). */
  examples: Json[];
}

const at = (doc: Json, node: unknown, ...path: string[]): Json | undefined => {
  let v: unknown = deref(doc, node);
  for (const key of path) v = v && typeof v === "object" ? deref(doc, (v as Json)[key]) : undefined;
  return v && typeof v === "object" ? (v as Json) : undefined;
};

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];

/** A missing piece of the contract: the bundle is not the one this code reads (a build problem, not misuse). */
function missing(what: string): never {
  throw new UsageError(
    `the partner bundle has no ${what} for the merchantStatusUpdate webhook (rebuild the specs)`,
  );
}

/**
 * Reads the webhook's contract from the partner bundle.
 *
 * @example
 * const { rule, eventKinds } = webhookContract(loadSpecSet());
 * rule.retrySchedule; // [3, 9, 27, 81, 243]
 */
export function webhookContract(specs: SpecSet): WebhookContract {
  const doc = specs.docs.get("partner");
  if (!doc) missing("bundle");
  const post = at(doc, doc.webhooks, "merchantStatusUpdate", "post") ?? missing("webhook operation");
  const rule = at(doc, post["x-pgi-rule"]) ?? missing("x-pgi-rule");
  const schedule = Array.isArray(rule.retrySchedule) ? rule.retrySchedule.map(Number) : [];
  if (typeof rule.answerWithinSeconds !== "number" || schedule.length === 0 || schedule.some(Number.isNaN))
    missing("answerWithinSeconds and retrySchedule in x-pgi-rule");
  const media = at(doc, post.requestBody, "content", "application/json") ?? missing("JSON request body");
  const schema = at(doc, media.schema) ?? missing("payload schema");
  const props = at(doc, schema.properties) ?? missing("payload properties");
  const kinds = at(doc, props.event_name) ?? missing("event_name schema");
  const status = at(doc, props.current_status) ?? missing("current_status schema");
  const fragments = at(doc, kinds["x-pgi-known-name-fragments"]);
  const knownKinds = kinds["x-pgi-known-values"];
  const eventKinds = Array.isArray(knownKinds) ? strings(knownKinds) : Object.keys(knownKinds ?? {});
  const examples = Object.values(at(doc, media.examples) ?? {})
    .map((e) => (deref(doc, e) as Json).value)
    .filter((v): v is Json => v !== null && typeof v === "object" && !Array.isArray(v));
  if (examples.length === 0) missing("example payload");
  if (eventKinds.length === 0) missing("x-pgi-known-values on event_name");
  return {
    rule: {
      expectStatus: typeof rule.expectStatus === "number" ? rule.expectStatus : 200,
      answerWithinSeconds: rule.answerWithinSeconds as number,
      retrySchedule: schedule,
      duplicateKey: strings(rule.duplicateKey),
    },
    eventKinds,
    kycFragments: strings(fragments?.fragments),
    kycExample: typeof fragments?.example === "string" ? fragments.example : undefined,
    statuses: strings(status["x-pgi-known-values"]),
    fields: strings(schema.required),
    examples,
  };
}
