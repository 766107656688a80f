// The one Ajv set-up of the package (draft 2020-12, formats), and the rewriting that lets a schema taken out of a bundle
// keep resolving its $refs.
import { createRequire } from "node:module";
import type { ValidateFunction } from "ajv";

const require = createRequire(import.meta.url);
const Ajv2020 = require("ajv/dist/2020.js") as typeof import("ajv").default;
const addFormats = require("ajv-formats") as (ajv: unknown) => void;

export type Ajv = InstanceType<typeof Ajv2020>;
export type { ErrorObject, ValidateFunction } from "ajv";

/**
 * A new Ajv instance as every validator here uses it. `coerce` is for values that travel as text (parameters, form
 * fields recorded as strings).
 *
 * @example
 * const validate = createAjv().compile({ type: "object", required: ["status"] });
 */
export function createAjv(options: { coerce?: boolean } = {}): Ajv {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: false,
    allowUnionTypes: true,
    validateFormats: true,
    ...(options.coerce ? { coerceTypes: true } : {}),
  });
  addFormats(ajv);
  return ajv;
}

/** A schema of a host's bundle with its `#/components/...` refs pointing at the document registered as `pgi:<host>`. */
export function hostRefs(host: string, schema: unknown): unknown {
  return JSON.parse(
    JSON.stringify(schema ?? {}).replace(/"\$ref":"#\/components\//g, `"$ref":"pgi:${host}#/components/`),
  );
}

/**
 * Registers a host's components with `ajv` once (as `pgi:<host>`), so schemas passed through {@link hostRefs}
 * resolve; returns a compiler for that host's schemas that never throws (undefined when a schema cannot compile).
 *
 * @example
 * const compile = hostCompiler(ajv, "payout", doc);
 * const validate = compile(schema);
 */
export function hostCompiler(
  ajv: Ajv,
  host: string,
  doc: Record<string, unknown>,
): (schema: unknown) => ValidateFunction | undefined {
  if (!ajv.getSchema(`pgi:${host}`)) ajv.addSchema({ $id: `pgi:${host}`, components: doc.components ?? {} });
  return (schema) => {
    try {
      return ajv.compile(hostRefs(host, schema) as object);
    } catch {
      return undefined;
    }
  };
}
