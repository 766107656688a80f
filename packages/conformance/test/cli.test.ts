import { execFile } from "node:child_process";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it, vi } from "vitest";
import { main } from "../src/cli.js";

const BIN = fileURLToPath(new URL("../bin/pgi-conformance.js", import.meta.url));
const HAR = fileURLToPath(new URL("./har/recorded.har", import.meta.url));
/** Runs the built bin in a child process (the real entry point, exit code included). */
const spawnBin = async (args: string[]) => {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [BIN, ...args], {
      env: { PATH: process.env.PATH ?? "", NO_COLOR: "1" },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
};

/** Runs main() in this process with only `env` as configuration, capturing what it prints. */
const run = async (args: string[], env: Record<string, string> = {}) => {
  for (const name of Object.keys(process.env)) if (name.startsWith("PGI_")) vi.stubEnv(name, undefined);
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  vi.stubEnv("NO_COLOR", "1");
  const stdout: string[] = [];
  const stderr: string[] = [];
  const log = vi.spyOn(console, "log").mockImplementation((...a) => void stdout.push(`${a.join(" ")}\n`));
  const err = vi.spyOn(console, "error").mockImplementation((...a) => void stderr.push(`${a.join(" ")}\n`));
  try {
    const code = await main(args);
    return { code, stdout: stdout.join(""), stderr: stderr.join("") };
  } finally {
    log.mockRestore();
    err.mockRestore();
    vi.unstubAllEnvs();
  }
};

describe("pgi-conformance CLI", () => {
  it("--help documents the commands and exit codes", async () => {
    const r = await spawnBin(["--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/validate FILE\.har/);
    expect(r.stdout).toMatch(/Exit codes: 0 every check passed, 1 a check failed, 2 misuse/);
  });
  it.each([
    [["--reporter", "xml"], /--reporter xml: use one of terminal, json, junit/],
    [["--target", "prod"], /--target prod: use one of env, mock/],
    [["--bogus"], /unknown option --bogus; the options are --target VALUE, --config VALUE, --host VALUE/],
    [["--reporter"], /--reporter needs a value/],
    [["--verbose=yes"], /--verbose takes no value/],
    [
      ["--host", "nope"],
      /--host nope: unknown host; the hosts are otp, gateway, wallet, partner, accounts, payout, bbps/,
    ],
    [["validate"], /validate takes one HAR file/],
    [["frobnicate"], /unknown command frobnicate/],
  ])("misuse %j exits 2 with a one-line reason", async (args, message) => {
    const r = await run(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });
  it("--target env with nothing configured checks nothing: exit 2 and one line naming what is missing", async () => {
    const r = await run(["--target", "env"]);
    expect(r.code).toBe(2);
    const lines = r.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/nothing was checked/);
    expect(lines[0]).toMatch(/gateway: PGI_GATEWAY_URL, PGI_MERCHANT_KEY, PGI_SALT not configured/);
    expect(r.stdout).not.toMatch(/passed/);
  });
  it("validate exits 1 on a broken HAR; junit goes to --out and the summary is the last line", async () => {
    const out = join(await mkdtemp(join(tmpdir(), "pgi-conf-")), "report.xml");
    const r = await run(["validate", HAR, "--reporter", "junit", "--out", out]);
    expect(r.code).toBe(1);
    expect(r.stdout.trim().split("\n").at(-1)).toBe("1 passed, 2 failed, 1 skipped");
    const xml = await readFile(out, "utf8");
    expect(xml).toMatch(/^<\?xml version="1.0"/);
    expect(xml).toMatch(/<failure type="response_schema" message="response_schema at \/msg">/);
    expect(xml.match(/<testsuite /g)?.length).toBe(4);
  });
  it("json reporter prints parseable JSON with the counts", async () => {
    const r = await run(["validate", HAR, "--reporter", "json"]);
    const report = JSON.parse(r.stdout);
    expect([report.passed, report.failed, report.skipped]).toEqual([1, 2, 1]);
  });
  it("no secret of a configured target reaches a report", async () => {
    const r = await run(["validate", HAR, "--reporter", "json"], {
      PGI_BBPS_TOKEN: "pgi-recorded-token-1234",
    });
    expect(r.stdout).toMatch(/Bearer \$PGI_BBPS_TOKEN/);
    expect(r.stdout).not.toMatch(/pgi-recorded-token-1234/);
  });
  it("validate masks a recording's bearer token and OTP code even when no PGI_* name is set", async () => {
    const r = await run(["validate", HAR, "--reporter", "json"]);
    expect(r.stdout).toMatch(/Bearer \$PGI_BBPS_TOKEN/);
    expect(r.stdout).not.toMatch(/pgi-recorded-token-1234/);
    expect(r.stdout).toMatch(/otp=%3Credacted%3E/);
    expect(r.stdout).not.toMatch(/482913/);
  });
});
