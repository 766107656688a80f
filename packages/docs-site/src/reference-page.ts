// One reference page per host: the bundle prepared for Redoc (prose rules, escaped placeholders, code samples)
// inside the site's layout.
import type { HostName } from "@pgi/client";
import { codeSamples } from "./code-samples.js";
import { escapeHtml, layout, type NavGuide } from "./html.js";
import { escapeDescriptions } from "./placeholders.js";
import { type Json, operationsOf } from "./spec-walk.js";
import { extensionsAsProse } from "./x-prose.js";

/** Redoc options: no raw extensions (they are prose), system fonts (nothing fetched), samples in the panel. */
export const REDOC_OPTIONS = {
  showExtensions: false,
  expandResponses: "200,201",
  jsonSampleExpandLevel: 4,
  showWebhookVerb: true,
  pathInMiddlePanel: true,
  requiredPropsFirst: true,
  hideLoading: true,
  scrollYOffset: "nav.site-nav",
  theme: {
    typography: {
      fontFamily: "system-ui, -apple-system, 'Segoe UI', sans-serif",
      headings: { fontFamily: "system-ui, -apple-system, 'Segoe UI', sans-serif" },
      code: { fontFamily: "ui-monospace, 'DejaVu Sans Mono', monospace" },
    },
  },
} as const;

/**
 * The document as Redoc gets it: a deep copy with x-codeSamples on every operation under `paths`,
 * x-pgi-* as prose, and placeholders escaped.
 *
 * @example
 * const forRedoc = prepareForRedoc("otp", doc);
 */
export function prepareForRedoc(host: HostName, doc: Json): Json {
  const copy = structuredClone(doc);
  for (const ref of operationsOf(copy)) {
    const samples = codeSamples(host, doc, ref);
    if (samples.length) ref.op["x-codeSamples"] = samples;
  }
  extensionsAsProse(copy);
  escapeDescriptions(copy);
  return copy;
}

/**
 * The HTML page of one host: site navigation, then Redoc over the embedded, prepared document.
 *
 * @example
 * writeFileSync("reference-otp.html", referencePage("otp", "OTP and token service", doc, guides));
 */
export function referencePage(host: HostName, title: string, doc: Json, guides: readonly NavGuide[]): string {
  // `<` is escaped so the JSON can never close the script element it sits in.
  const spec = JSON.stringify(prepareForRedoc(host, doc)).replace(/</g, "\\u003c");
  const body = `<main id="redoc" data-host="${host}"></main>
<script id="spec" type="application/json">${spec}</script>
<script src="redoc.standalone.js"></script>
<script src="reference.js"></script>
<noscript>This reference needs JavaScript; the contract itself is <a href="${host}.yaml">${escapeHtml(host)}.yaml</a>.</noscript>`;
  return layout({
    title: `${title} reference`,
    path: `reference-${host}.html`,
    guides,
    body,
    bodyClass: "reference",
    head: `<script id="redoc-options" type="application/json">${JSON.stringify(REDOC_OPTIONS)}</script>`,
  });
}

/** Starts Redoc on a reference page (served as reference.js: no inline script, so one file for every host). */
export const REFERENCE_JS = `// Starts Redoc on the embedded document; sets data-ready on <main> once rendered.
(function () {
  var main = document.getElementById("redoc");
  var spec = JSON.parse(document.getElementById("spec").textContent);
  var options = JSON.parse(document.getElementById("redoc-options").textContent);
  Redoc.init(spec, options, main, function (error) {
    if (error) { console.error("Redoc failed: " + error); return; }
    main.setAttribute("data-ready", "true");
  });
})();
`;
