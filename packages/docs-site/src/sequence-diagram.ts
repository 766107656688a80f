// A small SVG sequence-diagram renderer: parses a text description and lays it out, with no browser or network.
import { escapeHtml } from "./html.js";

/** One parsed step of a diagram. */
export type Step =
  | {
      readonly kind: "message";
      readonly from: string;
      readonly to: string;
      readonly text: string;
      readonly reply: boolean;
    }
  | { readonly kind: "note"; readonly over: string; readonly text: string };

/** A parsed diagram: participants in column order, then the steps top to bottom. */
export interface Diagram {
  readonly participants: readonly { readonly id: string; readonly label: string }[];
  readonly steps: readonly Step[];
}

/** Thrown for a line the syntax does not allow; names the line and the rule. */
export class DiagramSyntaxError extends Error {
  override readonly name = "DiagramSyntaxError";
}

const PARTICIPANT = /^participant\s+([\w-]+)(?:\s+as\s+(.+))?$/;
const MESSAGE = /^([\w-]+)\s*(-->|->)\s*([\w-]+)\s*:\s*(.+)$/;
const NOTE = /^note\s+([\w-]+)\s*:\s*(.+)$/;

/**
 * Parses `participant A as Label`, `A -> B: text` (call), `B --> A: text` (answer) and `note A: text` lines.
 *
 * @example
 * parseDiagram("participant M as Merchant\nM -> G: POST /_payment\nG --> M: 200 result").steps.length // => 2
 */
export function parseDiagram(source: string): Diagram {
  const participants: { id: string; label: string }[] = [];
  const steps: Step[] = [];
  const ensure = (id: string) => {
    if (!participants.some((p) => p.id === id)) participants.push({ id, label: id });
  };
  source.split("\n").forEach((raw, index) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) return;
    let m = PARTICIPANT.exec(line);
    if (m) {
      const id = m[1]!;
      if (participants.some((p) => p.id === id))
        throw new DiagramSyntaxError(`line ${index + 1}: participant ${id} is declared twice`);
      participants.push({ id, label: (m[2] ?? id).trim() });
      return;
    }
    m = MESSAGE.exec(line);
    if (m) {
      ensure(m[1]!);
      ensure(m[3]!);
      steps.push({ kind: "message", from: m[1]!, to: m[3]!, text: m[4]!.trim(), reply: m[2] === "-->" });
      return;
    }
    m = NOTE.exec(line);
    if (m) {
      ensure(m[1]!);
      steps.push({ kind: "note", over: m[1]!, text: m[2]!.trim() });
      return;
    }
    throw new DiagramSyntaxError(
      `line ${index + 1}: "${line}" is not "participant X as Label", "A -> B: text", "A --> B: text" or "note A: text"`,
    );
  });
  if (steps.length === 0) throw new DiagramSyntaxError("a diagram needs at least one message");
  return { participants, steps };
}

const COLUMN = 190;
const ROW = 44;
const TOP = 56;
/** Estimated width of one character of 13px system-ui text (generous, so labels never spill). */
const CHAR = 7.2;
const STYLE =
  "text{font:13px system-ui,sans-serif;fill:#1d2430}.actor{fill:#e8eef7;stroke:#0f2742}.actor-label{font-weight:600}" +
  ".lifeline{stroke:#9aa5b4;stroke-dasharray:4 4}.arrow{stroke:#0b5cad;stroke-width:1.5;fill:none}.head{fill:#0b5cad}" +
  ".message text{paint-order:stroke;stroke:#fff;stroke-width:4px;stroke-linejoin:round}" +
  ".reply .arrow{stroke-dasharray:6 4;stroke:#5a6473}.reply .head{fill:#5a6473}.note rect{fill:#fff8d6;stroke:#c9b458}";

const textWidth = (text: string) => Math.ceil(text.length * CHAR);

/**
 * Renders a parsed diagram as a standalone SVG (system font, no external references). Every label and note is
 * laid out inside the drawing: the canvas widens to whatever the longest text needs.
 *
 * @example
 * const svg = renderDiagram(parseDiagram("A -> B: hello"), "Hello");
 */
export function renderDiagram(diagram: Diagram, title: string): string {
  const longest = Math.max(...diagram.steps.map((s) => textWidth(s.text)));
  const column = Math.max(COLUMN, Math.min(320, longest + 30));
  const x = (id: string) => 20 + column / 2 + diagram.participants.findIndex((p) => p.id === id) * column;
  const height = TOP + diagram.steps.length * ROW + 60;
  const out: string[] = [];
  /** Horizontal extents of everything drawn, to size the canvas. */
  let minX = 0;
  let maxX = diagram.participants.length * column + 40;
  const span = (from: number, to: number) => {
    minX = Math.min(minX, from - 10);
    maxX = Math.max(maxX, to + 10);
  };
  const box = (id: string, label: string, y: number) =>
    `<rect x="${x(id) - column / 2 + 10}" y="${y}" width="${column - 20}" height="30" rx="5" class="actor"/><text x="${x(id)}" y="${y + 20}" text-anchor="middle" class="actor-label">${escapeHtml(label)}</text>`;
  for (const p of diagram.participants) {
    out.push(`<line x1="${x(p.id)}" y1="${TOP - 10}" x2="${x(p.id)}" y2="${height - 44}" class="lifeline"/>`);
    out.push(box(p.id, p.label, 12), box(p.id, p.label, height - 44));
  }
  diagram.steps.forEach((step, i) => {
    const y = TOP + 20 + i * ROW;
    if (step.kind === "note") {
      const w = textWidth(step.text) + 24;
      const cx = x(step.over);
      span(cx - w / 2, cx + w / 2);
      out.push(
        `<g class="note"><rect x="${cx - w / 2}" y="${y - 16}" width="${w}" height="24" rx="3"/><text x="${cx}" y="${y}" text-anchor="middle">${escapeHtml(step.text)}</text></g>`,
      );
      return;
    }
    const x1 = x(step.from);
    const x2 = x(step.to);
    const cls = step.reply ? "message reply" : "message";
    if (x1 === x2) {
      span(x1, x1 + 46 + textWidth(step.text));
      out.push(
        `<g class="${cls}"><path d="M${x1} ${y} h40 v14 h-36" class="arrow"/><text x="${x1 + 46}" y="${y + 10}">${escapeHtml(step.text)}</text></g>`,
      );
      return;
    }
    const dir = x2 > x1 ? -1 : 1;
    const mid = (x1 + x2) / 2;
    span(mid - textWidth(step.text) / 2, mid + textWidth(step.text) / 2);
    out.push(
      `<g class="${cls}"><text x="${mid}" y="${y - 6}" text-anchor="middle">${escapeHtml(step.text)}</text><line x1="${x1}" y1="${y}" x2="${x2}" y2="${y}" class="arrow"/><path d="M${x2} ${y} l${dir * 9} -5 v10 z" class="head"/></g>`,
    );
  });
  const width = Math.ceil(maxX - minX);
  const shift = minX < 0 ? ` transform="translate(${-minX} 0)"` : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" class="sequence-diagram" role="img" aria-label="${escapeHtml(title)}" data-messages="${diagram.steps.filter((s) => s.kind === "message").length}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
<g${shift}>
${out.join("\n")}
</g>
</svg>`;
}
