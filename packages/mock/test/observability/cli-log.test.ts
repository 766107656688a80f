// The CLI as a child process: a line per request (text or JSON), --quiet, and configured credentials never shown.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { HOST_NAMES, type HostName } from "../../src/types.js";

const BIN = fileURLToPath(new URL("../../bin/pgi-mock.js", import.meta.url));
const SALT = "salt-from-the-sandbox-7Hq2";
const PAYOUT_TOKEN = "payout-token-from-the-sandbox-9Zk4";
const ENV = { PATH: process.env.PATH ?? "", PGI_SALT: SALT, PGI_PAYOUT_TOKEN: PAYOUT_TOKEN };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

interface Run {
  child: ChildProcess;
  urls: Record<HostName, string>;
  out: () => string;
  err: () => string;
  stop: () => Promise<number | null>;
}

/** Starts the CLI on free ports; resolves once every host answers its health check. */
async function startCli(args: string[], env: Record<string, string> = ENV): Promise<Run> {
  const ports = await Promise.all(HOST_NAMES.map(() => freePort()));
  const urls = Object.fromEntries(HOST_NAMES.map((h, i) => [h, `http://127.0.0.1:${ports[i]}`])) as Record<
    HostName,
    string
  >;
  const portArgs = HOST_NAMES.flatMap((h, i) => ["--port", `${h}=${ports[i]}`]);
  const child = spawn(process.execPath, [BIN, ...portArgs, ...args], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout?.on("data", (c: Buffer) => {
    out += c.toString("utf8");
  });
  child.stderr?.on("data", (c: Buffer) => {
    err += c.toString("utf8");
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    return exited;
  };
  // Bounded wait for start-up (at most 30 s); every host must answer.
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`pgi-mock exited ${child.exitCode}: ${err}`);
    const up = await Promise.all(
      HOST_NAMES.map((h) =>
        fetch(`${urls[h]}/__mock/health`).then(
          (r) => r.ok,
          () => false,
        ),
      ),
    );
    if (up.every(Boolean)) break;
    if (attempt > 300) {
      await stop();
      throw new Error(`pgi-mock did not start: ${err}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, urls, out: () => out, err: () => err, stop };
}

/** Four requests of the interface: valid (with the configured token), invalid, refused, unrouted. */
async function traffic(urls: Record<HostName, string>): Promise<void> {
  const link = await fetch(`${urls.payout}/payout/v2/smartSend/link`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${PAYOUT_TOKEN}`, pid: "1111312" },
    body: JSON.stringify({
      amount: "1",
      merchantRefId: "CLI1",
      custName: "DIVIK",
      custMobile: "9868888568",
      description: "cli",
      expiryDate: new Date(Date.now() + 86_400_000).toISOString(),
    }),
  });
  expect(link.status).toBe(200);
  const invalid = await fetch(`${urls.otp}/otp/send`, {
    method: "POST",
    headers: { "content-type": "application/json", clienttype: "WEB" },
    body: JSON.stringify({ mobileNumber: "12", merchantName: "Shop", merchantDomain: "shop.in" }),
  });
  expect(invalid.status).toBe(400);
  const refused = await fetch(`${urls.payout}/payout/v2/smartSend/link`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer pgi-test-payout-token-x" },
    body: "{}",
  });
  expect(refused.status).toBe(401);
  // The salt in a path: printed masked in the request line.
  expect((await fetch(`${urls.wallet}/wallet/${SALT}`)).status).toBe(404);
}

/** Request lines, without the start-up health checks of startCli(). */
const requestLines = (out: string) =>
  out.split("\n").filter((l) => /^\d{4}-\d\d-\d\dT/.test(l) && !l.includes(" /__mock/health "));

