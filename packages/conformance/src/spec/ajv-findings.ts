// The one translation of Ajv's errors into findings: a JSON pointer (with the missing property named), the keyword
// and its parameters as what was expected, and Ajv's message as what came.
import type { ErrorObject } from "ajv";
import type { Finding } from "../model/finding.js";

/** Where an Ajv error points: its instance path, with the missing property for `required`. */
export function ajvPointer(e: ErrorObject): string {
  const missing =
    e.keyword === "required" ? `/${(e.params as { missingProperty: string }).missingProperty}` : "";
  return `${e.instancePath}${missing}`;
}

/** Options of {@link ajvFindings}. */
export interface AjvFindingOptions {
  /** Written before the pointer, e.g. "request body " or "callback body ". */
  prefix?: string;
  /** Also show the keyword's parameters in `expected` (the response checks do). */
  params?: boolean;
  /** Written before the keyword in `expected`, e.g. "contentSchema ". */
  keywordPrefix?: string;
}

/**
 * One failed finding of `check` per Ajv error.
 *
 * @example
 * if (!validate(body)) findings.push(...ajvFindings(validate.errors, "response_schema", { params: true }));
 */
export function ajvFindings(
  errors: readonly ErrorObject[] | null | undefined,
  check: string,
  options: AjvFindingOptions = {},
): Finding[] {
  return (errors ?? []).map((e) => {
    const params =
      options.params && e.params && e.keyword !== "required" ? ` ${JSON.stringify(e.params)}` : "";
    return {
      check,
      ok: false,
      pointer: `${options.prefix ?? ""}${ajvPointer(e)}`.trimEnd() || "/",
      expected: `${options.keywordPrefix ?? ""}${e.keyword}${params}`,
      actual: e.message ?? "invalid",
    };
  });
}
