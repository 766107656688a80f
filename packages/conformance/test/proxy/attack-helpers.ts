// Shared by the attack tests: the proxy CLI in its own process (its memory measured), and raw-socket requests.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { HOSTS } from "../../src/config/configuration.js";
import type { Host } from "../../src/model/target.js";

const PACKAGE = fileURLToPath(new URL("../../", import.meta.url));
const ENTRY = fileURLToPath(new URL("./fixtures/cli-entry.ts", import.meta.url));
const MEASURED = fileURLToPath(new URL("./fixtures/measured-proxy.ts", import.meta.url));

/** A `pgi-conformance proxy` child process (one node process: its pid is the proxy's). */
export interface ChildProxy {
  child: ChildProcess;
  urls: Record<Host, string>;
  out: () => string;
  err: () => string;
  /** Resident and peak resident memory of the proxy process, MiB (from /proc). */
  memory: () => { rssMiB: number; peakMiB: number };
  /** With `measured`: the proxy's heap in use after a full collection, MiB. */
  heap: () => Promise<number>;
  /** Stops the proxy (SIGTERM; a measured proxy by message) and resolves with the exit code (bounded: 30 s). */
  stop: () => Promise<number | null>;
}

/**
 * Runs `pgi-conformance proxy --config <file of values> --port-base 0 …args` from source; resolves once ready.
 * `measured` runs it with --expose-gc and an IPC channel, so {@link ChildProxy.heap} can measure its heap.
 */
export async function childProxy(
  values: Record<string, string>,
  args: string[] = [],
  options: { measured?: boolean } = {},
): Promise<ChildProxy> {
  const dir = await mkdtemp(join(tmpdir(), "pgi-proxy-attack-"));
  const config = join(dir, "config.json");
  await writeFile(config, JSON.stringify(values));
  const proxyArgs = ["--config", config, "--port-base", "0", ...args];
  const child = spawn(
    process.execPath,
    options.measured
      ? ["--expose-gc", "--import", "tsx", MEASURED, ...proxyArgs]
      : ["--import", "tsx", ENTRY, "proxy", ...proxyArgs],
    {
      cwd: PACKAGE,
      env: { PATH: process.env.PATH ?? "", NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe", ...(options.measured ? (["ipc"] as const) : [])],
    },
  );
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (c: Buffer) => {
    stdout += c.toString();
  });
  child.stderr?.on("data", (c: Buffer) => {
    stderr += c.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const until = Date.now() + 30_000;
  while (!/^ready/m.test(stdout) && child.exitCode === null && Date.now() < until)
    await new Promise((r) => setTimeout(r, 20));
  if (!/^ready/m.test(stdout)) {
    child.kill("SIGKILL");
    throw new Error(`the proxy did not start: ${stderr}`);
  }
  const urls = Object.fromEntries(
    HOSTS.map((h) => [h, new RegExp(`^  ${h} +(\\S+)`, "m").exec(stdout)?.[1] ?? ""]),
  ) as Record<Host, string>;
  const kib = (name: string) => {
    const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
    return Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
  };
  return {
    child,
    urls,
    out: () => stdout,
    err: () => stderr,
    memory: () => ({ rssMiB: kib("VmRSS") / 1024, peakMiB: kib("VmHWM") / 1024 }),
    heap: () =>
      new Promise((resolve) => {
        child.once("message", (m: { heap: number }) => resolve(m.heap / 1024 / 1024));
        child.send("heap");
      }),
    stop: async () => {
      if (child.exitCode === null) {
        if (options.measured) child.send("stop");
        else child.kill("SIGTERM");
      }
      const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
      const code = await exited;
      clearTimeout(timer);
      await rm(dir, { recursive: true, force: true });
      return code;
    },
  };
}

/** What a raw-socket exchange got back: the bytes read until the server closed (or the bound passed). */
export interface RawAnswer {
  text: string;
  status: number;
  closed: boolean;
}

/**
 * Writes `bytes` on a new connection and reads until the server closes it or `boundMs` passes (then the socket is
 * destroyed and `closed` is false).
 */
export function rawExchange(port: number, bytes: string | Buffer, boundMs = 10_000): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(bytes));
    let text = "";
    let done = false;
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), closed });
    };
    const timer = setTimeout(() => finish(false), boundMs);
    socket.on("data", (d: Buffer) => {
      text += d.toString("latin1");
    });
    socket.on("error", () => finish(true));
    socket.on("close", () => finish(true));
  });
}

/** Polls `condition` every 10 ms until it holds or `boundMs` passes; resolves with its last value. */
export async function until<T>(condition: () => T, boundMs = 10_000): Promise<T> {
  const end = Date.now() + boundMs;
  let value = condition();
  while (!value && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 10));
    value = condition();
  }
  return value;
}
