// Loads docs/guides/NN-slug.md in order and renders each as a page with previous/next links.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { escapeHtml, layout } from "./html.js";
import { renderMarkdown } from "./markdown.js";
import { GUIDES_DIR } from "./paths.js";

/** One guide, rendered. */
export interface Guide {
  readonly slug: string;
  readonly title: string;
  /** First paragraph's text, for the landing page. */
  readonly summary: string;
  readonly html: string;
  readonly diagrams: number;
}

const FILE = /^(\d\d)-([a-z0-9-]+)\.md$/;

/**
 * Every guide of `dir`, ordered by its number prefix (`01-getting-started.md`).
 *
 * @example
 * loadGuides().map((g) => g.slug) // => ["getting-started", "otp", ...]
 */
export function loadGuides(dir = GUIDES_DIR): Guide[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".md"))
    .sort();
  return files.map((file) => {
    const m = FILE.exec(file);
    if (!m) throw new Error(`docs/guides/${file}: name must be NN-slug.md (two digits, lowercase slug)`);
    const source = readFileSync(join(dir, file), "utf8");
    const rendered = renderMarkdown(source, `docs/guides/${file}`);
    if (!rendered.title) throw new Error(`docs/guides/${file}: must start with a "# Title" heading`);
    const summary = /\n\n([^#\n`|-][^\n]*)/.exec(source)?.[1] ?? "";
    return { slug: m[2]!, title: rendered.title, summary, html: rendered.html, diagrams: rendered.diagrams };
  });
}

/**
 * A guide's page: the rendered Markdown, then links to the previous and next guide.
 *
 * @example
 * renderGuidePage(guides[1], guides, 1)
 */
export function renderGuidePage(guide: Guide, guides: readonly Guide[], index: number): string {
  const prev = guides[index - 1];
  const next = guides[index + 1];
  const pager = `<nav class="pager" aria-label="Guides">
  ${prev ? `<a href="guide-${prev.slug}.html" rel="prev">← ${escapeHtml(prev.title)}</a>` : `<a href="index.html">← Home</a>`}
  ${next ? `<a href="guide-${next.slug}.html" rel="next">${escapeHtml(next.title)} →</a>` : `<a href="debugger.html">Hash debugger →</a>`}
</nav>`;
  return layout({
    title: guide.title,
    path: `guide-${guide.slug}.html`,
    guides,
    body: `<main class="content guide">\n${guide.html}\n${pager}\n</main>`,
  });
}
