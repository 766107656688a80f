// pgi-mock exec as a user runs it (the bin in a child process): the command sees a ready mock and its PGI_*
// variables, its exit code and signals pass through, and nothing is left listening afterwards.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer, type Server } from "node:net";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { HOST_NAMES } from "../../src/types.js";
import { waitFor } from "../wait-for.js";

const BIN = fileURLToPath(new URL("../../bin/pgi-mock.js", import.meta.url));
/** Every host on a free port: the command learns them from PGI_*_URL. */
const FREE_PORTS = HOST_NAMES.flatMap((h) => ["--port", `${h}=0`]);
const BASE_ENV = { PATH: process.env.PATH ?? "" };

interface Run {
  child: ChildProcess;
  out: () => string;
  err: () => string;
  exited: Promise<number | null>;
}

function execMock(args: string[], env: Record<string, string> = BASE_ENV): Run {
  const child = spawn(process.execPath, [BIN, "exec", ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout?.on("data", (c: Buffer) => {
    out += c.toString("utf8");
  });
  child.stderr?.on("data", (c: Buffer) => {
    err += c.toString("utf8");
  });
  const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
  return { child, out: () => out, err: () => err, exited };
}

/** A node program for the command: `node -e SCRIPT` (ESM, top-level await). */
const node = (script: string) => [process.execPath, "--input-type=module", "-e", script];

/** True when something accepts connections on the URL's port. */
const listening = (url: string) =>
  fetch(`${url}/__mock/health`, { signal: AbortSignal.timeout(5_000) }).then(
    () => true,
    () => false,
  );

describe("pgi-mock exec", () => {
  it("runs the command against a ready mock with its PGI_* variables, then stops the mock", async () => {
    const script = `
      const names = Object.keys(process.env).filter((k) => k.startsWith("PGI_")).sort();
      const health = await Promise.all(names.filter((n) => n.endsWith("_URL")).map(async (n) =>
        (await fetch(process.env[n] + "/__mock/health")).status));
      const served = await (await fetch(process.env.PGI_OTP_URL + "/__mock/credentials")).json();
      const same = Object.entries(served).every(([k, v]) => process.env[k] === v);
      console.log(JSON.stringify({ names, health, same, urls: names.filter((n) => n.endsWith("_URL")).map((n) => process.env[n]) }));`;
    const run = execMock([...FREE_PORTS, "--", ...node(script)]);
    expect(await run.exited).toBe(0);
    expect(run.err()).toBe("");
    const seen = JSON.parse(run.out()) as {
      names: string[];
      health: number[];
      same: boolean;
      urls: string[];
    };
    expect(seen.names).toEqual(
      expect.arrayContaining([
        "PGI_OTP_URL",
        "PGI_BBPS_URL",
        "PGI_SALT",
        "PGI_PAYOUT_TOKEN",
        "PGI_WEBHOOK_SECRET",
      ]),
    );
    expect(seen.health).toEqual(HOST_NAMES.map(() => 200));
    expect(seen.same).toBe(true);
    for (const url of seen.urls) expect(await listening(url)).toBe(false);
  });

  it("a configured secret reaches the command unmasked, and exec prints nothing of it", async () => {
    const secret = "salt-from-the-sandbox-3Jd8";
    const run = execMock(
      [...FREE_PORTS, "--", ...node("console.log(process.env.PGI_SALT === 'salt-from-the-sandbox-3Jd8')")],
      { ...BASE_ENV, PGI_SALT: secret },
    );
    expect(await run.exited).toBe(0);
    expect(run.out()).toBe("true\n");
    expect(run.err()).toBe("");
  });

  it.each([1, 42])("exits with the command's exit code (%i; 0 above)", async (code) => {
    const run = execMock([...FREE_PORTS, "--", ...node(`process.exit(${code})`)]);
    expect(await run.exited).toBe(code);
  });

  it.each([
    ["SIGTERM", 143],
    ["SIGINT", 130],
  ] as const)(
    "passes %s on to the command and exits 128 + N when it ends the command",
    async (signal, code) => {
      const run = execMock([
        ...FREE_PORTS,
        "--",
        ...node("console.log(process.env.PGI_OTP_URL); setInterval(() => {}, 1000);"),
      ]);
      try {
        await waitFor(() => run.out().includes("\n"), { what: "the command to start", timeoutMs: 60_000 });
        run.child.kill(signal);
        expect(await run.exited).toBe(code);
      } finally {
        run.child.kill("SIGKILL");
      }
      expect(await listening(run.out().trim())).toBe(false);
    },
  );

  it("a command that handles the signal decides the exit code", async () => {
    const run = execMock([
      ...FREE_PORTS,
      "--",
      ...node(
        "process.on('SIGTERM', () => { console.log('cleaned up'); process.exit(5); }); console.log('up'); setInterval(() => {}, 1000);",
      ),
    ]);
    try {
      await waitFor(() => run.out().includes("up\n"), { what: "the command to start", timeoutMs: 60_000 });
      run.child.kill("SIGTERM");
      expect(await run.exited).toBe(5);
    } finally {
      run.child.kill("SIGKILL");
    }
    expect(run.out()).toBe("up\ncleaned up\n");
  });

  it("a port in use: exit 2, one line naming the port and the option, and the command is not run", async () => {
    const busy: Server = createServer();
    await new Promise<void>((r) => busy.listen(0, "127.0.0.1", r));
    const port = (busy.address() as { port: number }).port;
    try {
      const ports = HOST_NAMES.flatMap((h) => ["--port", `${h}=${h === "payout" ? port : 0}`]);
      const run = execMock([...ports, "--", ...node("console.log('ran')")]);
      expect(await run.exited).toBe(2);
      expect(run.out()).toBe("");
      expect(run.err()).toBe(
        `pgi-mock exec: port ${port} (payout) is in use; pick another with --port payout=N\n`,
      );
    } finally {
      busy.close();
    }
  });

  it("a command that cannot be found: exit 2, one line naming it", async () => {
    const run = execMock([...FREE_PORTS, "--", "pgi-no-such-command-7x"]);
    expect(await run.exited).toBe(2);
    expect(run.err()).toBe('pgi-mock exec: cannot run "pgi-no-such-command-7x": command not found\n');
  });
});
