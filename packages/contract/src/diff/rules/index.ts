// The registry of diff rules: every family's rules by id (ids are unique across families).
import type { RuleMeta } from "../types.js";
import { RULES as ANNOTATIONS } from "./annotations.js";
import { RULES as MESSAGES } from "./messages.js";
import { RULES as OPERATIONS } from "./operations.js";
import { RULES as PARAMETERS } from "./parameters.js";
import { RULES as SCHEMA } from "./schema.js";
import { RULES as SCHEMA_VALUES } from "./schema-values.js";
import { RULES as SECURITY } from "./security.js";
import { RULES as SIGNATURE } from "./signature.js";

/** Every rule, in the order of its family. */
export const ALL_RULES: readonly RuleMeta[] = [
  ...OPERATIONS,
  ...PARAMETERS,
  ...MESSAGES,
  ...SCHEMA,
  ...SCHEMA_VALUES,
  ...SECURITY,
  ...SIGNATURE,
  ...ANNOTATIONS,
];

/** Rules by id. */
export const RULES_BY_ID: ReadonlyMap<string, RuleMeta> = new Map(ALL_RULES.map((r) => [r.id, r]));
