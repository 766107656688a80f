// Types of the plain ESM helpers the specs package exports.
declare module "@pgi/specs/x-rules" {
  /** Every x-pgi-signature / x-pgi-rule found under `node` (following local refs), de-duplicated. */
  export function collectExtensions(doc: unknown, node: unknown): [string, Record<string, unknown>][];
}

declare module "@pgi/specs/hosts" {
  /** The seven hosts: spec folder name, Redocly alias, the mock's default port, base-URL variable and title. */
  export const HOSTS: readonly {
    readonly host: string;
    readonly alias: string;
    readonly port: number;
    readonly env: string;
    readonly title: string;
  }[];
}
