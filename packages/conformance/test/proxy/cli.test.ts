import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { runProxyCommand } from "../../src/commands/proxy.js";
import { HOSTS } from "../../src/config/configuration.js";
import { targetFromNames } from "../../src/config/targets.js";
import { buildRequest } from "../../src/requests/build-request.js";
import { requestBody } from "../../src/spec/request-body.js";
import { getSpecs } from "./helpers.js";

const TSX = fileURLToPath(new URL("../../node_modules/.bin/tsx", import.meta.url));
const ENTRY = fileURLToPath(new URL("./fixtures/cli-entry.ts", import.meta.url));
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill("SIGKILL");
});

/** Starts `pgi-conformance proxy …` from source; resolves once it printed `ready`. */
async function start(args: string[]) {
  const child = spawn(TSX, [ENTRY, "proxy", ...args], {
    env: { PATH: process.env.PATH ?? "", NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (c: Buffer) => {
    stdout += c.toString();
  });
  child.stderr?.on("data", (c: Buffer) => {
    stderr += c.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const until = Date.now() + 90_000; // a bound for a loaded machine; the proxy is ready in about a second alone
  while (!stdout.includes("ready") && child.exitCode === null && Date.now() < until)
    await new Promise((r) => setTimeout(r, 20));
  return { child, exited, out: () => stdout, err: () => stderr };
}

describe("pgi-conformance proxy misuse (in process)", () => {
  it.each([
    [
      ["--har", "/nonexistent-dir-pgi/s.har"],
      /--har \/nonexistent-dir-pgi\/s\.har: its directory does not exist/,
    ],
    [["--port-base", "65530"], /--port-base: a port from 1 to 65529/],
    [["--target", "env", "--config", "x.json"], /--target env and --config exclude each other/],
    [["--out", "r.json"], /--out needs --reporter json or junit/],
    [["extra"], /proxy takes no arguments, not extra/],
    [["--request-timeout", "0"], /--request-timeout: a number of seconds above 0 and at most 86400, not 0/],
    [
      ["--body-idle-timeout", "1e3"],
      /--body-idle-timeout: a number of seconds above 0 and at most 86400, not 1e3/,
    ],
    [["--queue-timeout=-1"], /--queue-timeout: a number of seconds above 0 and at most 86400, not -1/],
    [["--upstream-connections", "2.5"], /--upstream-connections: a whole number from 1 to 100000, not 2\.5/],
    [["--har", tmpdir()], new RegExp(`--har ${tmpdir()}: cannot write \\(EISDIR\\)`)],
    [
      ["--config", "/nonexistent-dir-pgi/c.json"],
      /--config \/nonexistent-dir-pgi\/c\.json: cannot read \(ENOENT\)/,
    ],
  ])("%j exits 2 naming the rule", async (args, message) => {
    const err: string[] = [];
    const code = await runProxyCommand(args, { out: () => {}, err: (l) => err.push(l), env: {} });
    expect(code).toBe(2);
    expect(err.join("\n")).toMatch(message);
  });
});

describe("pgi-conformance proxy (child process)", () => {
  it("--help documents the command; misuse exits 2 with the reason", async () => {
    const help = await start(["--help"]);
    expect(await help.exited).toBe(0);
    expect(help.out()).toMatch(/--port-base N/);
    expect(help.out()).toMatch(/"N passed, N failed"/);
    const bad = await start(["--reporter", "junit"]);
    expect(await bad.exited).toBe(2);
    expect(bad.err()).toMatch(/--reporter junit needs --out FILE/);
  }, 120_000);

  it.each(["SIGTERM", "SIGINT"] as const)(
    "in front of the embedded mock: one line per exchange, then on %s the summary and exit 1 after a failure",
    async (signal) => {
      const dir = await mkdtemp(join(tmpdir(), "pgi-proxy-cli-"));
      const har = join(dir, "s.har");
      const junit = join(dir, "report.xml");
      const p = await start(["--port-base", "0", "--har", har, "--reporter", "junit", "--out", junit]);
      expect(p.out()).toMatch(/^ready/m);
      const urls = Object.fromEntries(
        HOSTS.map((h) => [
          `PGI_${h.toUpperCase()}_URL`,
          new RegExp(`^  ${h} +(\\S+)`, "m").exec(p.out())?.[1],
        ]),
      );
      const creds = (await (await fetch(`${urls.PGI_OTP_URL}/__mock/credentials`)).json()) as Record<
        string,
        string
      >;
      const target = targetFromNames("proxy", { ...creds, ...urls });
      const specs = getSpecs();
      const op = specs.operations.find((o) => o.operationId === "authorizeMandateTransaction");
      if (!op) throw new Error("no operation");
      const example = requestBody(specs, op)?.examples[0]?.[1] as Record<string, unknown>;
      const good = buildRequest(specs, op, target, { body: example });
      const bad = buildRequest(specs, op, target, {
        body: { ...example, hash: "0".repeat(128) },
        keepHash: true,
      });
      for (const r of [good, bad])
        await (await fetch(r.url, { method: "POST", headers: r.headers, body: r.body ?? "" })).text();
      const until = Date.now() + 30_000;
      while ((p.out().match(/^(PASS|FAIL) /gm) ?? []).length < 2 && Date.now() < until)
        await new Promise((r) => setTimeout(r, 20));
      p.child.kill(signal);
      expect(await p.exited).toBe(1);
      const out = p.out().trimEnd().split("\n");
      expect(out.filter((l) => /^(PASS|FAIL) /.test(l))).toEqual([
        expect.stringMatching(/^PASS gateway authorizeMandateTransaction 200 \d+\.\dms$/),
        expect.stringMatching(/^FAIL gateway authorizeMandateTransaction 400 \d+\.\dms$/),
      ]);
      expect(p.out()).toMatch(/^ {4}request_signature at request body \/hash: .*got does not verify$/m);
      expect(out.at(-1)).toBe("1 passed, 1 failed");
      const xml = await readFile(junit, "utf8");
      expect(xml).toMatch(/<testsuite name="gateway" tests="2" failures="1"/);
      expect(xml).toMatch(
        /<failure type="request_signature" message="request_signature at request body \/hash">/,
      );
      const written = `${p.out()}${p.err()}${await readFile(har, "utf8")}${xml}`;
      for (const [name, value] of Object.entries(creds))
        if (/SALT|SECRET|TOKEN|AUTHORIZATION/.test(name)) expect(written, name).not.toContain(value);
    },
    60_000,
  );
});
