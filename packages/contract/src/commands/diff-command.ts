// `pgi-contract diff`: compares two contracts and prints every change classified; exit 1 on a breaking change
// whose rule is not allowed.
import { statSync, writeFileSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { parseArgs } from "node:util";
import { diffSpecSets } from "../diff/diff-specs.js";
import { loadGitSet, loadPathSet, loadWorkingSet, type SpecSet } from "../diff/load-specs.js";
import { RULES_BY_ID } from "../diff/rules/index.js";
import { UsageError } from "../errors.js";
import { colorsFor } from "../format/colors.js";
import {
  blocking,
  DIFF_FORMATS,
  type DiffFormat,
  formatJson,
  formatMarkdown,
  formatText,
} from "../format/diff-report.js";
import type { CliIo } from "./io.js";

/** Help of the diff command. */
export function diffHelp(command: string): string {
  return `${command} diff: classify every change between two contracts (breaking, non-breaking, informational).

Usage
  ${command} diff OLD NEW [--format text|markdown|json] [--allow RULE]... [--out FILE]
  ${command} diff --base REF [NEW] [--specs DIR] ...

OLD and NEW are each a bundle file (payout.yaml, payout.json), a folder of bundles (<host>.yaml), or a folder of
split sources (<host>/openapi.yaml, like specs/). --base REF reads OLD from the split sources under --specs
(default specs) at git REF of the repository around the current directory; NEW then defaults to the working
tree's specs/. Hosts are matched by name. Webhooks and callbacks are judged with request and response swapped
(the merchant receives them); every change to an x-pgi-signature recipe or an x-pgi-rule is breaking.

Options
  --format F     text (default), markdown (for a pull request) or json
  --allow RULE   do not fail on breaking changes of RULE (repeatable, or comma-separated); "${command} rules" lists them
  --out FILE     write the report to FILE instead of stdout
  --base REF     git branch, tag or commit to read OLD from
  --specs DIR    folder of the split sources in the repository (default specs)
  -h, --help     this help

Exit codes
  0  no breaking change (or every one allowed)
  1  at least one breaking change that is not allowed
  2  misuse: unknown option or rule, unreadable input, not an OpenAPI document, unknown git ref

Examples
  ${command} diff released/ specs/dist/
  ${command} diff old/payout.yaml new/payout.yaml --format markdown --out diff.md
  ${command} diff --base main --allow response-success-status-added
`;
}

function parseAllow(values: string[]): Set<string> {
  const allowed = new Set<string>();
  for (const value of values
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean)) {
    const rule = RULES_BY_ID.get(value);
    if (!rule) throw new UsageError(`--allow: unknown rule "${value}" (list them with "pgi-contract rules")`);
    if (rule.severity !== "breaking")
      throw new UsageError(`--allow: rule "${value}" is ${rule.severity}, not breaking; nothing to allow`);
    allowed.add(value);
  }
  return allowed;
}

function absolute(io: CliIo, path: string): string {
  return isAbsolute(path) ? path : resolve(io.cwd, path);
}

/**
 * Runs `diff` with its arguments (after the word `diff`); returns the exit code.
 *
 * @example
 * const code = await runDiff(["released", "specs/dist", "--format", "json"], processIo(), "pgi-contract");
 */
export async function runDiff(args: string[], io: CliIo, command: string): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      format: { type: "string", default: "text" },
      allow: { type: "string", multiple: true, default: [] },
      out: { type: "string" },
      base: { type: "string" },
      specs: { type: "string", default: "specs" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    io.stdout.write(diffHelp(command));
    return 0;
  }
  const format = values.format as DiffFormat;
  if (!DIFF_FORMATS.includes(format)) {
    throw new UsageError(`--format: "${values.format}" is not one of ${DIFF_FORMATS.join(", ")}`);
  }
  const allowed = parseAllow(values.allow);
  let before: SpecSet;
  let after: SpecSet;
  if (values.base !== undefined) {
    if (positionals.length > 1) throw new UsageError("with --base REF give at most one path (NEW)");
    before = loadGitSet(values.base, io.cwd, values.specs);
    after = positionals[0] ? loadPathSet(absolute(io, positionals[0])) : loadWorkingSet(io.cwd, values.specs);
  } else {
    if (positionals.length !== 2)
      throw new UsageError("give OLD and NEW (files or folders), or --base REF; see --help");
    before = loadPathSet(absolute(io, positionals[0]!));
    // Two single files are one host's two versions, whatever their names.
    const single = before.hosts.size === 1 && !statSync(absolute(io, positionals[0]!)).isDirectory();
    after = loadPathSet(absolute(io, positionals[1]!), single ? [...before.hosts.keys()][0] : undefined);
  }
  const result = diffSpecSets(before, after);
  const ctx = {
    oldLabel: values.base !== undefined ? before.label : positionals[0]!,
    newLabel: positionals[values.base !== undefined ? 0 : 1] ?? after.label,
    allowed,
  };
  const target = values.out ? { isTTY: false } : io.stdout;
  const text =
    format === "json"
      ? formatJson(result, ctx)
      : format === "markdown"
        ? formatMarkdown(result, ctx)
        : formatText(result, ctx, colorsFor(target, io.env));
  if (values.out) {
    writeFileSync(absolute(io, values.out), text);
    const s = result.summary;
    io.stderr.write(
      `wrote ${values.out}: ${s.breaking} breaking, ${s.nonBreaking} non-breaking, ${s.informational} informational\n`,
    );
  } else {
    io.stdout.write(text);
  }
  return blocking(result, allowed).length > 0 ? 1 : 0;
}
