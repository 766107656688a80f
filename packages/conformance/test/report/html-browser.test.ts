// The HTML report in headless Chromium: a suite run against the deliberately broken server and a receiver run
// against an endpoint that answers with markup. Nothing leaves for a URL other than file: or data:, no script runs,
// the verdict is at the top, every failure and checklist rule is there, and nothing spills sideways. Screenshots for
// a reviewer go to packages/conformance/screenshots/ (gitignored).
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { DEFAULT_CREDENTIALS } from "@pgi/mock";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOSTS } from "../../src/config/configuration.js";
import { failures } from "../../src/model/finding.js";
import type { RunResult } from "../../src/model/results.js";
import { gradeReceiver } from "../../src/receiver/grade.js";
import { CHECKLIST } from "../../src/report/go-live-checklist.js";
import { htmlReport } from "../../src/report/html.js";
import { loadSpecSet } from "../../src/spec/spec-set.js";
import { runSuite } from "../../src/suite/runner.js";
import { startBrokenServer } from "../broken-server/broken-server.js";
import { listen } from "../receiver/receivers.js";

const executablePath = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find(
  (p) => p && existsSync(p),
);
if (!executablePath && process.env.CI)
  throw new Error("CI needs Chromium for the HTML report test (Debian's chromium).");
if (!executablePath)
  console.log("html report browser test skipped: no Chromium at /usr/bin/chromium (set CHROMIUM_PATH)");

const OUT = join(import.meta.dirname, "..", "..", "screenshots");
const HOSTILE = "<script>window.__pwned = 1</script><img src=https://example.invalid/x.png>";

describe.skipIf(!executablePath)("the HTML report in Chromium", () => {
  let browser: Browser;
  const reports: { name: string; file: string; result: RunResult }[] = [];

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    const specs = loadSpecSet();
    const broken = await startBrokenServer(DEFAULT_CREDENTIALS.webhookSecret);
    try {
      const suite = await runSuite(
        specs,
        {
          name: "the broken server",
          urls: Object.fromEntries(HOSTS.map((h) => [h, broken.url])),
          credentials: { ...DEFAULT_CREDENTIALS },
          isMock: true,
        },
        { retryWaitMs: 1_000 },
      );
      reports.push({ name: "suite", file: join(OUT, "report-suite.html"), result: suite });
    } finally {
      await broken.close();
    }
    // An endpoint that checks nothing and answers every delivery with markup.
    const rx = await listen((req, res) => {
      req.resume();
      req.on("end", () => res.end(HOSTILE));
    });
    try {
      const graded = await gradeReceiver({
        url: new URL(rx.url),
        secret: "browser-test-secret",
        timeFactor: 0.05,
        specs,
      });
      reports.push({ name: "receiver", file: join(OUT, "report-receiver.html"), result: graded });
    } finally {
      await rx.close();
    }
    for (const r of reports) writeFileSync(r.file, htmlReport(r.result));
    browser = await chromium.launch({
      executablePath,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it.each(["suite", "receiver"])(
    "the %s report reads on its own: nothing fetched, no script, everything there",
    async (name) => {
      const report = reports.find((r) => r.name === name);
      if (!report) throw new Error(`no ${name} report`);
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const outside: string[] = [];
      await context.route("**/*", (route) => {
        const url = route.request().url();
        if (url.startsWith("file:") || url.startsWith("data:")) return route.continue();
        outside.push(url);
        return route.abort();
      });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
      page.on("pageerror", (e) => problems.push(e.message));
      try {
        await page.goto(pathToFileURL(report.file).toString());
        expect(outside).toEqual([]);
        expect(problems).toEqual([]);
        const seen = await page.evaluate(() => ({
          scripts: document.scripts.length,
          pwned: (window as unknown as { __pwned?: number }).__pwned,
          images: document.images.length,
          checklist: document.querySelectorAll("#checklist tr.item").length,
          failures: document.querySelectorAll("article.failure").length,
          verdictTop: document.querySelector(".verdict")?.getBoundingClientRect().top ?? -1,
          overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          // biome-ignore lint/performance/useDomNodeTextContent: the text a reader sees
          text: document.body.innerText,
        }));
        const failed = report.result.results.filter(
          (c) => !c.skipped && failures(c.findings).length > 0,
        ).length;
        expect(failed).toBeGreaterThan(0);
        expect(seen.scripts).toBe(0);
        expect(seen.pwned).toBeUndefined();
        expect(seen.images).toBe(0);
        expect(seen.checklist).toBe(CHECKLIST.length);
        expect(seen.failures).toBe(failed);
        expect(seen.verdictTop).toBeGreaterThanOrEqual(0);
        expect(seen.verdictTop).toBeLessThan(250);
        expect(seen.overflow).toBeLessThanOrEqual(0);
        const r = report.result;
        expect(seen.text).toContain(`${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`);
        expect(seen.text).toContain(`FAILED: ${r.failed} of ${r.passed + r.failed} cases failed`);
        if (name === "receiver") expect(seen.text).toContain("<script>window.__pwned = 1</script>");
        else expect(seen.text).toContain("$PGI_");
        await page.screenshot({ path: join(OUT, `report-${name}-top.png`) });
        await page.locator("#results").screenshot({ path: join(OUT, `report-${name}-results.png`) });
        await page
          .locator("article.failure")
          .first()
          .screenshot({ path: join(OUT, `report-${name}-failure.png`) });
        await page.setViewportSize({ width: 390, height: 800 });
        expect(
          await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          ),
        ).toBeLessThanOrEqual(0);
        await page.screenshot({ path: join(OUT, `report-${name}-narrow.png`) });
      } finally {
        await context.close();
      }
    },
  );
});
