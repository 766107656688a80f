// The release gate: the working specs against the last released bundles; a breaking change passes only when a
// pending changeset announces a major version of @pgi/contract.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { type DiffResult, diffSpecSets } from "../diff/diff-specs.js";
import { loadPathSet } from "../diff/load-specs.js";
import type { Change } from "../diff/types.js";
import { InputError } from "../errors.js";

/** Where the gate reads from. */
export interface GateOptions {
  /** Folder of the last released bundles (`packages/contract/released`). */
  readonly released: string;
  /** Folder of the current bundles (`specs/dist`) or split sources (`specs`). */
  readonly current: string;
  /** Folder of pending changesets (`.changeset`). */
  readonly changesets: string;
  /** The package whose major version announces a breaking contract change. */
  readonly packageName?: string;
}

/** The gate's verdict. */
export interface GateResult {
  readonly ok: boolean;
  readonly diff: DiffResult;
  readonly breaking: readonly Change[];
  /** Pending changeset files that announce a major version of the package. */
  readonly majorChangesets: readonly string[];
  readonly message: string;
}

/**
 * The bump a changeset file announces for `packageName`, from its front matter (undefined when it names it not).
 *
 * @example
 * changesetBump('---\n"@pgi/contract": major\n---\nRemoved ...', "@pgi/contract") // => "major"
 */
export function changesetBump(text: string, packageName: string): string | undefined {
  const m = text.match(/^---\r?\n([\s\S]*?)\r?\n---/);
  if (!m) return undefined;
  let front: unknown;
  try {
    front = parse(m[1] ?? "");
  } catch {
    return undefined;
  }
  if (front === null || typeof front !== "object") return undefined;
  const bump = (front as Record<string, unknown>)[packageName];
  return typeof bump === "string" ? bump.trim() : undefined;
}

/**
 * Changeset files in `dir` announcing a major version of `packageName`.
 *
 * @example
 * pendingMajorChangesets(".changeset", "@pgi/contract") // => ["drop-wallet-amount.md"]
 */
export function pendingMajorChangesets(dir: string, packageName: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    throw new InputError(`cannot read the changesets folder ${dir}`);
  }
  return names
    .filter((n) => n.endsWith(".md") && n.toLowerCase() !== "readme.md")
    .filter((n) => changesetBump(readFileSync(join(dir, n), "utf8"), packageName) === "major")
    .sort();
}

/**
 * Runs the gate.
 *
 * @example
 * const r = checkReleaseGate({ released: "packages/contract/released", current: "specs/dist", changesets: ".changeset" });
 * if (!r.ok) throw new Error(r.message);
 */
export function checkReleaseGate(options: GateOptions): GateResult {
  const packageName = options.packageName ?? "@pgi/contract";
  const diff = diffSpecSets(loadPathSet(options.released), loadPathSet(options.current));
  const breaking = diff.changes.filter((c) => c.severity === "breaking");
  const majorChangesets = breaking.length > 0 ? pendingMajorChangesets(options.changesets, packageName) : [];
  const ok = breaking.length === 0 || majorChangesets.length > 0;
  const s = diff.summary;
  const counts = `${s.breaking} breaking, ${s.nonBreaking} non-breaking, ${s.informational} informational`;
  const message = ok
    ? breaking.length === 0
      ? `release gate passed: no breaking change since the last release (${counts})`
      : `release gate passed: ${breaking.length} breaking change(s) announced as a major version of ${packageName} by ${majorChangesets.join(", ")}`
    : [
        `release gate failed: ${breaking.length} breaking change(s) since the last release and no pending changeset announces "${packageName}": major`,
        ...breaking.map((c) => `  ${c.rule}  ${c.host}  ${c.operation ?? ""}  ${c.where}: ${c.message}`),
        `Announce them (pnpm changeset, pick ${packageName}, major) or undo them.`,
      ].join("\n");
  return { ok, diff, breaking, majorChangesets, message };
}
