// One reused Chromium tab over the docs site: records console errors, failed requests and requests leaving
// 127.0.0.1 per visit, and collects each page's links and element ids for the link check.
import type { Browser, Page } from "playwright-core";

/** What a visit saw: problems while loading, then the links and element ids of the rendered page. */
export interface Visit {
  readonly path: string;
  readonly problems: readonly string[];
  readonly links: readonly string[];
  readonly ids: ReadonlySet<string>;
}

/** A browser tab bound to the site's origin; each {@link SiteTab.visit} starts a fresh problem list. */
export class SiteTab {
  readonly visits = new Map<string, Visit>();
  private problems: string[] = [];

  private constructor(
    readonly page: Page,
    readonly origin: string,
  ) {}

  /**
   * Opens the tab; every request outside `origin` (and data: URLs) is recorded and aborted.
   *
   * @example
   * const tab = await SiteTab.open(browser, server.url);
   */
  static async open(browser: Browser, origin: string): Promise<SiteTab> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    const tab = new SiteTab(page, origin);
    await page.route("**/*", (route) => {
      const url = route.request().url();
      if (url.startsWith(`${origin}/`) || url.startsWith("data:")) return route.continue();
      tab.problems.push(`outside request: ${url}`);
      return route.abort();
    });
    page.on("console", (m) => {
      if (m.type() === "error") tab.problems.push(`console: ${m.text()}`);
    });
    page.on("pageerror", (e) => tab.problems.push(`page error: ${e.message}`));
    // ERR_ABORTED is a request the browser dropped because the tab moved on (a previous page's late image), not a
    // broken link: a missing file shows as its HTTP status below.
    page.on("requestfailed", (r) => {
      if (r.failure()?.errorText !== "net::ERR_ABORTED")
        tab.problems.push(`failed: ${r.url()} (${r.failure()?.errorText})`);
    });
    page.on("response", (r) => {
      if (r.status() >= 400) tab.problems.push(`HTTP ${r.status()}: ${r.url()}`);
    });
    return tab;
  }

  /**
   * Loads `path`, waits for `ready` (a selector) when given, and records the page's links and ids.
   *
   * @example
   * const visit = await tab.visit("reference-otp.html", "main[data-ready=true] .api-content h2");
   */
  async visit(path: string, ready?: string): Promise<Visit> {
    this.problems = [];
    await this.page.goto(`${this.origin}/${path}`, { waitUntil: "load" });
    if (ready) await this.page.waitForSelector(ready, { timeout: 30_000 });
    const links = await this.page.$$eval("a[href]", (as) => as.map((a) => (a as HTMLAnchorElement).href));
    const ids = new Set(await this.page.$$eval("[id]", (es) => es.map((e) => e.id)));
    const visit: Visit = { path, problems: this.problems, links, ids };
    this.visits.set(path, visit);
    return visit;
  }

  /** Problems recorded since the last visit began (e.g. while driving the debugger). */
  get currentProblems(): readonly string[] {
    return this.problems;
  }
}

/**
 * Checks every link of every visit: same-origin targets answer 200 from the site server, and a fragment names
 * an element of the visited target page. Returns the failures and the outside links (not fetched: offline).
 *
 * @example
 * const { broken, outside } = await checkLinks(tab.visits, server.url);
 */
export async function checkLinks(
  visits: ReadonlyMap<string, Visit>,
  origin: string,
): Promise<{ broken: string[]; outside: string[]; checked: number }> {
  const broken: string[] = [];
  const outside = new Set<string>();
  const status = new Map<string, number>();
  let checked = 0;
  for (const visit of visits.values()) {
    for (const href of new Set(visit.links)) {
      const url = new URL(href);
      if (url.protocol === "blob:") continue; // Redoc's "Download" button: the document, built in the page
      if (url.origin !== origin) {
        outside.add(href);
        continue;
      }
      checked++;
      const path = url.pathname.replace(/^\//, "") || "index.html";
      if (!status.has(path)) status.set(path, (await fetch(`${origin}/${path}`)).status);
      if (status.get(path) !== 200) broken.push(`${visit.path}: ${href} answers HTTP ${status.get(path)}`);
      if (!url.hash) continue;
      const target = visits.get(path);
      const id = decodeURIComponent(url.hash.slice(1));
      if (!target) broken.push(`${visit.path}: ${href} has a fragment on a page the test did not render`);
      else if (!target.ids.has(id))
        broken.push(`${visit.path}: ${href}: no element with id "${id}" on ${path}`);
    }
  }
  return { broken, outside: [...outside].sort(), checked };
}
