// @ts-check
// Where the repository and its turbo are, and running turbo with its output read line by line.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

/** The repository's root. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** The workspace's turbo binary (the one `pnpm install` put in node_modules/.bin), else `turbo` on the PATH. */
export function turboBin() {
  const local = join(ROOT, "node_modules", ".bin", "turbo");
  return existsSync(local) ? local : "turbo";
}

/**
 * Runs turbo from the root with `args`; each line of its stdout and stderr goes to `onLine` (when given; else they
 * are inherited). Resolves with turbo's exit code (null if a signal ended it).
 *
 * @param {string[]} args
 * @param {(line: string) => void} [onLine]
 * @returns {Promise<number | null>}
 * @example
 * const code = await runTurbo(["run", "build", "--filter=@pgi/signing..."], (line) => progress.line(line));
 */
export function runTurbo(args, onLine) {
  return new Promise((resolve, reject) => {
    const child = spawn(turboBin(), args, {
      cwd: ROOT,
      stdio: onLine ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    if (onLine && child.stdout && child.stderr) {
      createInterface({ input: child.stdout }).on("line", onLine);
      createInterface({ input: child.stderr }).on("line", onLine);
    }
    child.once("error", (error) =>
      reject(new Error(`cannot run turbo (${error.message}); run pnpm install first`)),
    );
    child.once("close", (code) => resolve(code));
  });
}
