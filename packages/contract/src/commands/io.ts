// The streams, environment and working directory a command runs against (the process's, or a test's).

/** Where a command writes and what it reads from its surroundings. */
export interface CliIo {
  readonly stdout: { write(text: string): unknown; readonly isTTY?: boolean };
  readonly stderr: { write(text: string): unknown; readonly isTTY?: boolean };
  readonly env: { readonly [name: string]: string | undefined };
  readonly cwd: string;
}

/** The process's own streams, environment and directory. */
export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() };
}

/**
 * The command as the user typed it: `pnpm contract` from this repository's root script, else `pgi-contract`.
 *
 * @example
 * invokedAs({ npm_package_name: "pgi", npm_lifecycle_event: "contract" }); // "pnpm contract"
 */
export function invokedAs(env: CliIo["env"]): string {
  return env.npm_package_name === "pgi" && env.npm_lifecycle_event === "contract"
    ? "pnpm contract"
    : "pgi-contract";
}
