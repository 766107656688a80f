// Drives the built site in headless Chromium, one browser and one reused tab: every page (landing, guides,
// reference per host, debugger) loads with no console error, no failed request and nothing outside 127.0.0.1;
// every link resolves; no page shows an extension name or a host placeholder; each page fits a 390 px screen;
// guide code is highlighted and copies exactly; each guide's diagram is rendered; the debugger reproduces the
// signing vectors and explains mismatches (swapped fields included). Screenshots for a reviewer go to
// packages/docs-site/screenshots/ (gitignored). Without Chromium the suite is skipped with the reason printed,
// except in CI (CI=true), where that is a failure.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type HostName, hosts } from "@pgi/client";
import { HOSTS as HOST_FACTS } from "@pgi/specs/hosts";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { GUIDES_DIR, SPECS_DIST_DIR } from "../src/paths.js";
import { parseDiagram } from "../src/sequence-diagram.js";
import { type DocsServer, startDocsServer } from "../src/server.js";
import { type Json, operationsOf } from "../src/spec-walk.js";
import { signingVectors } from "./signing-vectors.js";
import { checkLinks, SiteTab } from "./site-tab.js";

/** CHROMIUM_PATH when set (and only it), else Debian's chromium. */
/** Pages written for the gateway's API team, who change the specs and name their extensions. */
const SPEC_AUTHOR_PAGES = ["guide-api-team-spec-changes.html"];
const CANDIDATES = process.env.CHROMIUM_PATH
  ? [process.env.CHROMIUM_PATH]
  : ["/usr/bin/chromium", "/usr/bin/chromium-browser"];
const executablePath = CANDIDATES.find((p) => existsSync(p));
const NO_CHROMIUM = `no Chromium at ${CANDIDATES.join(" or ")}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`;
const inCi = Boolean(process.env.CI) && !/^(false|0)$/i.test(process.env.CI ?? "");
if (!executablePath && inCi) throw new Error(`CI needs Chromium for the docs test: ${NO_CHROMIUM}`);
if (!executablePath) {
  console.warn(`docs-site: the browser tests are skipped: ${NO_CHROMIUM}`);
  it.skip(`docs site in Chromium: skipped, ${NO_CHROMIUM}`, () => {});
}
const HOSTS = Object.keys(hosts) as HostName[];
/** Every x-pgi-* key used as an extension in the bundles: none may show on a page. */
const EXTENSIONS = (() => {
  const out = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === "object")
      for (const [k, v] of Object.entries(node)) {
        if (k.startsWith("x-pgi-")) out.add(k);
        walk(v);
      }
  };
  for (const h of HOSTS) walk(parse(readFileSync(join(SPECS_DIST_DIR, `${h}.yaml`), "utf8")));
  return [...out];
})();
const SCREENSHOTS = join(import.meta.dirname, "..", "screenshots");
const REDOC_READY = "main[data-ready=true] .api-content h2";

/** Each guide with the diagrams of its ```sequence blocks, parsed from the Markdown source. */
const GUIDES = readdirSync(GUIDES_DIR)
  .filter((f) => /^\d\d-[a-z0-9-]+\.md$/.test(f))
  .sort()
  .map((file) => {
    const source = readFileSync(join(GUIDES_DIR, file), "utf8");
    const diagrams = [...source.matchAll(/^```sequence\n([\s\S]*?)^```/gm)].map((m) => parseDiagram(m[1]!));
    const code = [...source.matchAll(/^```(\w*)\n([\s\S]*?)^```/gm)]
      .filter((m) => m[1] !== "sequence")
      .map((m) => ({ language: m[1] || "text", text: m[2]!.replace(/\n$/, "") }));
    return { file, page: `guide-${file.slice(3, -3)}.html`, diagrams, code };
  });

/** How each rendered diagram looks in the page: labels, message count, size, text escaping the drawing. */
interface RenderedDiagram {
  labels: string[];
  messages: number;
  width: number;
  height: number;
  clipped: string[];
}

