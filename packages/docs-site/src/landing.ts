// The landing page: what the toolkit is, where to start, every guide, every reference page, the debugger.
import { escapeHtml, layout, type NavGuide } from "./html.js";
import { renderInline } from "./markdown.js";

/** A reference page as the landing page lists it. */
export interface HostSummary {
  readonly host: string;
  readonly title: string;
  readonly version: string;
  readonly operations: number;
}

/**
 * The first sentence of a guide's opening paragraph, for its card.
 *
 * @example
 * firstSentence("Start the mock. Then call it.") // => "Start the mock."
 */
export function firstSentence(text: string): string {
  const end = /[.!?](?=\s+[A-Z`])/.exec(text);
  return end ? text.slice(0, end.index + 1) : text;
}

/**
 * The site's index.html.
 *
 * @example
 * landingPage([{ slug: "getting-started", title: "Getting started" }], hosts)
 */
export function landingPage(
  guides: readonly (NavGuide & { summary?: string })[],
  hosts: readonly HostSummary[],
): string {
  const guideItems = guides
    .map(
      (g) =>
        `<li><a href="guide-${g.slug}.html"><strong>${escapeHtml(g.title)}</strong></a>${g.summary ? `<br>${renderInline(firstSentence(g.summary))}` : ""}</li>`,
    )
    .join("\n");
  const hostRows = hosts
    .map(
      (h) =>
        `<tr><td><a href="reference-${h.host}.html">${escapeHtml(h.title)}</a></td><td><code>${h.host}</code></td><td>${escapeHtml(h.version)}</td><td>${h.operations}</td><td><a href="${h.host}.yaml">${h.host}.yaml</a></td></tr>`,
    )
    .join("\n");
  const body = `<main class="content landing">
<h1>Payment gateway interface toolkit</h1>
<p>A contract toolkit for the payment gateway's merchant and partner APIs: hand-written OpenAPI contracts of the
seven hosts, a signing library that computes <em>and explains</em> every hash, checksum and webhook signature,
typed TypeScript clients that sign for you, a mock of every host that behaves like the real one, a conformance
suite, and a webhook receiver. Everything here runs offline against the mock.</p>
<p><strong>New here?</strong> <a href="guide-getting-started.html">Getting started in five minutes</a>: start the
mock, make a first signed call, run the conformance suite. <strong>Hash does not match?</strong> Paste your
request into the <a href="debugger.html">hash debugger</a>: it runs in this page, sends nothing anywhere, and says
what differs.</p>
<h2>Guides</h2>
<ul class="cards">
${guideItems}
</ul>
<h2>Reference</h2>
<p>One page per host, rendered from the bundled contract, with a curl and a TypeScript sample per operation.</p>
<div class="table-scroll"><table><thead><tr><th>Host</th><th>Name</th><th>Version</th><th>Operations</th><th>Contract</th></tr></thead>
<tbody>
${hostRows}
</tbody></table></div>
<h2>Tools</h2>
<ul>
<li><a href="debugger.html">Hash debugger</a>: pre-image, expected digest and the diagnosis of a mismatch, in your browser.</li>
<li><code>pnpm mock</code>, <code>pnpm conformance</code>, <code>pnpm sign</code>, <code>pnpm reference</code>: see the repository's README.</li>
</ul>
</main>`;
  return layout({ title: "Home", path: "index.html", guides, body });
}
