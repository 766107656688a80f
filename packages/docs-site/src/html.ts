// HTML helpers shared by every page: escaping and the layout with the site-wide navigation.
import { hosts } from "@pgi/client";

/** A guide as the navigation lists it. */
export interface NavGuide {
  readonly slug: string;
  readonly title: string;
}

/**
 * Escapes text for HTML element content and attribute values.
 *
 * @example
 * escapeHtml('<a href="x">') // => "&lt;a href=&quot;x&quot;&gt;"
 */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Host names in the order of their default ports (the host index), with their titles. */
export const HOST_PAGES: readonly { readonly host: string; readonly title: string }[] = Object.entries(
  hosts,
).map(([host, h]) => ({ host, title: h.title }));

/** The navigation bar: landing page, guides, one link per reference page, the debugger. */
export function navigation(guides: readonly NavGuide[], current: string): string {
  const link = (href: string, text: string, html = escapeHtml(text)) =>
    `<a href="${href}"${href === current ? ' aria-current="page"' : ""}>${html}</a>`;
  const guideLinks = guides.map((g) => `<li>${link(`guide-${g.slug}.html`, g.title)}</li>`).join("");
  const refLinks = HOST_PAGES.map((h) => `<li>${link(`reference-${h.host}.html`, h.title)}</li>`).join("");
  return `<nav class="site-nav" aria-label="Site">
  ${link("index.html", "PGI docs")}
  <details><summary>Guides</summary><ul>${guideLinks}</ul></details>
  <details><summary>Reference</summary><ul>${refLinks}</ul></details>
  ${link("debugger.html", "Hash debugger", '<span class="wide-only">Hash </span>debugger')}
</nav>`;
}

/** Options of {@link layout}. */
export interface LayoutOptions {
  readonly title: string;
  /** File name of the page in the (flat) site folder, e.g. `guide-otp.html`; marks the current link. */
  readonly path: string;
  readonly guides: readonly NavGuide[];
  readonly body: string;
  readonly head?: string;
  readonly bodyClass?: string;
}

/**
 * A complete page. The site is one flat folder, so every link is a bare file name.
 *
 * @example
 * layout({ title: "Home", path: "index.html", guides: [], body: "<h1>Home</h1>" })
 */
export function layout(options: LayoutOptions): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)} · PGI docs</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="site.css">
<script src="site.js" defer></script>
${options.head ?? ""}
</head>
<body${options.bodyClass ? ` class="${options.bodyClass}"` : ""}>
${navigation(options.guides, options.path)}
${options.body}
</body>
</html>
`;
}
