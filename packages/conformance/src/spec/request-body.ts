// An operation's request body as the specs document it: media type, schema, named examples, and the signature scheme
// of the schema variant a body fills.
import { deref, type Operation, operationById, type SpecSet } from "./spec-set.js";

type Json = Record<string, unknown>;

/** The request body's media type, schema and named examples (copies: callers may change them). */
export function requestBody(specs: SpecSet, op: Operation) {
  const doc = specs.docs.get(op.host);
  const rb = deref(doc, op.raw.requestBody) as
    | { content?: Record<string, { schema?: unknown; examples?: Record<string, unknown> }> }
    | undefined;
  const [mediaType, media] = Object.entries(rb?.content ?? {})[0] ?? [];
  if (!mediaType || !media) return undefined;
  const examples = Object.entries(media.examples ?? {}).map(
    ([name, ex]) => [name, structuredClone((deref(doc, ex) as { value?: unknown }).value)] as const,
  );
  return { mediaType, schema: deref(doc, media.schema), examples };
}

/**
 * The signature scheme of the request schema variant whose required fields the body has (data from the spec).
 *
 * @example
 * requestScheme(specs, op, { key, txnid, amount, authentication_info, hash }); // "mandate-authorization"
 */
export function requestScheme(specs: SpecSet, op: Operation, body: Json): string | undefined {
  const doc = specs.docs.get(op.host);
  const schema = requestBody(specs, op)?.schema as Json | undefined;
  if (!schema) return undefined;
  const variants = [
    schema,
    ...((schema.oneOf ?? schema.anyOf ?? []) as unknown[]).map((v) => deref(doc, v)),
  ] as Json[];
  for (const v of variants.reverse()) {
    const sig = deref(doc, v["x-pgi-signature"]) as { id?: string } | undefined;
    const required = (v.required ?? []) as string[];
    if (sig?.id && required.every((k) => k in body)) return sig.id;
  }
  return op.signature;
}

/**
 * A copy of the request example of `operationId` at `index` (an empty object when there is none).
 *
 * @example
 * const send = exampleOf(specs, "sendOtp"); // { mobileNumber: "9876543210", … }
 */
export function exampleOf(specs: SpecSet, operationId: string, index = 0): Json {
  const value = requestBody(specs, operationById(specs, operationId))?.examples[index]?.[1];
  return structuredClone((value ?? {}) as Json);
}

/**
 * A copy of the request example of `operationId` named `name`.
 *
 * @example
 * namedExample(specs, "initiateHostedCheckoutPayment", "upiCollect");
 */
export function namedExample(specs: SpecSet, operationId: string, name: string): Json | undefined {
  const found = requestBody(specs, operationById(specs, operationId))?.examples.find(([n]) => n === name);
  return found ? (structuredClone(found[1]) as Json) : undefined;
}

/**
 * Every signature scheme an operation's requests may carry: the operation's own, and those of its body variants.
 *
 * @example
 * signatureSchemes(specs, op); // ["payment-request", "upi-mandate-registration"] for the gateway's _payment
 */
export function signatureSchemes(specs: SpecSet, op: Operation): string[] {
  const doc = specs.docs.get(op.host);
  const schema = requestBody(specs, op)?.schema as Json | undefined;
  const variants = schema
    ? ([schema, ...((schema.oneOf ?? schema.anyOf ?? []) as unknown[]).map((v) => deref(doc, v))] as Json[])
    : [];
  const ids = variants.map((v) => (deref(doc, v["x-pgi-signature"]) as { id?: string } | undefined)?.id);
  return [...new Set([op.signature, ...ids].filter((id): id is string => typeof id === "string"))];
}
