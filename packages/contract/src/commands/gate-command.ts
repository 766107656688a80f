// `pgi-contract gate`: the release gate of this repository (working specs against the last released bundles).
import { isAbsolute, resolve } from "node:path";
import { parseArgs } from "node:util";
import { checkReleaseGate } from "../gate/release-gate.js";
import type { CliIo } from "./io.js";

/** Help of the gate command. */
export function gateHelp(command: string): string {
  return `${command} gate: fail when the specs changed in a breaking way since the last release and no pending
changeset announces a major version of @pgi/contract.

Usage
  ${command} gate [--released DIR] [--current DIR] [--changesets DIR]

Options (paths relative to the current directory, the repository root by default)
  --released DIR    the last released bundles (default packages/contract/released)
  --current DIR     the working bundles or split sources (default specs/dist)
  --changesets DIR  pending changesets (default .changeset)

Exit codes: 0 passed, 1 failed (the breaking changes are listed), 2 misuse or unreadable input.
`;
}

/**
 * Runs `gate`; returns the exit code.
 *
 * @example
 * await runGate([], processIo(), "pgi-contract");
 */
export async function runGate(args: string[], io: CliIo, command: string): Promise<number> {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      released: { type: "string", default: "packages/contract/released" },
      current: { type: "string", default: "specs/dist" },
      changesets: { type: "string", default: ".changeset" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    io.stdout.write(gateHelp(command));
    return 0;
  }
  const abs = (p: string) => (isAbsolute(p) ? p : resolve(io.cwd, p));
  const result = checkReleaseGate({
    released: abs(values.released),
    current: abs(values.current),
    changesets: abs(values.changesets),
  });
  (result.ok ? io.stdout : io.stderr).write(`${result.message}\n`);
  return result.ok ? 0 : 1;
}
