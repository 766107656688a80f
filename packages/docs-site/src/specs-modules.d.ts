// Types of the plain ESM helpers the specs package exports.
declare module "@pgi/specs/x-rules" {
  /** Every x-pgi-signature / x-pgi-rule found under `node` (following local refs), de-duplicated. */
  export function collectExtensions(doc: unknown, node: unknown): [string, Record<string, unknown>][];
}
