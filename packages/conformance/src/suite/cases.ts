// Test cases per operation: every documented request example, and negative requests each breaking one rule.
import type { BuildOptions } from "../requests/build-request.js";
import { requestBody } from "../spec/request-body.js";
import { deref, type Operation, type SpecSet } from "../spec/spec-set.js";

/** One request to send and what it must get. */
export interface Case {
  name: string;
  op: Operation;
  kind: "positive" | "negative";
  build: BuildOptions;
  /** For negative cases: whether an in-body failure on 200 counts as a refusal (bad hash on gateway and wallet). */
  failureInBodyAccepted?: boolean;
}

type Schema = Record<string, unknown>;

/** The schema variant (of a oneOf) the example matches by its required fields. */
function variantFor(specs: SpecSet, op: Operation, schema: Schema, body: Record<string, unknown>): Schema {
  const doc = specs.docs.get(op.host);
  const variants = ((schema.oneOf ?? schema.anyOf ?? []) as unknown[]).map((v) => deref(doc, v)) as Schema[];
  return variants.find((v) => ((v.required ?? []) as string[]).every((k) => k in body)) ?? schema;
}

/** Negative mutations of one example, each breaking exactly one documented rule. */
function negatives(
  specs: SpecSet,
  op: Operation,
  exampleName: string,
  body: Record<string, unknown>,
): Case[] {
  const doc = specs.docs.get(op.host);
  const rb = requestBody(specs, op);
  if (!rb) return [];
  const schema = variantFor(specs, op, rb.schema as Schema, body);
  const props = Object.fromEntries(
    Object.entries((schema.properties ?? {}) as Record<string, unknown>).map(([k, v]) => [
      k,
      deref(doc, v) as Schema,
    ]),
  );
  const required = (schema.required ?? []) as string[];
  const out: Case[] = [];
  const add = (rule: string, mutate: (b: Record<string, unknown>) => void, extra: Partial<Case> = {}) => {
    const b = structuredClone(body);
    mutate(b);
    out.push({ name: `${exampleName}: ${rule}`, op, kind: "negative", build: { body: b }, ...extra });
  };
  const missing = required.find((k) => k !== "hash" && k !== "checksum" && k in body);
  if (missing) add(`missing required ${missing}`, (b) => delete b[missing]);
  const patterned = Object.entries(props).find(
    ([k, p]) => typeof p.pattern === "string" && k in body && k !== "hash" && k !== "checksum",
  );
  if (patterned) add(`${patterned[0]} breaks its pattern`, (b) => (b[patterned[0]] = "!<bad>!"));
  const enumerated = Object.entries(props).find(([k, p]) => Array.isArray(p.enum) && k in body);
  if (enumerated)
    add(`${enumerated[0]} outside its enum`, (b) => (b[enumerated[0]] = "NOT_A_DOCUMENTED_VALUE"));
  const typed = Object.entries(props).find(
    ([k, p]) => (p.type === "integer" || p.type === "number") && k in body,
  );
  if (typed) add(`${typed[0]} of the wrong type`, (b) => (b[typed[0]] = "not-a-number"));
  const stringTyped =
    rb.mediaType.includes("json") && Object.entries(props).find(([k, p]) => p.type === "string" && k in body);
  if (stringTyped) add(`${stringTyped[0]} of the wrong type`, (b) => (b[stringTyped[0]] = 12345));
  const jsonInString = Object.entries(props).find(
    ([k, p]) => p.contentMediaType === "application/json" && typeof body[k] === "string",
  );
  if (jsonInString) add(`${jsonInString[0]} is not JSON`, (b) => (b[jsonInString[0]] = "{not json"));
  const signed = "hash" in body ? "hash" : "checksum" in body ? "checksum" : undefined;
  if (signed) {
    out.push({
      name: `${exampleName}: wrong ${signed}`,
      op,
      kind: "negative",
      build: {
        body: { ...structuredClone(body), [signed]: "0".repeat(signed === "hash" ? 128 : 64) },
        keepHash: true,
      },
      failureInBodyAccepted: true,
    });
  }
  return out;
}

/**
 * Every case of every operation.
 *
 * @example
 * const cases = generateCases(loadSpecSet());
 * cases.filter((c) => c.kind === "negative").length;
 */
export function generateCases(specs: SpecSet): Case[] {
  const out: Case[] = [];
  for (const op of specs.operations) {
    const rb = requestBody(specs, op);
    if (rb && rb.examples.length > 0) {
      for (const [name, value] of rb.examples) {
        out.push({
          name: `example ${name}`,
          op,
          kind: "positive",
          build: { body: value as Record<string, unknown> },
        });
        if (value && typeof value === "object")
          out.push(...negatives(specs, op, name, value as Record<string, unknown>));
      }
    } else if (!rb) {
      out.push({ name: "documented parameters", op, kind: "positive", build: {} });
      const requiredQuery = op.params.find((p) => p.in === "query" && p.required);
      if (requiredQuery) {
        out.push({
          name: `missing required query ${requiredQuery.name}`,
          op,
          kind: "negative",
          build: { omit: [requiredQuery.name] },
        });
      }
    }
    const security = (op.raw.security as Record<string, unknown>[] | undefined) ?? [];
    // An empty alternative ({}) makes credentials optional: leaving them out is then not a violation.
    if (security.length > 0 && security.every((alt) => Object.keys(alt).length > 0)) {
      const example = rb?.examples[0]?.[1] as Record<string, unknown> | undefined;
      out.push({
        name: "missing credentials",
        op,
        kind: "negative",
        build: { ...(example ? { body: example } : {}), withoutSecurity: true },
      });
    }
  }
  return out;
}
