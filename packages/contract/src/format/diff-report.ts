// Renders a diff result as terminal text, Markdown for a pull request, or JSON.
import type { DiffResult } from "../diff/diff-specs.js";
import type { Change, Severity } from "../diff/types.js";
import type { Colors } from "./colors.js";

/** The output formats of `pgi-contract diff`. */
export const DIFF_FORMATS = ["text", "markdown", "json"] as const;
export type DiffFormat = (typeof DIFF_FORMATS)[number];

/** What a report needs besides the result: the labels of both sides and the rules allowed to break. */
export interface ReportContext {
  readonly oldLabel: string;
  readonly newLabel: string;
  readonly allowed: ReadonlySet<string>;
}

/** Breaking changes whose rule is not allowed: the ones that fail the check. */
export function blocking(result: DiffResult, allowed: ReadonlySet<string>): Change[] {
  return result.changes.filter((c) => c.severity === "breaking" && !allowed.has(c.rule));
}

function summaryLine(result: DiffResult, allowed: ReadonlySet<string>): string {
  const s = result.summary;
  const allowedCount = s.breaking - blocking(result, allowed).length;
  const extra = allowedCount > 0 ? ` (${allowedCount} breaking allowed by --allow)` : "";
  return `${s.breaking} breaking, ${s.nonBreaking} non-breaking, ${s.informational} informational${extra}`;
}

const LABEL: Readonly<Record<Severity, string>> = {
  breaking: "BREAKING",
  "non-breaking": "non-breaking",
  informational: "info",
};

/**
 * Terminal text: one block per change (severity, rule, host and operation, where, what, location), then the
 * summary line.
 *
 * @example
 * process.stdout.write(formatText(result, ctx, colorsFor(process.stdout, process.env)));
 */
export function formatText(result: DiffResult, ctx: ReportContext, c: Colors): string {
  const lines = [c.bold(`pgi-contract diff: ${ctx.oldLabel} → ${ctx.newLabel}`), ""];
  if (result.changes.length === 0) lines.push("No change: the two contracts are the same.", "");
  for (const ch of result.changes) {
    const paint =
      ch.severity === "breaking"
        ? ctx.allowed.has(ch.rule)
          ? c.yellow
          : c.red
        : ch.severity === "non-breaking"
          ? c.green
          : c.dim;
    const allowed = ch.severity === "breaking" && ctx.allowed.has(ch.rule) ? " (allowed)" : "";
    lines.push(
      `${paint(LABEL[ch.severity].padEnd(12))} ${c.bold(ch.rule)}${allowed}  ${ch.host}${ch.operation ? `  ${ch.operation}` : ""}`,
    );
    lines.push(`             ${ch.where}: ${ch.message}`);
    lines.push(`             ${c.dim(ch.location)}`);
  }
  if (result.changes.length > 0) lines.push("");
  lines.push(summaryLine(result, ctx.allowed));
  return `${lines.join("\n")}\n`;
}

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

/**
 * Markdown for a pull request: a summary, then one table per severity.
 *
 * @example
 * writeFileSync("diff.md", formatMarkdown(result, ctx));
 */
export function formatMarkdown(result: DiffResult, ctx: ReportContext): string {
  const out = [
    `## Contract changes: \`${ctx.oldLabel}\` → \`${ctx.newLabel}\``,
    "",
    `**${summaryLine(result, ctx.allowed)}**`,
    "",
  ];
  if (result.changes.length === 0) out.push("No change: the two contracts are the same.", "");
  const groups: [Severity, string][] = [
    ["breaking", "Breaking (merchants integrated against the old contract fail)"],
    ["non-breaking", "Non-breaking"],
    ["informational", "Informational"],
  ];
  for (const [severity, title] of groups) {
    const rows = result.changes.filter((ch) => ch.severity === severity);
    if (rows.length === 0) continue;
    out.push(
      `### ${title} (${rows.length})`,
      "",
      "| rule | host | operation | where | change | location |",
      "|---|---|---|---|---|---|",
    );
    for (const ch of rows) {
      const rule =
        severity === "breaking" && ctx.allowed.has(ch.rule) ? `\`${ch.rule}\` (allowed)` : `\`${ch.rule}\``;
      out.push(
        `| ${rule} | ${ch.host} | ${cell(ch.operation ?? "")} | ${cell(ch.where)} | ${cell(ch.message)} | \`${cell(ch.location)}\` |`,
      );
    }
    out.push("");
  }
  return `${out.join("\n")}\n`;
}

/**
 * JSON: `{ old, new, summary, blocking, allowed, changes }`.
 *
 * @example
 * JSON.parse(formatJson(result, ctx)).summary.breaking
 */
export function formatJson(result: DiffResult, ctx: ReportContext): string {
  return `${JSON.stringify(
    {
      old: ctx.oldLabel,
      new: ctx.newLabel,
      summary: result.summary,
      blocking: blocking(result, ctx.allowed).length,
      allowed: [...ctx.allowed],
      changes: result.changes,
    },
    null,
    2,
  )}\n`;
}
