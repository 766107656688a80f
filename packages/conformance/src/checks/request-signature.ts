// request_signature: a request's own hash (gateway) or checksum (wallet) verifies with the configured salt or secret,
// recomputed with the recipe of the body variant it fills; a mismatch carries the diagnosis.
import { getScheme } from "@pgi/signing";
import { digestFinding } from "../checking/digest-finding.js";
import { mediaTypeOf, parseRequestBody } from "../checking/request-validators.js";
import type { RequestCheck } from "../checking/types.js";
import { recipeSecret } from "../config/configuration.js";
import type { Finding } from "../model/finding.js";
import { requestScheme } from "../spec/request-body.js";
import type { Operation, SpecSet } from "../spec/spec-set.js";

/** Schemes chosen per operation and set of field names (requestScheme() reads the spec; this keeps it off the hot path). */
const schemes = new WeakMap<Operation, Map<string, string | undefined>>();
const MAX_SHAPES = 256;

function schemeOf(specs: SpecSet, op: Operation, fields: Record<string, unknown>): string | undefined {
  let byShape = schemes.get(op);
  if (!byShape) {
    byShape = new Map();
    schemes.set(op, byShape);
  }
  const shape = Object.keys(fields).sort().join("&");
  if (byShape.has(shape)) return byShape.get(shape);
  const scheme = requestScheme(specs, op, fields);
  if (byShape.size < MAX_SHAPES) byShape.set(shape, scheme);
  return scheme;
}

const asStrings = (fields: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
  );

/** The request's fields, when its body is a form or a JSON object. */
function fieldsOf(
  body: string | undefined,
  contentType: string | undefined,
): Record<string, unknown> | undefined {
  const type = mediaTypeOf(contentType);
  if (body === undefined || !(type.includes("json") || type === "application/x-www-form-urlencoded"))
    return undefined;
  try {
    const fields = parseRequestBody(type, body);
    return fields && typeof fields === "object" && !Array.isArray(fields)
      ? (fields as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined; // request_valid reports a body that does not parse
  }
}

export const check = {
  id: "request_signature",
  description: "the request's hash or checksum verifies with the configured salt or secret",
  kind: "request",
  stage: 20,
  run({ specs, op, request, credentials }): Finding[] {
    const fields = fieldsOf(request.body, request.headers["content-type"]);
    if (!fields) return [];
    const scheme = schemeOf(specs, op, fields);
    if (!scheme) return [];
    const secret = recipeSecret(
      credentials,
      op.host,
      scheme === "wallet-checksum" ? "signing-secret" : "salt",
    );
    if (!secret) return [];
    const carrier = getScheme(scheme).recipe.carrier.name;
    const strings = asStrings(fields);
    return [
      digestFinding(
        "request_signature",
        scheme,
        strings,
        strings[carrier],
        secret,
        `request body /${carrier}`,
      ),
    ];
  },
} as const satisfies RequestCheck<"request_signature">;
