// Types of the plain ESM helper the specs package exports (its x-pgi-* rule renderer).
declare module "@pgi/specs/x-rules" {
  /** Every x-pgi-signature / x-pgi-rule found under `node` (following local refs), de-duplicated. */
  export function collectExtensions(doc: unknown, node: unknown): [string, Record<string, unknown>][];
  /** Markdown "Contract rules" section describing those extensions. */
  export function renderExtensions(extensions: [string, Record<string, unknown>][]): string;
}
