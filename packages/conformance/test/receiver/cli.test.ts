// `pgi-conformance receiver` end to end through main(): misuse and unreachable URLs exit 2 with one line, a good
// endpoint exits 0, a broken one 1; reports go where asked; the secret never appears in any output.
import { mkdtemp, readFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli.js";
import type { CommandIo } from "../../src/commands/io.js";
import * as receivers from "./receivers.js";

const SECRET = "cli-secret-3b9d-do-not-print";

/** main() with captured output and the given environment. */
async function run(args: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CommandIo = {
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    progress: () => {},
    env,
    colour: false,
    writeFile: async (path, text) => {
      const { writeFile } = await import("node:fs/promises");
      await writeFile(path, text);
    },
  };
  const code = await main(args, io);
  return { code, stdout: out.join("\n"), stderr: err.join("\n") };
}

let good: receivers.RunningReceiver;
let closedUrl: string;
beforeAll(async () => {
  good = await receivers.good(SECRET);
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  closedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  await new Promise<void>((r) => server.close(() => r()));
});
afterAll(() => good.close());

describe("pgi-conformance receiver", () => {
  it("--help lists every check, the options with examples, and the exit codes", async () => {
    const r = await run(["receiver", "--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /receiver URL \[--secret SECRET\] \[--time-factor F\] \[--reporter NAME --out FILE\]/,
    );
    for (const id of [
      "event_kinds_accepted",
      "bad_signature_refused",
      "retry_accepted",
      "answered_within_limit",
    ])
      expect(r.stdout).toContain(id);
    expect(r.stdout).toMatch(/Examples:\n {2}pgi-conformance receiver http:\/\/127\.0\.0\.1:8080/);
    expect(r.stdout).toMatch(
      /Exit codes: 0 every check passed, 1 a check failed, 2 misuse or the URL unreachable/,
    );
  });

  it.each([
    [["receiver"], {}, /receiver needs the URL of your webhook endpoint/],
    [["receiver", "http://a/", "http://b/"], {}, /receiver takes one URL, not 2 arguments/],
    [
      ["receiver", "ftp://example.in/hook", "--secret", "s"],
      {},
      /ftp: is not supported; give an http:\/\/ or https:\/\/ URL/,
    ],
    [["receiver", "example.in/hook", "--secret", "s"], {}, /example\.in\/hook is not a URL/],
    [
      ["receiver", "http://127.0.0.1:1/"],
      {},
      /no signing secret: pass --secret SECRET or set PGI_WEBHOOK_SECRET/,
    ],
    [["receiver", "http://127.0.0.1:1/", "--secret", ""], {}, /--secret is empty/],
    [
      ["receiver", "http://127.0.0.1:1/", "--time-factor", "0"],
      { PGI_WEBHOOK_SECRET: "s" },
      /--time-factor 0: a number greater than 0 and at most 1/,
    ],
    [
      ["receiver", "http://127.0.0.1:1/", "--time-factor", "fast"],
      { PGI_WEBHOOK_SECRET: "s" },
      /--time-factor fast: a number/,
    ],
    [
      ["receiver", "http://127.0.0.1:1/", "--time-factor", "2"],
      { PGI_WEBHOOK_SECRET: "s" },
      /--time-factor 2: a number greater than 0 and at most 1/,
    ],
    [
      ["receiver", "http://127.0.0.1:1/", "--reporter", "xml"],
      { PGI_WEBHOOK_SECRET: "s" },
      /--reporter xml: use one of terminal, json, junit, html/,
    ],
    [
      ["receiver", "http://127.0.0.1:1/", "--out", "x.html"],
      { PGI_WEBHOOK_SECRET: "s" },
      /--out needs --reporter json, junit or html/,
    ],
    [
      ["receiver", "http://127.0.0.1:1/", "--reporter", "html", "--out", "/nope/x.html"],
      { PGI_WEBHOOK_SECRET: "s" },
      /--out \/nope\/x\.html: its directory does not exist/,
    ],
    [
      ["receiver", "http://127.0.0.1:1/", "--bogus"],
      { PGI_WEBHOOK_SECRET: "s" },
      /unknown option --bogus; the options are --secret VALUE/,
    ],
  ])("misuse %j exits 2 with a one-line reason", async (args, env, message) => {
    const r = await run(args, env as Record<string, string>);
    expect(r.code).toBe(2);
    expect(r.stderr.split("\n")[0]).toMatch(message);
    expect(r.stdout).toBe("");
  });

  it("an unreachable URL exits 2 naming it, its password masked, and sends nothing", async () => {
    const withPassword = closedUrl.replace("http://", "http://me:hunter2@");
    const r = await run(["receiver", withPassword, "--secret", SECRET]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `pgi-conformance receiver: ${closedUrl.replace("http://", "http://me:****@")} is unreachable: connection refused`,
    );
    expect(r.stderr).not.toContain("hunter2");
  });

  it("grades a good endpoint: exit 0, the summary last, the secret (from PGI_WEBHOOK_SECRET) never printed", async () => {
    const r = await run(["receiver", good.url, "--time-factor", "0.05"], { PGI_WEBHOOK_SECRET: SECRET });
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout.split("\n").at(-1)).toMatch(/^\d+ passed, 0 failed, 0 skipped$/);
    expect(r.stdout).toContain(`Conformance against the webhook endpoint ${good.url}`);
    expect(r.stdout + r.stderr).not.toContain(SECRET);
  });

  it("grades a broken endpoint: exit 1; json and html reports carry the failures and never the secret", async () => {
    // This receiver skips the signature check and echoes the secret it was configured with in every answer.
    const leaky = await receivers.listen((req, res) => {
      req.resume();
      req.on("end", () => res.end(`accepted; my secret is ${SECRET}`));
    });
    const dir = await mkdtemp(join(tmpdir(), "pgi-receiver-"));
    try {
      const json = await run([
        "receiver",
        leaky.url,
        "--secret",
        SECRET,
        "--time-factor",
        "0.05",
        "--reporter",
        "json",
        "--out",
        join(dir, "r.json"),
      ]);
      expect(json.code).toBe(1);
      expect(json.stdout.split("\n")).toEqual([
        `json report written to ${join(dir, "r.json")}`,
        expect.stringMatching(/^\d+ passed, [1-9]\d* failed, 0 skipped$/),
      ]);
      const report = await readFile(join(dir, "r.json"), "utf8");
      expect(report).toContain('"host": "receiver"');
      expect(report).toContain("my secret is <PGI_WEBHOOK_SECRET>");
      expect(report).not.toContain(SECRET);

      const html = await run([
        "receiver",
        leaky.url,
        "--secret",
        SECRET,
        "--time-factor",
        "0.05",
        "--reporter",
        "html",
        "--out",
        join(dir, "r.html"),
      ]);
      expect(html.code).toBe(1);
      const page = await readFile(join(dir, "r.html"), "utf8");
      expect(page).toContain("bad_signature_refused");
      expect(page).not.toContain(SECRET);
    } finally {
      await leaky.close();
    }
  });

  it("a hanging endpoint: the run stops sending after a few unanswered deliveries and exits 1", async () => {
    const hang = await receivers.hangs();
    try {
      const r = await run(["receiver", hang.url, "--secret", SECRET, "--time-factor", "0.01"]);
      expect(r.code).toBe(1);
      expect(hang.received()).toBe(3);
      expect(r.stdout).toMatch(/no answer within 1\.30 s/);
      expect(r.stdout).toMatch(/SKIP the endpoint left the last 3 deliveries unanswered/);
    } finally {
      await hang.close();
    }
  });

  it("writes validate's report as html too", async () => {
    const dir = await mkdtemp(join(tmpdir(), "pgi-validate-html-"));
    const har = new URL("../har/recorded.har", import.meta.url).pathname;
    const r = await run(["validate", har, "--reporter", "html", "--out", join(dir, "har.html")]);
    expect(r.code).toBe(1);
    const page = await readFile(join(dir, "har.html"), "utf8");
    expect(page).toContain("recorded traffic in");
    expect(page).toMatch(/<article class="failure">/);
  });

  it("writes the suite's report as html too", async () => {
    const dir = await mkdtemp(join(tmpdir(), "pgi-suite-html-"));
    const r = await run(["--host", "bbps", "--reporter", "html", "--out", join(dir, "suite.html")]);
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n").at(-1)).toMatch(/^\d+ passed, 0 failed, 0 skipped$/);
    const page = await readFile(join(dir, "suite.html"), "utf8");
    expect(page).toContain("checkComplaintStatus");
    expect(page).toContain("Go-live checklist");
  });
});

describe("pgi-conformance receiver with the wrong secret", () => {
  it("says on each refused delivery that the endpoint refused every signed one, and to check the secret", async () => {
    const r = await run([
      "receiver",
      good.url,
      "--secret",
      "not-the-endpoints-secret",
      "--time-factor",
      "0.05",
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/check {6}event_kinds_accepted\n {8}expected {3}200/);
    expect(r.stdout).toMatch(
      /diagnosis {2}.*check that its secret is the one given with --secret or PGI_WEBHOOK_SECRET/,
    );
    expect(r.stdout).not.toContain("not-the-endpoints-secret");
  });
});
