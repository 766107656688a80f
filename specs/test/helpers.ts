// Loads the bundled specs and compiles ajv (draft 2020-12) validators at JSON pointers inside them, for the contract tests.
import { readFileSync } from "node:fs";
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { parse } from "yaml";

import { type HostName, HOSTS as INDEX } from "../dist/hosts.js";

/** Every host, from the host index that `pnpm build` derives from the specs' x-pgi-host. */
export const HOSTS: readonly HostName[] = INDEX.map((h) => h.id);
export type Host = HostName;

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const bundles = new Map<Host, Record<string, unknown>>();
const ajv = new Ajv2020({ strict: false, allErrors: true, allowUnionTypes: true });
addFormats(ajv);

/** The parsed bundle `specs/dist/<host>.yaml` (run `pnpm build` first). */
export function loadBundle(host: Host): Record<string, unknown> {
  let doc = bundles.get(host);
  if (!doc) {
    const url = new URL(`../dist/${host}.yaml`, import.meta.url);
    doc = parse(readFileSync(url, "utf8")) as Record<string, unknown>;
    bundles.set(host, doc);
    ajv.addSchema(doc, `pgi:${host}`);
  }
  return doc;
}

/** Escapes one path segment (e.g. `/otp/send`) for use in a JSON pointer. */
export function ptr(...segments: string[]): string {
  return `/${segments.map((s) => s.replace(/~/g, "~0").replace(/\//g, "~1")).join("/")}`;
}

/** The value at a JSON pointer inside a host's bundle, or an error naming the pointer. */
export function at(host: Host, pointer: string): unknown {
  let node: unknown = loadBundle(host);
  for (const raw of pointer.split("/").slice(1)) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (node === null || typeof node !== "object" || !(key in node)) {
      throw new Error(`No node at ${host}#${pointer} (missing "${key}")`);
    }
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** An ajv validator for the schema at `pointer` inside the host's bundle (refs resolve within the bundle). */
export function validatorAt(host: Host, pointer: string): ValidateFunction {
  loadBundle(host);
  at(host, pointer);
  const validate = ajv.getSchema(`pgi:${host}#${pointer}`);
  if (!validate) throw new Error(`Could not compile ${host}#${pointer}`);
  return validate;
}

/** Request body schema pointer of an operation, e.g. requestSchema("otp", "/otp/send", "post"). */
export function requestSchema(path: string, method: string, mediaType = "application/json"): string {
  return ptr("paths", path, method, "requestBody", "content", mediaType, "schema");
}

/** Response body schema pointer of an operation. */
export function responseSchema(
  path: string,
  method: string,
  status: string,
  mediaType = "application/json",
): string {
  return ptr("paths", path, method, "responses", status, "content", mediaType, "schema");
}

/** Validates and returns ajv's errors in a compact, readable form (empty when valid). */
export function check(validate: ValidateFunction, instance: unknown): string[] {
  if (validate(instance)) return [];
  return (validate.errors ?? []).map(
    (e: ErrorObject) => `${e.instancePath || "/"} ${e.message ?? e.keyword}`,
  );
}
