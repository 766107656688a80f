// Opens every rendered reference page in headless Chromium and checks each operation's title is on it.
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error plain ESM script without type declarations
import { operationsOf } from "../scripts/docs-build.mjs";
// @ts-expect-error plain ESM script without type declarations
import { startDocsServer } from "../scripts/docs-server.mjs";
import { HOSTS, loadBundle } from "./helpers.js";

const executablePath = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find(
  (p) => p && existsSync(p),
);
if (!executablePath && process.env.CI) {
  throw new Error("CI needs Chromium for the docs test: .ci/run installs Debian's chromium package.");
}
if (!executablePath) {
  console.warn("docs.test: skipped, no Chromium found (apt-get install chromium, or set CHROMIUM_PATH)");
}

describe.skipIf(!executablePath)("rendered reference docs", () => {
  let browser: Browser;
  let server: { url: string; close: () => Promise<void> };

  beforeAll(async () => {
    server = await startDocsServer({ port: 0 });
    browser = await chromium.launch({
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("the index links every host's page", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    const hrefs = await page.locator("a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(hrefs.sort()).toEqual(HOSTS.map((h) => `${h}.html`).sort());
    await page.close();
  });

  it.each(HOSTS)("%s page renders every operation title and its contract rules", async (host) => {
    const doc = loadBundle(host);
    const page = await browser.newPage();
    const failed: string[] = [];
    page.on("requestfailed", (r) => failed.push(r.url()));
    await page.goto(`${server.url}/${host}.html`);
    await page.waitForSelector(".api-content h2", { timeout: 20_000 });
    // biome-ignore lint/performance/useDomNodeTextContent: we want the text a reader sees, not hidden nodes
    const text = await page.locator("body").innerText();
    const ops = [...operationsOf(doc)] as { group: string; op: { summary: string; description?: string } }[];
    for (const { group, op } of ops) {
      if (group === "callbacks") continue; // rendered collapsed inside their operation; checked by name below
      expect(text, `${host}: "${op.summary}"`).toContain(op.summary);
    }
    for (const cb of ops.filter((o) => o.group === "callbacks")) {
      const html = await page.content();
      expect(html, `${host}: callback "${cb.op.summary}"`).toContain(cb.op.summary);
    }
    const source = JSON.stringify(doc);
    if (source.includes("x-pgi-signature") || source.includes("x-pgi-rule"))
      expect(text).toContain("Contract rules");
    // Redoc's footer attribution logo is the only remote resource it asks for; everything else is local.
    const remote = failed.filter((u) => !u.startsWith("https://cdn.redoc.ly/redoc/logo"));
    expect(remote, "pages must not need the network").toEqual([]);
    await page.close();
  });
});
