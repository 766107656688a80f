// Reads what the Postman collections need from a host's bundle: operations, webhooks and callbacks with their
// parameters, named examples, security, documented statuses and the x-pgi-signature recipes of requests and answers.
import type { SpecDocument, SpecNode } from "../diff/spec-document.js";
import { isObject } from "../diff/values.js";
import { GenerationError } from "../errors.js";
import type { RecipeData } from "./sandbox-types.js";

/** A parameter with the value to send by default. */
export interface SpecParameter {
  readonly name: string;
  readonly in: string;
  readonly required: boolean;
  readonly example: unknown;
  readonly description: string;
}

/** One shape of a request body: a oneOf alternative (or the whole schema) with the named example that fits it. */
export interface BodyShape {
  readonly title: string;
  readonly exampleName: string;
  readonly example: unknown;
  readonly recipe?: RecipeData;
}

/** A named example of an answer. */
export interface AnswerExample {
  readonly status: string;
  readonly name: string;
  readonly mediaType: string;
  readonly value: unknown;
}

/** Where an answer carries a digest: the status, the path of the signed object and its recipe. */
export interface AnswerRecipe {
  readonly status: number;
  readonly path: string[];
  readonly recipe: RecipeData;
}

/** Everything one request of the collection is built from. */
export interface SpecOperation {
  readonly host: string;
  readonly kind: "operation" | "webhook" | "callback";
  readonly method: string;
  readonly path: string;
  readonly operationId: string;
  readonly summary: string;
  readonly description: string;
  readonly parameters: readonly SpecParameter[];
  /** The first security alternative that needs credentials: scheme definition and scopes. */
  readonly security?: { readonly scheme: Record<string, unknown>; readonly scopes: readonly string[] };
  readonly mediaType?: string;
  readonly shapes: readonly BodyShape[];
  readonly successStatuses: readonly number[];
  readonly answerRecipes: readonly AnswerRecipe[];
  readonly answerExamples: readonly AnswerExample[];
}

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options"];

/** The fields of an x-pgi-signature the scripts need. */
export function recipeData(value: unknown): RecipeData | undefined {
  if (!isObject(value)) return undefined;
  const carrier = isObject(value.carrier) ? value.carrier : {};
  return {
    id: String(value.id ?? ""),
    algorithm: String(value.algorithm ?? ""),
    secret: String(value.secret ?? ""),
    output: String(value.output ?? ""),
    carrier: { in: String(carrier.in ?? ""), name: String(carrier.name ?? "") },
    format: String(value.format ?? ""),
    join: String(value.join ?? ""),
    quote: String(value.quote ?? ""),
    parts: Array.isArray(value.parts) ? (value.parts as RecipeData["parts"]) : [],
  };
}

function exampleOf(doc: SpecDocument, node: SpecNode): unknown {
  const v = node.value as Record<string, unknown>;
  if (v.example !== undefined) return v.example;
  const examples = doc.get(node, "examples");
  if (isObject(examples?.value)) {
    const first = Object.keys(examples.value)[0];
    if (first !== undefined)
      return (doc.get(examples, first)?.value as { value?: unknown } | undefined)?.value;
  }
  const schema = doc.get(node, "schema")?.value;
  if (isObject(schema))
    return Array.isArray(schema.examples)
      ? schema.examples[0]
      : (schema.example ?? schema.default ?? (Array.isArray(schema.enum) ? schema.enum[0] : undefined));
  return undefined;
}

function parameters(doc: SpecDocument, pathItem: SpecNode, op: SpecNode): SpecParameter[] {
  const byKey = new Map<string, SpecParameter>();
  for (const owner of [pathItem, op]) {
    const list = doc.child(owner, "parameters");
    if (!list || !Array.isArray(list.value)) continue;
    list.value.forEach((_, i) => {
      const p = doc.get(list, i)!;
      const v = p.value as Record<string, unknown>;
      const param = {
        name: String(v.name),
        in: String(v.in),
        required: v.required === true,
        example: exampleOf(doc, p),
        description: String(v.description ?? ""),
      };
      byKey.set(`${param.in}:${param.name.toLowerCase()}`, param);
    });
  }
  return [...byKey.values()];
}

