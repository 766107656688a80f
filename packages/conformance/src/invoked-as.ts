// The command as the user typed it, for help texts: the repository's `pnpm conformance`, else the installed binary.

/**
 * `pnpm conformance` when run from the repository's root script, else `pgi-conformance`.
 *
 * @example
 * invokedAs({ npm_lifecycle_event: "conformance" }); // "pnpm conformance"
 */
export function invokedAs(env: Readonly<Record<string, string | undefined>> = process.env): string {
  return env.npm_lifecycle_event === "conformance" ? "pnpm conformance" : "pgi-conformance";
}