describe("pgi-mock CLI", () => {
  it("prints one text line per request, uncoloured on a pipe, with no configured secret anywhere", async () => {
    const run = await startCli([]);
    let credentials: Record<string, string> = {};
    try {
      await traffic(run.urls);
      credentials = (await (await fetch(`${run.urls.otp}/__mock/credentials`)).json()) as Record<
        string,
        string
      >;
    } finally {
      expect(await run.stop()).toBe(0);
    }
    const lines = requestLines(run.out());
    expect(lines.map((l) => l.split(/\s+/).slice(1, 6).join(" "))).toEqual([
      "payout POST /payout/v2/smartSend/link 200 valid",
      "otp POST /otp/send 400 invalid",
      "payout POST /payout/v2/smartSend/link 401 refused",
      "wallet GET /wallet/**** 404 unrouted",
      "otp GET /__mock/credentials 200 control",
    ]);
    expect(lines[1]).toMatch(/mobileNumber/);
    expect(lines[2]).toMatch(/unknown access token/);
    expect(run.out()).not.toMatch(/\u001b\[/);
    // The start-up table shows configured values masked and defaults in full.
    expect(run.out()).toContain("PGI_SALT=<set from PGI_SALT>");
    expect(run.out()).toContain("PGI_PAYOUT_TOKEN=<set from PGI_PAYOUT_TOKEN>");
    expect(run.out()).toContain("PGI_PARTNER_TOKEN=pgi-test-partner-token");
    expect(credentials).toMatchObject({
      PGI_SALT: "<set from PGI_SALT>",
      PGI_PAYOUT_TOKEN: "<set from PGI_PAYOUT_TOKEN>",
      PGI_PARTNER_TOKEN: "pgi-test-partner-token",
      PGI_PAYOUT_MERCHANT_ID: "1111312",
    });
    for (const secret of [SALT, PAYOUT_TOKEN]) {
      expect(run.out()).not.toContain(secret);
      expect(run.err()).not.toContain(secret);
      expect(JSON.stringify(credentials)).not.toContain(secret);
    }
  }, 120_000);

  it("--log-format json: every line is one JSON object, a ready event then one per request", async () => {
    const run = await startCli(["--log-format", "json"]);
    try {
      await traffic(run.urls);
    } finally {
      expect(await run.stop()).toBe(0);
    }
    const events = run
      .out()
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((e) => e.path !== "/__mock/health");
    expect(events[0]).toMatchObject({
      event: "ready",
      urls: run.urls,
      credentials: { PGI_SALT: "<set from PGI_SALT>", PGI_MERCHANT_KEY: "Jx7Kq2" },
    });
    expect(events.slice(1).map((e) => [e.event, e.host, e.status, e.verdict])).toEqual([
      ["request", "payout", 200, "valid"],
      ["request", "otp", 400, "invalid"],
      ["request", "payout", 401, "refused"],
      ["request", "wallet", 404, "unrouted"],
    ]);
    expect(events[2]?.violations).toEqual([expect.stringMatching(/mobileNumber/)]);
    expect(events[4]?.path).toBe("/wallet/****");
    expect(run.out() + run.err()).not.toContain(SALT);
    expect(run.out() + run.err()).not.toContain(PAYOUT_TOKEN);
  }, 120_000);

  it("--quiet prints nothing", async () => {
    const run = await startCli(["--quiet"]);
    try {
      await traffic(run.urls);
    } finally {
      expect(await run.stop()).toBe(0);
    }
    expect([run.out(), run.err()]).toEqual(["", ""]);
  }, 120_000);

  it("misuse exits 2 without quoting a credentials file", async () => {
    const dir = await mkdtemp(join(tmpdir(), "pgi-mock-cli-"));
    try {
      const file = join(dir, "creds.json");
      await writeFile(file, `{"PGI_SALT": "${SALT}" oops}`);
      for (const [args, message] of [
        [["--log-format", "xml"], "--log-format xml: use text or json"],
        [["--credentials", file], "not valid JSON"],
      ] as const) {
        const child = spawn(process.execPath, [BIN, ...args], {
          env: ENV,
          stdio: ["ignore", "pipe", "pipe"],
        });
        let all = "";
        child.stdout.on("data", (c: Buffer) => {
          all += c.toString("utf8");
        });
        child.stderr.on("data", (c: Buffer) => {
          all += c.toString("utf8");
        });
        const code = await new Promise((r) => child.once("exit", r));
        expect([code, all]).toEqual([2, expect.stringContaining(message)]);
        expect(all).not.toContain(SALT);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