/** True when `example` has every required field of `schema` and the value of each const. */
function fits(schema: Record<string, unknown>, example: unknown): boolean {
  if (!isObject(example)) return false;
  const required = Array.isArray(schema.required) ? schema.required : [];
  if (!required.every((k) => Object.hasOwn(example, String(k)))) return false;
  const props = isObject(schema.properties) ? schema.properties : {};
  return Object.entries(props).every(
    ([k, p]) => !isObject(p) || !Object.hasOwn(p, "const") || example[k] === p.const,
  );
}

function bodyShapes(doc: SpecDocument, op: SpecNode, media: SpecNode): BodyShape[] {
  const examplesNode = doc.get(media, "examples");
  const examples = isObject(examplesNode?.value)
    ? Object.keys(examplesNode.value).map((name) => ({
        name,
        value: (doc.get(examplesNode!, name)!.value as { value?: unknown }).value,
      }))
    : [];
  const schemaNode = doc.get(media, "schema");
  const schema = isObject(schemaNode?.value) ? schemaNode.value : {};
  const opRecipe = recipeData(doc.get(op, "x-pgi-signature")?.value);
  const variants = doc.child(schemaNode ?? media, "oneOf");
  if (!variants || !Array.isArray(variants.value)) {
    const first = examples[0];
    if (!first) return [];
    const recipe = opRecipe ?? recipeData(doc.get(schemaNode!, "x-pgi-signature")?.value);
    return [{ title: "", exampleName: first.name, example: first.value, ...(recipe ? { recipe } : {}) }];
  }
  return variants.value.flatMap((_, i) => {
    const variant = doc.get(variants, i)!;
    const v = variant.value as Record<string, unknown>;
    const example = examples.find((e) => fits(v, e.value));
    if (!example) return [];
    const raw = doc.child(variants, i)!.value as Record<string, unknown>;
    const title = typeof raw.$ref === "string" ? raw.$ref.split("/").pop()! : String(v.title ?? example.name);
    const recipe =
      recipeData(doc.get(variant, "x-pgi-signature")?.value) ??
      opRecipe ??
      recipeData(schema["x-pgi-signature"]);
    return [{ title, exampleName: example.name, example: example.value, ...(recipe ? { recipe } : {}) }];
  });
}

/** Every place under `node` (through properties and allOf/oneOf/anyOf) whose schema carries an x-pgi-signature. */
function signedPlaces(
  doc: SpecDocument,
  node: SpecNode,
  path: string[],
  out: { path: string[]; recipe: RecipeData }[],
  seen: Set<string>,
): void {
  const r = doc.resolve(node);
  const key = `${r.file}#${r.pointer}|${path.join(".")}`;
  if (seen.has(key) || path.length > 8 || !isObject(r.value)) return;
  seen.add(key);
  const recipe = recipeData(doc.get(r, "x-pgi-signature")?.value);
  if (recipe && !out.some((o) => o.path.join(".") === path.join(".") && o.recipe.id === recipe.id))
    out.push({ path, recipe });
  for (const k of ["allOf", "oneOf", "anyOf"]) {
    const list = doc.child(r, k);
    if (!list || !Array.isArray(list.value)) continue;
    for (let i = 0; i < list.value.length; i++) signedPlaces(doc, doc.child(list, i)!, path, out, seen);
  }
  const props = doc.child(r, "properties");
  if (props && isObject(props.value))
    for (const name of Object.keys(props.value))
      signedPlaces(doc, doc.child(props, name)!, [...path, name], out, seen);
}

function answers(doc: SpecDocument, op: SpecNode) {
  const responses = doc.get(op, "responses");
  const statuses = isObject(responses?.value) ? Object.keys(responses.value) : [];
  const successStatuses = statuses.filter((s) => /^2\d\d$/.test(s)).map(Number);
  const answerRecipes: AnswerRecipe[] = [];
  const answerExamples: AnswerExample[] = [];
  for (const status of statuses) {
    const response = doc.get(responses!, status)!;
    const content = doc.get(response, "content");
    if (!content || !isObject(content.value)) continue;
    for (const mediaType of Object.keys(content.value)) {
      const media = doc.get(content, mediaType)!;
      const examples = doc.get(media, "examples");
      if (isObject(examples?.value)) {
        for (const name of Object.keys(examples.value)) {
          answerExamples.push({
            status,
            name,
            mediaType,
            value: (doc.get(examples, name)!.value as { value?: unknown }).value,
          });
        }
      }
      const schema = doc.child(media, "schema");
      if (schema && /^2\d\d$/.test(status) && mediaType.includes("json")) {
        const places: { path: string[]; recipe: RecipeData }[] = [];
        signedPlaces(doc, schema, [], places, new Set());
        for (const p of places) answerRecipes.push({ status: Number(status), ...p });
      }
    }
  }
  return { successStatuses, answerRecipes, answerExamples };
}

