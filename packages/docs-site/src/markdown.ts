// A small Markdown renderer for the guides: headings, paragraphs, lists, tables, code, links, emphasis, and
// ```sequence blocks rendered to SVG by sequence-diagram.ts.
import { highlight } from "./highlight.js";
import { escapeHtml } from "./html.js";
import { parseDiagram, renderDiagram } from "./sequence-diagram.js";

/**
 * Renders one line of inline Markdown: `code`, **strong**, *emphasis* and [links](href); the rest is escaped.
 *
 * @example
 * renderInline("Run `pnpm mock` **first**") // => "Run <code>pnpm mock</code> <strong>first</strong>"
 */
export function renderInline(text: string): string {
  const parts = text.split("`");
  return parts
    .map((part, i) => {
      if (i % 2 === 1) return `<code>${escapeHtml(part)}</code>`;
      return escapeHtml(part)
        .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
        .replace(/\*([^*]+)\*/g, "<em>$1</em>")
        .replace(
          /\[([^\]]+)\]\(([^)\s]+)\)/g,
          (_m, label: string, href: string) => `<a href="${href}">${label}</a>`,
        );
    })
    .join("");
}

function table(rows: string[]): string {
  const cells = (row: string) =>
    row
      .replace(/^\||\|$/g, "")
      .split("|")
      .map((c) => renderInline(c.trim()));
  const [head, , ...body] = rows;
  const th = cells(head ?? "")
    .map((c) => `<th>${c}</th>`)
    .join("");
  const trs = body
    .map(
      (r) =>
        `<tr>${cells(r)
          .map((c) => `<td>${c}</td>`)
          .join("")}</tr>`,
    )
    .join("\n");
  return `<div class="table-scroll"><table><thead><tr>${th}</tr></thead><tbody>${trs}</tbody></table></div>`;
}

/** Rendered guide: HTML, its first heading, and how many diagrams it holds. */
export interface RenderedMarkdown {
  readonly html: string;
  readonly title: string;
  readonly diagrams: number;
}

/**
 * Renders the Markdown subset the guides use; `context` names the file in diagram errors.
 *
 * @example
 * renderMarkdown("# Title\n\nSome `code`.", "x.md").html // => "<h1 id=\"title\">Title</h1>\n<p>Some <code>code</code>.</p>"
 */
export function renderMarkdown(source: string, context: string): RenderedMarkdown {
  const lines = source.replace(/\r\n/g, "\n").split("\n");
  const out: string[] = [];
  let title = "";
  let diagrams = 0;
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const fence = /^```(\w*)\s*$/.exec(line);
    if (fence) {
      const block: string[] = [];
      for (i++; i < lines.length && !/^```\s*$/.test(lines[i]!); i++) block.push(lines[i]!);
      i++;
      if (fence[1] === "sequence") {
        diagrams++;
        const caption = title ? `${title}: sequence` : "Sequence";
        try {
          out.push(
            `<figure class="sequence">${renderDiagram(parseDiagram(block.join("\n")), caption)}</figure>`,
          );
        } catch (error) {
          throw new Error(`${context}: diagram ${diagrams}: ${(error as Error).message}`);
        }
      } else {
        const language = fence[1] || "text";
        out.push(
          `<div class="code-block"><pre><code class="language-${language}">${highlight(block.join("\n"), language)}</code></pre></div>`,
        );
      }
      continue;
    }
    const heading = /^(#{1,4})\s+(.+)$/.exec(line);
    if (heading) {
      const level = heading[1]!.length;
      const text = heading[2]!.trim();
      if (level === 1 && !title) title = text;
      const id = text
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, "");
      out.push(`<h${level} id="${id}">${renderInline(text)}</h${level}>`);
      i++;
      continue;
    }
    const collect = (test: RegExp) => {
      const items: string[] = [];
      while (i < lines.length && test.test(lines[i]!)) items.push(lines[i++]!);
      return items;
    };
    if (/^\s*[-*]\s+/.test(line)) {
      const items = collect(/^\s*([-*]\s+|\s{2,}\S)/);
      out.push(`<ul>${joinItems(items, /^\s*[-*]\s+/)}</ul>`);
      continue;
    }
    if (/^\d+\.\s+/.test(line)) {
      const items = collect(/^(\d+\.\s+|\s{2,}\S)/);
      out.push(`<ol>${joinItems(items, /^\d+\.\s+/)}</ol>`);
      continue;
    }
    if (/^\|/.test(line)) {
      out.push(table(collect(/^\|/)));
      continue;
    }
    if (line.trim() === "") {
      i++;
      continue;
    }
    const para = collect(/^(?!\s*$)(?!```)(?!#{1,4}\s)(?!\s*[-*]\s)(?!\d+\.\s)(?!\|)/);
    out.push(`<p>${renderInline(para.join(" "))}</p>`);
  }
  return { html: out.join("\n"), title, diagrams };
}

/** List items, with indented continuation lines folded into the item before them. */
function joinItems(lines: string[], marker: RegExp): string {
  const items: string[] = [];
  for (const l of lines) {
    if (marker.test(l)) items.push(l.replace(marker, ""));
    else items[items.length - 1] += ` ${l.trim()}`;
  }
  return items.map((t) => `<li>${renderInline(t)}</li>`).join("");
}