describe.skipIf(!executablePath)("docs site in Chromium", () => {
  let browser: Browser;
  let server: DocsServer;
  let tab: SiteTab;
  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    server = await startDocsServer({ port: 0 });
    browser = await chromium.launch({
      executablePath,
      args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
    });
    tab = await SiteTab.open(browser, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** The site stylesheet is applied: the navigation bar has its dark background. */
  const navBackground = () =>
    tab.page.$eval(".site-nav", (nav) => getComputedStyle(nav).backgroundColor).catch(() => "no .site-nav");

  it("landing page links every guide, reference page and the debugger", async () => {
    const visit = await tab.visit("index.html");
    expect(visit.problems).toEqual([]);
    expect(await navBackground()).toBe("rgb(15, 39, 66)");
    const local = visit.links.map((l) => new URL(l).pathname.slice(1));
    for (const g of GUIDES) expect(local).toContain(g.page);
    for (const h of HOSTS) expect(local).toContain(`reference-${h}.html`);
    expect(local).toContain("debugger.html");
    // biome-ignore lint/performance/useDomNodeTextContent: the text a reader sees
    const cards = await tab.page.locator(".cards").innerText();
    expect(cards, "guide summaries show raw Markdown").not.toMatch(/[`*]/);
    await tab.page.screenshot({ path: join(SCREENSHOTS, "landing.png"), fullPage: true });
  });

  it.each(GUIDES.map((g) => [g.page, g] as const))("%s renders its sequence diagram", async (page, guide) => {
    const visit = await tab.visit(page);
    expect(visit.problems).toEqual([]);
    expect(await navBackground()).toBe("rgb(15, 39, 66)");
    expect(guide.diagrams.length, `${guide.file} has no sequence diagram`).toBeGreaterThan(0);
    const rendered: RenderedDiagram[] = await tab.page.$$eval("figure.sequence svg", (svgs) =>
      svgs.map((svg) => {
        const box = svg.getBoundingClientRect();
        const inside = (r: DOMRect, o: DOMRect) =>
          r.left >= o.left - 1 && r.right <= o.right + 1 && r.top >= o.top - 1 && r.bottom <= o.bottom + 1;
        const clipped = Array.from(svg.querySelectorAll("text"))
          .filter((t) => !inside(t.getBoundingClientRect(), box))
          .map((t) => t.textContent ?? "");
        for (const note of Array.from(svg.querySelectorAll("g.note"))) {
          const text = note.querySelector("text")!;
          if (!inside(text.getBoundingClientRect(), note.querySelector("rect")!.getBoundingClientRect()))
            clipped.push(`note spills out of its box: ${text.textContent}`);
        }
        return {
          labels: Array.from(svg.querySelectorAll(".actor-label")).map((t) => t.textContent ?? ""),
          messages: svg.querySelectorAll("g.message").length,
          width: box.width,
          height: box.height,
          clipped,
        };
      }),
    );
    expect(rendered).toHaveLength(guide.diagrams.length);
    for (const [i, diagram] of guide.diagrams.entries()) {
      const shown = rendered[i]!;
      const labels = diagram.participants.map((p) => p.label);
      expect(shown.labels, `${page} diagram ${i + 1}: participants top and bottom`).toEqual([
        ...labels.flatMap((l) => [l, l]),
      ]);
      expect(shown.messages).toBe(diagram.steps.filter((s) => s.kind === "message").length);
      expect(shown.width).toBeGreaterThan(300);
      expect(shown.height).toBeGreaterThan(100);
      expect(shown.clipped, `${page} diagram ${i + 1}: text outside the drawing`).toEqual([]);
    }
    if (page === "guide-getting-started.html")
      await tab.page.screenshot({ path: join(SCREENSHOTS, "guide-getting-started.png"), fullPage: true });
  });

  it.each(HOSTS)("reference-%s.html renders every operation once, as prose", async (host) => {
    const doc = parse(readFileSync(join(SPECS_DIST_DIR, `${host}.yaml`), "utf8")) as Json;
    const visit = await tab.visit(`reference-${host}.html`, REDOC_READY);
    // biome-ignore lint/performance/useDomNodeTextContent: the text a reader sees
    const text = await tab.page.locator("body").innerText();
    const html = await tab.page.content();
    for (const { group, op } of operationsOf(doc)) {
      // Callbacks are shown inside their operation, with no anchor of their own.
      if (group === "callbacks") expect(html).toContain(String(op.summary));
      else {
        expect(text, `${host}: "${String(op.summary)}"`).toContain(String(op.summary));
        expect(visit.ids, `${host}: anchor of ${String(op.operationId)}`).toContain(
          `operation/${String(op.operationId)}`,
        );
      }
    }
    expect(text).not.toContain('"x-pgi-');
    expect(await navBackground()).toBe("rgb(15, 39, 66)");
    expect(visit.problems).toEqual([]);
    if (host === "gateway") {
      // The operation's heading under the site bar, which stays in view over Redoc's sidebar.
      await tab.page.$eval('[id="operation/authorizeMandateTransaction"]', (el) => {
        el.scrollIntoView();
        window.scrollBy(0, -60);
      });
      expect((await tab.page.locator(".site-nav").boundingBox())?.y).toBe(0);
      await tab.page.screenshot({ path: join(SCREENSHOTS, "reference-gateway.png") });
    }
  });

  const vectors = signingVectors();
  /**
   * Fields that tell a scheme apart when pasted for detection: a UPI mandate registration has the payment
   * request's fields and is told apart by pre_authorize (not signed), which the CLI vector does not carry.
   */
  const DETECT_MARKERS: Partial<Record<string, Record<string, string>>> = {
    "upi-mandate-registration": { pre_authorize: "1" },
  };
  /** Vectors whose fields name no scheme: the debugger must ask the reader to choose one. */
  const UNDETECTABLE = new Set(["webhook-signature-large-integer"]);
  it("finds a signing vector for every scheme", async () => {
    const { SCHEME_IDS } = await import("@pgi/signing");
    expect(new Set(vectors.map((v) => v.scheme))).toEqual(new Set(SCHEME_IDS));
  });

  /** Fills the debugger's form and submits it; returns every output by id. */
  async function explainInPage(scheme: string, input: string, secret: string, received = "") {
    const page = tab.page;
    await page.selectOption("#scheme", scheme);
    await page.fill("#input", input);
    await page.fill("#secret", secret);
    await page.fill("#received", received);
    await page.click("#explain");
    await page.waitForFunction(
      () => document.getElementById("digest")?.textContent || document.getElementById("error")?.textContent,
    );
    const ids = ["error", "detected", "preimage", "digest", "result", "diagnosis"] as const;
    const out = {} as Record<(typeof ids)[number], string>;
    for (const id of ids) out[id] = (await page.locator(`#${id}`).textContent()) ?? "";
    return out;
  }

  it("debugger reproduces each signing vector, chosen or detected, with the secret masked", async () => {
    const visit = await tab.visit("debugger.html", "body[data-ready=true]");
    expect(await navBackground()).toBe("rgb(15, 39, 66)");
    for (const v of vectors) {
      const chosen = await explainInPage(v.scheme, v.input, v.secret, v.digest);
      expect(chosen.error, v.name).toBe("");
      expect(chosen.digest, v.name).toBe(v.digest);
      expect(chosen.result, v.name).toBe("match");
      expect(chosen.preimage, v.name).not.toContain(v.secret);
      const marker = DETECT_MARKERS[v.scheme];
      const pasted = marker ? JSON.stringify({ ...JSON.parse(v.input), ...marker }) : v.input;
      const detected = await explainInPage("detect", pasted, v.secret);
      if (UNDETECTABLE.has(v.name)) {
        expect(detected.error, v.name).toMatch(/could not tell the scheme .*choose one in the list/);
        continue;
      }
      expect(detected.detected, `${v.name}: detected scheme`).toMatch(new RegExp(`^${v.scheme} `));
      expect(detected.digest, v.name).toBe(v.digest);
    }
    expect(visit.problems).toEqual([]);
  });

  it("debugger explains an amount written as 1 instead of 1.00", async () => {
    const salt = "dbg-salt-4Kq9";
    const fields = {
      key: "JPM7Fg",
      txnid: "TXN1700000001",
      amount: "1.00",
      productinfo: "Gold plan",
      firstname: "Ashish",
      email: "ashish@example.com",
    };
    const form = Object.entries(fields)
      .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
      .join("&");
    // What a merchant that formats the amount as "1" sends: computed independently with node:crypto.
    const sent = createHash("sha512")
      .update(`JPM7Fg|TXN1700000001|1|Gold plan|Ashish|ashish@example.com|||||||||||${salt}`)
      .digest("hex");
    const out = await explainInPage("detect", `${form}&hash=${sent}`, salt);
    expect(out.error).toBe("");
    expect(out.detected).toMatch(/^payment-request /);
    expect(out.result).toBe("MISMATCH");
    expect(out.diagnosis).toContain('amount is written as "1" instead of "1.00"');
    expect(out.preimage).not.toContain(salt);
    expect(tab.currentProblems).toEqual([]);
    await tab.page.screenshot({ path: join(SCREENSHOTS, "debugger.png"), fullPage: true });
  });

  it("debugger names swapped fields and a missing field", async () => {
    await tab.visit("debugger.html", "body[data-ready=true]");
    const salt = "dbg-salt-7Rt2";
    const form =
      "key=JPM7Fg&txnid=TXN1700000002&amount=10.00&productinfo=Gold%20plan&firstname=Ashish&email=ashish%40example.com";
    // Digests a merchant with these mistakes sends, computed independently with node:crypto.
    const sha = (preimage: string) => createHash("sha512").update(preimage).digest("hex");
    const cases: [string, string][] = [
      [
        `JPM7Fg|TXN1700000002|10.00|Ashish|Gold plan|ashish@example.com|||||||||||${salt}`,
        "productinfo and firstname are swapped",
      ],
      [
        `TXN1700000002|JPM7Fg|10.00|Gold plan|Ashish|ashish@example.com|||||||||||${salt}`,
        "key and txnid are swapped",
      ],
      [
        `JPM7Fg|TXN1700000002|10.00|Gold plan|Ashish|||||||||||${salt}`,
        "email is left out (with its separator)",
      ],
    ];
    for (const [preimage, want] of cases) {
      const out = await explainInPage("detect", `${form}&hash=${sha(preimage)}`, salt);
      expect(out.result).toBe("MISMATCH");
      expect(out.diagnosis).toContain(`the received digest is reproduced when ${want}`);
      expect(out.diagnosis).toMatch(/tried \d+ alternative constructions/);
      expect(out.diagnosis + out.preimage).not.toContain(salt);
    }
    expect(tab.currentProblems).toEqual([]);
  });

  it("no page for merchants shows an extension name; no page a host placeholder; host variables and mock ports agree", async () => {
    expect(EXTENSIONS).toEqual(expect.arrayContaining(["x-pgi-signature", "x-pgi-rule"]));
    for (const path of tab.visits.keys()) {
      await tab.visit(path, path.startsWith("reference-") ? REDOC_READY : undefined);
      // biome-ignore lint/performance/useDomNodeTextContent: the text a reader sees
      const text = await tab.page.locator("body").innerText();
      // The API team's guide is for spec authors, who edit the extensions by name; every other page is for merchants.
      if (!SPEC_AUTHOR_PAGES.includes(path))
        for (const name of EXTENSIONS) expect(text, `${path} shows ${name}`).not.toContain(name);
      expect(text, `${path} shows a host placeholder`).not.toMatch(/\{(?:base|[a-z]+)_url\}/);
      for (const m of text.matchAll(/(PGI_[A-Z]+_URL)\W[^.\n]{0,60}?127\.0\.0\.1:(\d+)/g))
        expect(Number(m[2]), `${path}: ${m[0]}`).toBe(HOST_FACTS.find((h) => h.env === m[1])?.port);
    }
  });

  it("guide code is highlighted, and Copy copies each block exactly", async () => {
    const blocks = GUIDES.flatMap((g) => g.code.map((c) => ({ ...c, page: g.page })));
    expect(blocks.length).toBeGreaterThan(0);
    await tab.page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    for (const g of GUIDES) {
      if (g.code.length === 0) continue;
      const visit = await tab.visit(g.page);
      expect(visit.problems).toEqual([]);
      const shown = tab.page.locator(".code-block");
      expect(await shown.count(), g.page).toBe(g.code.length);
      for (const [i, block] of g.code.entries()) {
        const el = shown.nth(i);
        expect(await el.locator("code").textContent(), `${g.page} block ${i + 1}`).toBe(block.text);
        if (["sh", "ts", "json", "http"].includes(block.language))
          expect(
            await el.locator("code span[class^=tok-]").count(),
            `${g.page} block ${i + 1} highlighted`,
          ).toBeGreaterThan(0);
        await tab.page.evaluate(() => navigator.clipboard.writeText(""));
        await el.locator("button.copy").click();
        await expect.poll(() => el.locator("button.copy").textContent()).toBe("Copied");
        expect(
          await tab.page.evaluate(() => navigator.clipboard.readText()),
          `${g.page} block ${i + 1} copied`,
        ).toBe(block.text);
      }
    }
    await tab.visit("guide-getting-started.html");
    await tab.page
      .locator(".code-block")
      .nth(1)
      .screenshot({ path: join(SCREENSHOTS, "guide-code.png") });
  });

  it("every link on every page resolves", async () => {
    const expected = ["index.html", ...GUIDES.map((g) => g.page), ...HOSTS.map((h) => `reference-${h}.html`)];
    expect([...tab.visits.keys()]).toEqual(expect.arrayContaining([...expected, "debugger.html"]));
    const { broken, outside, checked } = await checkLinks(tab.visits, server.url);
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(100);
    // Outside links (Redoc's credit, the repository, example values in the contract) are not fetched: offline.
    for (const href of outside) expect(new URL(href).protocol, href).toBe("https:");
  });

  it("every page fits a 390 px wide screen without scrolling sideways", async () => {
    const pages = [
      "index.html",
      ...GUIDES.map((g) => g.page),
      ...HOSTS.map((h) => `reference-${h}.html`),
      "debugger.html",
    ];
    await tab.page.setViewportSize({ width: 390, height: 844 });
    try {
      for (const path of pages) {
        const visit = await tab.visit(path, path.startsWith("reference-") ? REDOC_READY : undefined);
        expect(visit.problems, path).toEqual([]);
        const { scrollWidth, innerWidth } = await tab.page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
        }));
        expect(scrollWidth, `${path} scrolls sideways at 390 px`).toBeLessThanOrEqual(innerWidth);
        if (path === "index.html" || path === "guide-card-mandate.html" || path === "reference-gateway.html")
          await tab.page.screenshot({ path: join(SCREENSHOTS, `${path.replace(/\.html$/, "")}-390.png`) });
      }
      // The navigation's menus, opened, stay on the screen too.
      await tab.visit("index.html");
      for (const menu of ["Guides", "Reference"]) {
        await tab.page.locator(".site-nav summary", { hasText: menu }).click();
        const box = await tab.page.locator(".site-nav details[open] ul").boundingBox();
        expect(box, `${menu} menu opens`).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, `${menu} menu fits 390 px`).toBeLessThanOrEqual(390);
        expect(await tab.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        if (menu === "Guides") await tab.page.screenshot({ path: join(SCREENSHOTS, "menu-390.png") });
        await tab.page.locator(".site-nav summary", { hasText: menu }).click();
      }
    } finally {
      await tab.page.setViewportSize({ width: 1280, height: 860 });
    }
  });
});