function security(doc: SpecDocument, op: SpecNode): SpecOperation["security"] {
  const list = (doc.get(op, "security") ?? doc.get(doc.root(), "security"))?.value;
  const alternative = (Array.isArray(list) ? list : []).find(
    (a) => isObject(a) && Object.keys(a).length > 0,
  ) as Record<string, string[]> | undefined;
  if (!alternative) return undefined;
  const [name, scopes] = Object.entries(alternative)[0]!;
  const schemes = doc.get(doc.get(doc.root(), "components") ?? doc.root(), "securitySchemes");
  const scheme = schemes && doc.get(schemes, name);
  if (!scheme || !isObject(scheme.value))
    throw new GenerationError(`${doc.host}: security scheme ${name} is not defined`);
  return { scheme: scheme.value, scopes: Array.isArray(scopes) ? scopes : [] };
}

function operation(
  doc: SpecDocument,
  kind: SpecOperation["kind"],
  path: string,
  method: string,
  pathItem: SpecNode,
  op: SpecNode,
): SpecOperation {
  const v = op.value as Record<string, unknown>;
  const body = doc.get(op, "requestBody");
  const content = body && doc.get(body, "content");
  const mediaType = content && isObject(content.value) ? Object.keys(content.value)[0] : undefined;
  const sec = security(doc, op);
  return {
    host: doc.host,
    kind,
    method: method.toUpperCase(),
    path,
    operationId: String(v.operationId ?? `${method}${path}`),
    summary: String(v.summary ?? v.operationId ?? path),
    description: String(v.description ?? ""),
    parameters: parameters(doc, pathItem, op),
    ...(sec ? { security: sec } : {}),
    ...(mediaType ? { mediaType } : {}),
    shapes: mediaType ? bodyShapes(doc, op, doc.get(content!, mediaType)!) : [],
    ...answers(doc, op),
  };
}

/**
 * The operations of a host (paths first, in document order), and separately the webhooks and callbacks the
 * merchant receives.
 *
 * @example
 * const { calls, received } = specOperations(doc);
 */
export function specOperations(doc: SpecDocument): { calls: SpecOperation[]; received: SpecOperation[] } {
  const calls: SpecOperation[] = [];
  const received: SpecOperation[] = [];
  const root = doc.root();
  const paths = doc.get(root, "paths");
  for (const path of isObject(paths?.value) ? Object.keys(paths.value) : []) {
    const item = doc.get(paths!, path)!;
    for (const m of METHODS) {
      const op = doc.get(item, m);
      if (!op) continue;
      calls.push(operation(doc, "operation", path, m, item, op));
      const callbacks = doc.get(op, "callbacks");
      for (const name of isObject(callbacks?.value) ? Object.keys(callbacks.value) : []) {
        const cb = doc.get(callbacks!, name)!;
        for (const expr of isObject(cb.value) ? Object.keys(cb.value) : []) {
          const cbItem = doc.get(cb, expr)!;
          for (const cm of METHODS) {
            const cbOp = doc.get(cbItem, cm);
            if (cbOp) received.push(operation(doc, "callback", expr, cm, cbItem, cbOp));
          }
        }
      }
    }
  }
  const webhooks = doc.get(root, "webhooks");
  for (const name of isObject(webhooks?.value) ? Object.keys(webhooks.value) : []) {
    const item = doc.get(webhooks!, name)!;
    for (const m of METHODS) {
      const op = doc.get(item, m);
      if (op) received.push(operation(doc, "webhook", name, m, item, op));
    }
  }
  return { calls, received };
}
