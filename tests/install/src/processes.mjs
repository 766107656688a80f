// @ts-check
// Child processes of the install test: commands with a time limit, servers stopped by their own pid, free ports.
import { spawn } from "node:child_process";
import { createServer } from "node:net";

/** @type {Set<import("node:child_process").ChildProcess>} */
const running = new Set();

/**
 * The environment children get: ours without PGI_* (a configured salt would change the mock's credentials).
 *
 * @returns {NodeJS.ProcessEnv}
 */
export function childEnv(extra = {}) {
  // Nor the npm_package_*/npm_lifecycle_* of the script running this test: a merchant's shell has neither.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(PGI_|npm_package_|npm_lifecycle_)/.test(k)),
  );
  return { ...env, NO_COLOR: "1", npm_config_update_notifier: "false", ...extra };
}

/**
 * Runs a command to completion within `timeoutMs`; rejects with its output when it exits non-zero (unless
 * `allowFail`) or runs too long (its whole process group is then killed).
 *
 * @param {string} cmd
 * @param {string[]} args
 * @param {{ cwd: string, timeoutMs: number, input?: string, env?: NodeJS.ProcessEnv, allowFail?: boolean }} o
 * @returns {Promise<{ code: number | null, stdout: string, stderr: string }>}
 * @example
 * const { stdout } = await run("npm", ["--version"], { cwd: ".", timeoutMs: 10_000 });
 */
export function run(cmd, args, o) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: o.cwd, env: o.env ?? childEnv(), detached: true });
    running.add(child);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => stop(child), o.timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      running.delete(child);
      reject(new Error(`${cmd} could not start: ${error.message}`));
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      const line = `${cmd} ${args.join(" ")}`;
      if (signal)
        reject(new Error(`${line}: stopped after ${o.timeoutMs} ms\n${tail(stdout)}\n${tail(stderr)}`));
      else if (code !== 0 && !o.allowFail)
        reject(new Error(`${line}: exit ${code}\n${tail(stdout)}\n${tail(stderr)}`));
      else resolve({ code, stdout, stderr });
    });
    // A child that exits without reading its input closes the pipe first: that EPIPE is not a failure of ours.
    child.stdin.on("error", () => {});
    child.stdin.end(o.input ?? "");
  });
}

/**
 * Starts a long-running command in its own process group; its output is collected for error messages.
 *
 * @param {string} cmd
 * @param {string[]} args
 * @param {{ cwd: string, env?: NodeJS.ProcessEnv }} o
 * @returns {{ pid: number, output: () => string, exited: Promise<number | null>, stop: () => Promise<void> }}
 * @example
 * const mock = startServer("npx", ["pgi-mock", "--port-base", "4310"], { cwd });
 * await mock.stop();
 */
export function startServer(cmd, args, o) {
  const child = spawn(cmd, args, { cwd: o.cwd, env: o.env ?? childEnv(), detached: true, stdio: "pipe" });
  running.add(child);
  let output = "";
  child.stdout.on("data", (d) => {
    output += d;
  });
  child.stderr.on("data", (d) => {
    output += d;
  });
  const exited = new Promise((resolve) => {
    child.on("close", (code) => {
      running.delete(child);
      resolve(code);
    });
  });
  return {
    pid: /** @type {number} */ (child.pid),
    output: () => output,
    exited: /** @type {Promise<number | null>} */ (exited),
    stop: async () => {
      stop(child);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
    },
  };
}

/**
 * SIGTERM to the child's own process group (npx and the node it starts), SIGKILL 3 s later if still there.
 *
 * @param {import("node:child_process").ChildProcess} child
 */
function stop(child) {
  const signal = (/** @type {NodeJS.Signals} */ s) => {
    try {
      if (child.pid) process.kill(-child.pid, s);
    } catch {
      // already gone
    }
  };
  if (child.exitCode !== null || child.signalCode !== null) return;
  signal("SIGTERM");
  setTimeout(() => {
    if (child.exitCode === null && child.signalCode === null) signal("SIGKILL");
  }, 3_000).unref();
}

/** Stops every child still running (on failure or when the overall deadline passes). */
export function stopAll() {
  for (const child of running) stop(child);
}

/** Below the ephemeral range the system gives outgoing connections (Linux: 32768-60999), so none takes them. */
const RANGE = { from: 20_000, to: 32_700 };

/**
 * A base port N such that N..N+count-1 are all free on 127.0.0.1 right now (checked by binding each), chosen at
 * random below the ephemeral range: a server started on them seconds later (after an npm install, say) does not
 * find one taken by an outgoing connection. `avoid` lists ports another part of the run will use.
 *
 * @param {number} count
 * @param {{ avoid?: number[], tries?: number, random?: () => number }} [o]
 * @example
 * const base = await freePortRange(7); // the mock's hosts take base..base+6
 */
export async function freePortRange(count, o = {}) {
  const random = o.random ?? Math.random;
  const avoid = new Set(o.avoid ?? []);
  const tries = o.tries ?? 50;
  for (let i = 0; i < tries; i++) {
    const first = RANGE.from + Math.floor(random() * (RANGE.to - RANGE.from - count));
    let ok = true;
    for (let p = first; p < first + count && ok; p++)
      ok = !avoid.has(p) && (await listenOnce(p)) !== undefined;
    if (ok) return first;
  }
  throw new Error(`no ${count} consecutive free ports found in ${RANGE.from}-${RANGE.to} in ${tries} tries`);
}

/** Binds and closes a port; the port bound, or undefined if it was taken. */
function listenOnce(/** @type {number} */ port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(undefined));
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : undefined));
    });
  });
}

/**
 * Polls `url` until it answers 200, the server exits, or `timeoutMs` passes.
 *
 * @param {string} url
 * @param {{ exited: Promise<unknown>, output: () => string }} server
 * @example
 * await waitForOk("http://127.0.0.1:4310/__mock/health", mock, 30_000);
 */
export async function waitForOk(url, server, timeoutMs) {
  let gone = false;
  server.exited.then(() => {
    gone = true;
  });
  const until = Date.now() + timeoutMs;
  while (Date.now() < until && !gone) {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) }).catch(() => undefined);
    if (res?.ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(
    `${url} did not answer 200 ${gone ? "(the server exited)" : `within ${timeoutMs} ms`}\n${tail(server.output())}`,
  );
}

/** The last lines of some output, for error messages. */
export function tail(/** @type {string} */ text, lines = 15) {
  return text.trimEnd().split("\n").slice(-lines).join("\n");
}
