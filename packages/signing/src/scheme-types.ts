// Field types of each scheme, derived at type level from the generated recipe table (no hand-written lists).
import type { RECIPES, SchemeId } from "./generated/recipes.js";
import type { FieldInput, Fields } from "./joined.js";

type PartsOf<S extends SchemeId> = (typeof RECIPES)[S]["parts"][number];
type FieldNameOf<P> = P extends { readonly kind: "field" | "optional"; readonly name: infer N extends string }
  ? N
  : never;

/** Field names a scheme's recipe reads, e.g. `"key" | "txnid" | ...` for payment-request. */
export type SchemeFieldName<S extends SchemeId> = FieldNameOf<PartsOf<S>>;

/** The fields a scheme's sign/verify accept (runtime checks say which are required; extra keys are ignored). */
export type SchemeFields<S extends SchemeId> = { readonly [K in SchemeFieldName<S>]?: FieldInput } & Fields;
