// `pnpm --filter @pgi/docs-site build`: writes the whole site into dist/site/ (landing page, guides, reference
// per host, hash debugger, and the assets they use). Nothing on the pages is fetched from outside.
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { HostName } from "@pgi/client";
import { parse } from "yaml";
import { bundleDebugger, debuggerPage, recipeUses } from "./debugger-page.js";
import { loadGuides, renderGuidePage } from "./guides.js";
import { HOST_PAGES } from "./html.js";
import { landingPage } from "./landing.js";
import { REDOC_BUNDLE, SITE_DIR, SPECS_DIST_DIR } from "./paths.js";
import { REFERENCE_JS, referencePage } from "./reference-page.js";
import { SITE_CSS } from "./site-css.js";
import { SITE_JS } from "./site-script.js";
import { type Json, operationsOf } from "./spec-walk.js";

/** Redoc's sidebar footer shows a logo from a CDN; the copy served here points at a local file instead. */
const REDOC_REMOTE_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg";
const LOCAL_LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#0f2742"/></svg>\n`;

function copyRedoc(): void {
  const source = readFileSync(REDOC_BUNDLE, "utf8");
  if (!source.includes(REDOC_REMOTE_LOGO))
    throw new Error("redoc.standalone.js no longer references its CDN logo: check the local-logo rewrite");
  writeFileSync(
    join(SITE_DIR, "redoc.standalone.js"),
    source.split(REDOC_REMOTE_LOGO).join("redoc-logo.svg"),
  );
  writeFileSync(join(SITE_DIR, "redoc-logo.svg"), LOCAL_LOGO_SVG);
}

/**
 * Builds the site from the bundled specs and the guides.
 *
 * @example
 * await buildSite(); // dist/site/index.html, guide-*.html, reference-*.html, debugger.html
 */
export async function buildSite(): Promise<{ pages: number }> {
  rmSync(SITE_DIR, { recursive: true, force: true });
  mkdirSync(SITE_DIR, { recursive: true });
  const guides = loadGuides();
  const nav = guides.map((g) => ({ slug: g.slug, title: g.title }));
  writeFileSync(join(SITE_DIR, "site.css"), SITE_CSS);
  writeFileSync(join(SITE_DIR, "site.js"), SITE_JS);
  copyRedoc();
  writeFileSync(join(SITE_DIR, "reference.js"), REFERENCE_JS);
  const hosts = HOST_PAGES.map(({ host, title }) => {
    const text = readFileSync(join(SPECS_DIST_DIR, `${host}.yaml`), "utf8");
    const doc = parse(text) as Json;
    copyFileSync(join(SPECS_DIST_DIR, `${host}.yaml`), join(SITE_DIR, `${host}.yaml`));
    writeFileSync(join(SITE_DIR, `reference-${host}.html`), referencePage(host as HostName, title, doc, nav));
    const info = doc.info as { version?: string; description?: string };
    return {
      host,
      title,
      doc,
      version: String(info.version ?? ""),
      operations: [...operationsOf(doc)].length,
    };
  });
  for (const [i, guide] of guides.entries())
    writeFileSync(join(SITE_DIR, `guide-${guide.slug}.html`), renderGuidePage(guide, guides, i));
  writeFileSync(join(SITE_DIR, "index.html"), landingPage(guides, hosts));
  await bundleDebugger(SITE_DIR);
  writeFileSync(join(SITE_DIR, "debugger.html"), debuggerPage(nav, recipeUses(hosts)));
  return { pages: 2 + guides.length + hosts.length };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { pages } = await buildSite();
  console.log(`docs-site: ${pages} pages in packages/docs-site/dist/site/`);
}
