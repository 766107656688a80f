// Walking a bundled OpenAPI document: local $refs and every operation (paths, webhooks, callbacks).
/** A JSON object of a bundled document. */
export type Json = Record<string, unknown>;

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"] as const;

/** One operation with where it sits in the document. */
export interface OperationRef {
  readonly group: "paths" | "webhooks" | "callbacks";
  /** Path template, webhook name, or `callbackName expression`. */
  readonly name: string;
  readonly method: string;
  readonly op: Json;
  /** The path item the operation belongs to (its shared parameters). */
  readonly item: Json;
}

/**
 * Resolves a local `#/...` reference inside `doc`.
 *
 * @example
 * resolveRef(doc, "#/components/schemas/Amount")
 */
export function resolveRef(doc: Json, ref: string): unknown {
  let node: unknown = doc;
  for (const raw of ref.replace(/^#\//, "").split("/")) {
    node = (node as Json | undefined)?.[raw.replace(/~1/g, "/").replace(/~0/g, "~")];
  }
  return node;
}

/** Follows `$ref` chains until a node without one. */
export function deref(doc: Json, node: unknown): Json {
  let n = node as Json;
  const seen = new Set<unknown>();
  while (n && typeof n.$ref === "string" && !seen.has(n)) {
    seen.add(n);
    n = resolveRef(doc, n.$ref) as Json;
  }
  return n ?? {};
}

/**
 * Every operation of a document: paths, webhooks, and the callbacks nested in them.
 *
 * @example
 * for (const { method, name, op } of operationsOf(doc)) console.log(method, name, op.operationId);
 */
export function* operationsOf(doc: Json): Generator<OperationRef> {
  for (const group of ["paths", "webhooks"] as const) {
    for (const [name, rawItem] of Object.entries((doc[group] as Json | undefined) ?? {})) {
      const item = deref(doc, rawItem);
      for (const method of METHODS) {
        const op = item[method] as Json | undefined;
        if (!op) continue;
        yield { group, name, method, op, item };
        for (const [cbName, cb] of Object.entries((op.callbacks as Json | undefined) ?? {})) {
          for (const [expr, rawCbItem] of Object.entries(deref(doc, cb))) {
            const cbItem = deref(doc, rawCbItem);
            for (const m of METHODS) {
              const cbOp = cbItem[m] as Json | undefined;
              if (cbOp)
                yield { group: "callbacks", name: `${cbName} ${expr}`, method: m, op: cbOp, item: cbItem };
            }
          }
        }
      }
    }
  }
}
