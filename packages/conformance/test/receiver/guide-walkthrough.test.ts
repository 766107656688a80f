// Guide 11 ("Test your webhook endpoint") as a newcomer follows it: the receiver from the guide's code block runs as
// its own process, the guide's trigger commands fire events at it through a running mock, and the guide's grading
// command grades it and writes the HTML report. The guide's text is what runs; only the ports are free ones.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { HOST_NAMES, type RunningMock, startMock } from "@pgi/mock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const PACKAGE = fileURLToPath(new URL("../../", import.meta.url));
const GUIDE = join(ROOT, "docs/guides/11-test-your-webhook-endpoint.md");
const MOCK_BIN = join(ROOT, "packages/mock/bin/pgi-mock.js");
const CONFORMANCE_BIN = join(PACKAGE, "bin/pgi-conformance.js");

/** The fenced blocks of `lang` in the guide, in order. */
const blocks = (text: string, lang: string) =>
  [...text.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, "g"))].map((m) => m[1] as string);

/** The guide's shell commands (continuation lines joined) that start with `prefix`. */
const commands = (text: string, prefix: string) =>
  blocks(text, "sh")
    .flatMap((b) => b.replace(/\\\n\s*/g, "").split("\n"))
    .filter((line) => line.startsWith(prefix));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/** Runs a guide command through sh with `pnpm mock` and `pnpm conformance` meaning this checkout's bins. */
function sh(
  line: string,
  env: Record<string, string>,
  cwd: string,
): Promise<{ code: number | null; out: string }> {
  const command = line
    .replace(/^pnpm mock /, `"${process.execPath}" "${MOCK_BIN}" `)
    .replace(/^pnpm conformance /, `"${process.execPath}" "${CONFORMANCE_BIN}" `);
  return new Promise((resolve) => {
    const child = spawn("sh", ["-c", command], {
      cwd,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on("data", (c: Buffer) => {
      out += c.toString();
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

let guide: string;
let dir: string;
let port: number;
let receiver: ChildProcess;
let receiverOut = "";
let mock: RunningMock;
let env: Record<string, string>;
const withPort = (line: string) => line.replaceAll("127.0.0.1:8080", `127.0.0.1:${port}`);

beforeAll(async () => {
  guide = await readFile(GUIDE, "utf8");
  // Inside the package, so `@pgi/webhooks` resolves as it does after `npm install @pgi/webhooks`.
  dir = await mkdtemp(join(PACKAGE, ".guide-11-"));
  port = await freePort();
  const [code] = blocks(guide, "js");
  await writeFile(join(dir, "receiver.mjs"), (code ?? "").replace("listen(8080", `listen(${port}`));
  receiver = spawn(process.execPath, [join(dir, "receiver.mjs")], {
    cwd: dir,
    stdio: ["ignore", "pipe", "pipe"],
  });
  receiver.stdout?.on("data", (c: Buffer) => {
    receiverOut += c.toString();
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the guide's receiver did not start in 30 s")), 30_000);
    receiver.stdout?.on("data", () => {
      if (receiverOut.includes("listening on")) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  mock = await startMock({ ports: Object.fromEntries(HOST_NAMES.map((h) => [h, 0])), timeFactor: 0.01 });
  env = { PGI_PARTNER_URL: mock.urls.partner, NO_COLOR: "1" };
}, 60_000);

afterAll(async () => {
  receiver?.kill();
  await mock?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("guide 11, as written", () => {
  it("fires every trigger command of the guide at the guide's receiver: each delivered, each event received", async () => {
    const triggers = commands(guide, "pnpm mock trigger");
    expect(triggers.length).toBeGreaterThanOrEqual(3);
    for (const line of triggers) {
      const r = await sh(withPort(line), env, dir);
      expect({ line, code: r.code }).toEqual({ line, code: 0 });
      if (!line.includes("--list")) expect(r.out).toMatch(/attempt 1 {2}200 in \d+ ms +delivered/);
    }
    expect(receiverOut).toMatch(/Bank verification status update: Approved/);
    expect(receiverOut).toMatch(
      /SIGNED_AUTHORISATION_LETTER status update: Declined \(11eb-de10-3a450888-a354-a483e7015be5\)/,
    );
  }, 180_000);

  it("grades the guide's receiver with the guide's command: every check passes, the HTML report is written", async () => {
    const [grade] = commands(guide, "pnpm conformance receiver");
    expect(grade).toBeDefined();
    const r = await sh(withPort(grade as string), env, dir);
    expect({ code: r.code, tail: r.out.trim().split("\n").at(-1) }).toEqual({
      code: 0,
      tail: expect.stringMatching(/^\d+ passed, 0 failed, 0 skipped$/),
    });
    const html = await readFile(join(dir, "webhook-report.html"), "utf8");
    expect(html).toMatch(/<html/);
    expect(html).not.toContain("pgi-test-webhook-secret");
  }, 180_000);
});
