// Builds one Postman request item (v2.1) from an operation and one of its body shapes: URL, parameters,
// Authorization, body, scripts and the documented answers as saved examples.
import { isObject } from "../diff/values.js";
import { GenerationError } from "../errors.js";
import type { Flow } from "./flows.js";
import type { CheckPlan, PreparePlan, SignPlan } from "./sandbox-types.js";
import { checkScript, prepareScript } from "./script-source.js";
import type { BodyShape, SpecOperation } from "./spec-operations.js";
import { AUTHORIZATION_VARIABLES, secretVariable, VALUE_VARIABLES } from "./variables.js";

/** Where a request goes and how it is filled. */
export interface ItemContext {
  /** `{{PGI_PAYOUT_URL}}` or `{{receiverUrl}}`. */
  readonly baseUrl: string;
  readonly flow: Flow | undefined;
  /** True for webhooks and callbacks sent to the merchant's own endpoint. */
  readonly received: boolean;
}

type Json = Record<string, unknown>;

function text(value: unknown): string {
  if (value === undefined || value === null) return "";
  return typeof value === "string"
    ? value
    : typeof value === "number" || typeof value === "boolean"
      ? String(value)
      : JSON.stringify(value);
}

/** The variable a value comes from: the flow first, then the configuration name of the identifier. */
function variableFor(op: SpecOperation, ctx: ItemContext, where: string, name: string): string | undefined {
  const key = `${where}:${name}`;
  const fromFlow = ctx.flow?.fill?.[key];
  if (fromFlow) return fromFlow;
  const table = VALUE_VARIABLES[op.host] ?? {};
  return table[where === "header" ? `header:${name.toLowerCase()}` : key];
}

function url(op: SpecOperation, ctx: ItemContext) {
  const params = op.parameters;
  const segments = ctx.received
    ? []
    : op.path
        .split("/")
        .filter(Boolean)
        .map((s) => s.replace(/^\{(.+)\}$/, ":$1"));
  const query = params
    .filter((p) => p.in === "query")
    .map((p) => {
      const v = variableFor(op, ctx, "query", p.name);
      const value = v ? `{{${v}}}` : text(p.example);
      return {
        key: p.name,
        value,
        description: p.description,
        ...(value === "" && !p.required ? { disabled: true } : {}),
      };
    });
  const variable = params
    .filter((p) => p.in === "path")
    .map((p) => {
      const v = variableFor(op, ctx, "path", p.name);
      return { key: p.name, value: v ? `{{${v}}}` : text(p.example), description: p.description };
    });
  const enabled = query.filter((q) => !("disabled" in q));
  const raw = `${ctx.baseUrl}${segments.length ? `/${segments.join("/")}` : ""}${enabled.length ? `?${enabled.map((q) => `${q.key}=${q.value}`).join("&")}` : ""}`;
  return {
    raw,
    host: [ctx.baseUrl],
    path: segments,
    ...(query.length ? { query } : {}),
    ...(variable.length ? { variable } : {}),
  };
}

function headers(op: SpecOperation, ctx: ItemContext) {
  const list = op.parameters
    .filter((p) => p.in === "header")
    .map((p) => {
      const v = variableFor(op, ctx, "header", p.name);
      const value = v ? `{{${v}}}` : text(p.example);
      return {
        key: p.name,
        value,
        description: p.description,
        ...(value === "" && !p.required ? { disabled: true } : {}),
      };
    });
  if (op.mediaType) list.unshift({ key: "Content-Type", value: op.mediaType, description: "" });
  return list;
}

function auth(op: SpecOperation, ctx: ItemContext): Json {
  if (!op.security || ctx.received) return { type: "noauth" };
  const scheme = op.security.scheme;
  const variable = AUTHORIZATION_VARIABLES[op.host];
  if (!variable)
    throw new GenerationError(
      `${op.host}: ${op.operationId} needs credentials but the host has no Authorization variable`,
    );
  if (scheme.type === "http" && String(scheme.scheme).toLowerCase() === "bearer") {
    return { type: "bearer", bearer: [{ key: "token", value: `{{${variable}}}`, type: "string" }] };
  }
  if (scheme.type === "apiKey" && scheme.in === "header") {
    return {
      type: "apikey",
      apikey: [
        { key: "key", value: String(scheme.name), type: "string" },
        { key: "value", value: `{{${variable}}}`, type: "string" },
        { key: "in", value: "header", type: "string" },
      ],
    };
  }
  throw new GenerationError(
    `${op.host}: ${op.operationId} uses a security scheme of type ${String(scheme.type)} the collection cannot fill`,
  );
}

function body(op: SpecOperation, shape: BodyShape | undefined, ctx: ItemContext): Json | undefined {
  if (!op.mediaType || !shape) return undefined;
  const example = isObject(shape.example) ? shape.example : {};
  const carrier = shape.recipe?.carrier.in === "body" ? shape.recipe.carrier.name : undefined;
  if (op.mediaType === "application/x-www-form-urlencoded") {
    const urlencoded = Object.entries(example).map(([key, value]) => {
      const v = variableFor(op, ctx, "body", key);
      if (key === carrier)
        return { key, value: "", description: `computed before sending (recipe ${shape.recipe!.id})` };
      return { key, value: v ? `{{${v}}}` : text(value) };
    });
    if (carrier && !Object.hasOwn(example, carrier))
      urlencoded.push({
        key: carrier,
        value: "",
        description: `computed before sending (recipe ${shape.recipe!.id})`,
      });
    return { mode: "urlencoded", urlencoded };
  }
  if (op.mediaType.includes("json")) {
    const marks: [string, string][] = [];
    const filled = Object.fromEntries(
      Object.entries(example).map(([key, value]) => {
        const v = variableFor(op, ctx, "body", key);
        if (!v) return [key, value];
        const mark = `\u0000pgi${marks.length}\u0000`;
        marks.push([
          JSON.stringify(mark),
          typeof value === "number" || typeof value === "boolean" ? `{{${v}}}` : `"{{${v}}}"`,
        ]);
        return [key, mark];
      }),
    );
    let raw = JSON.stringify(filled, null, 2);
    for (const [mark, replacement] of marks) raw = raw.replace(mark, replacement);
    return { mode: "raw", raw, options: { raw: { language: "json" } } };
  }
  throw new GenerationError(
    `${op.host}: ${op.operationId} sends ${op.mediaType}, which the collection cannot build`,
  );
}

function signPlan(op: SpecOperation, shape: BodyShape | undefined): SignPlan | undefined {
  const recipe = shape?.recipe;
  if (!recipe) return undefined;
  const kind = op.mediaType === "application/x-www-form-urlencoded" ? "urlencoded" : "json";
  if (recipe.carrier.in === "body" && kind !== "urlencoded") {
    throw new GenerationError(
      `${op.host}: ${op.operationId}: recipe ${recipe.id} puts its digest in a JSON body field, which the scripts cannot do`,
    );
  }
  return { recipe, secretVariable: secretVariable(recipe.secret, op.host, recipe.id), body: kind };
}

function description(
  op: SpecOperation,
  shape: BodyShape | undefined,
  ctx: ItemContext,
  sign: SignPlan | undefined,
): string {
  const notes = [op.description.trim()];
  if (sign) {
    notes.push(
      `**Signed before sending.** The pre-request script computes recipe \`${sign.recipe.id}\` over the values exactly as sent, keyed with \`{{${sign.secretVariable}}}\`, and writes it to the ${sign.recipe.carrier.in} \`${sign.recipe.carrier.name}\`. The Postman console shows the pre-image with the secret masked.`,
    );
  }
  if (shape?.exampleName) notes.push(`Body from the spec's example \`${shape.exampleName}\`.`);
  if (ctx.flow?.note)
    notes.push(
      `**State.** ${ctx.flow.note} With the mock's environment (pgiMock = true) the script asks the mock for it.`,
    );
  return notes.filter(Boolean).join("\n\n");
}

function savedAnswers(op: SpecOperation, request: Json): Json[] {
  return op.answerExamples.map((ex) => ({
    name: `${ex.status} ${ex.name}`,
    originalRequest: request,
    code: /^\d+$/.test(ex.status) ? Number(ex.status) : 200,
    header: [{ key: "Content-Type", value: ex.mediaType }],
    body:
      typeof ex.value === "string" && !ex.mediaType.includes("json")
        ? ex.value
        : JSON.stringify(ex.value, null, 2),
    ...(ex.mediaType.includes("json") ? { _postman_previewlanguage: "json" } : {}),
  }));
}

/**
 * One request item of a collection.
 *
 * @example
 * requestItem(op, op.shapes[0], { baseUrl: "{{PGI_PAYOUT_URL}}", flow: FLOWS[op.operationId], received: false })
 */
export function requestItem(op: SpecOperation, shape: BodyShape | undefined, ctx: ItemContext): Json {
  const sign = signPlan(op, shape);
  const request: Json = {
    method: op.method,
    header: headers(op, ctx),
    url: url(op, ctx),
    auth: auth(op, ctx),
    description: description(op, shape, ctx, sign),
  };
  const b = body(op, shape, ctx);
  if (b) request.body = b;
  const prepare: PreparePlan = {
    generate: ctx.flow?.generate ?? [],
    mock: ctx.flow?.mock ?? [],
    ...(sign ? { sign } : {}),
  };
  const check: CheckPlan = {
    statuses: op.successStatuses.length ? op.successStatuses : [200],
    verify: op.answerRecipes.map((r) => ({
      ...r,
      secretVariable: secretVariable(r.recipe.secret, op.host, r.recipe.id),
    })),
    capture: ctx.flow?.capture ?? [],
  };
  const events: Json[] = [];
  if (prepare.generate.length || prepare.mock.length || prepare.sign) {
    events.push({ listen: "prerequest", script: { type: "text/javascript", exec: prepareScript(prepare) } });
  }
  events.push({ listen: "test", script: { type: "text/javascript", exec: checkScript(check) } });
  const several = op.shapes.length > 1 && shape;
  return {
    id: `${op.host}.${op.operationId}${several ? `.${shape.exampleName}` : ""}`,
    name: several ? `${op.summary} (${shape.title})` : op.summary,
    request,
    response: ctx.received ? [] : savedAnswers(op, request),
    event: events,
  };
}
