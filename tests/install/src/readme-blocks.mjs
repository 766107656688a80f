// @ts-check
// The root README's "Use it from npm" shell blocks, run as a new user pastes them: verbatim, by bash, in an empty
// folder; then checked for their output, their exit code, and anything they left running.
import { spawn } from "node:child_process";
import { mkdir } from "node:fs/promises";
import { connect } from "node:net";
import { run, tail } from "./processes.mjs";

/** The README section whose shell blocks are meant for an empty folder outside this repository. */
export const USER_SECTION = "Use it from npm";

/**
 * The ```sh blocks of one `## ` section of a README, in order.
 *
 * @param {string} readme
 * @param {string} section  the heading's text
 * @example
 * shellBlocks("## Use it\n\n```sh\nnpm install x\n```\n", "Use it"); // ["npm install x\n"]
 */
export function shellBlocks(readme, section) {
  const text = `\n${readme}`;
  const start = text.indexOf(`\n## ${section}\n`);
  if (start < 0) throw new Error(`the README has no "## ${section}" section`);
  const rest = text.slice(start + 1);
  const next = rest.indexOf("\n## ", 1);
  const body = next < 0 ? rest : rest.slice(0, next);
  const blocks = [...body.matchAll(/^```(?:sh|bash|shell)\n([\s\S]*?)^```$/gm)].map((m) => m[1] ?? "");
  if (blocks.length === 0) throw new Error(`the README's "## ${section}" section has no sh block`);
  return blocks;
}

/**
 * The program a shell block writes with `cat > FILE <<'TAG' ... TAG`, if any (the install test type-checks it).
 *
 * @param {string} block
 * @example
 * heredocFile("cat > a.mjs <<'JS'\nconsole.log(1);\nJS\n"); // { file: "a.mjs", text: "console.log(1);\n" }
 */
export function heredocFile(block) {
  const m = /^cat > (\S+) <<'(\w+)'\n([\s\S]*?)^\2$/m.exec(block);
  return m ? { file: /** @type {string} */ (m[1]), text: /** @type {string} */ (m[3]) } : undefined;
}

/**
 * Processes still in a process group, as "pid command" lines (the group's leader may be gone).
 *
 * @param {number} pgid
 */
export async function processesInGroup(pgid) {
  const { stdout } = await run("ps", ["-eo", "pid=,pgid=,args="], { cwd: "/", timeoutMs: 10_000 });
  return stdout
    .split("\n")
    .map((l) => l.trim().split(/\s+/))
    .filter((f) => f[1] === String(pgid))
    .map((f) => `${f[0]} ${f.slice(2).join(" ")}`);
}

/**
 * The ports among `ports` that accept a connection on 127.0.0.1.
 *
 * @param {number[]} ports
 */
export async function listeningPorts(ports) {
  const open = await Promise.all(
    ports.map(
      (port) =>
        new Promise((resolve) => {
          const socket = connect({ port, host: "127.0.0.1" });
          socket.setTimeout(5_000, () => {
            socket.destroy();
            resolve(true);
          });
          socket.once("connect", () => {
            socket.destroy();
            resolve(true);
          });
          socket.once("error", () => resolve(false));
        }),
    ),
  );
  return ports.filter((_, i) => open[i]);
}

/**
 * Runs `script` with bash in `dir` (created empty), in its own process group, within `timeoutMs`. Resolves once
 * bash has exited with its code, output, and every process it left behind in its group (those are then killed).
 *
 * @param {string} script
 * @param {{ dir: string, env: NodeJS.ProcessEnv, timeoutMs: number }} o
 * @returns {Promise<{ code: number | null, stdout: string, stderr: string, leftovers: string[] }>}
 * @example
 * const r = await runPasted("echo hi\n", { dir: "/tmp/x", env: childEnv(), timeoutMs: 10_000 });
 */
export async function runPasted(script, o) {
  await mkdir(o.dir, { recursive: true });
  const child = spawn("bash", ["--noprofile", "--norc", "-e", "-o", "pipefail", "-c", script], {
    cwd: o.dir,
    env: o.env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const pgid = /** @type {number} */ (child.pid);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => {
    stdout += d;
  });
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  const killGroup = () => {
    try {
      process.kill(-pgid, "SIGKILL");
    } catch {
      // nothing left
    }
  };
  const timer = setTimeout(killGroup, o.timeoutMs);
  // On exit, not close: a process left in the background keeps the pipes open, and that is what is looked for.
  const code = await new Promise((resolve) => child.once("exit", (c, signal) => resolve(signal ? null : c)));
  clearTimeout(timer);
  await new Promise((resolve) => {
    child.once("close", resolve);
    setTimeout(resolve, 1_000);
  });
  const leftovers = await processesInGroup(pgid);
  killGroup();
  // Bounded wait until the group is gone, so its ports are free for what runs next.
  for (let i = 0; i < 100 && leftovers.length > 0 && (await processesInGroup(pgid)).length > 0; i++)
    await new Promise((r) => setTimeout(r, 50));
  if (code === null)
    throw new Error(`bash: stopped after ${o.timeoutMs} ms\n${tail(stdout)}\n${tail(stderr)}`);
  return { code, stdout, stderr, leftovers };
}

/**
 * Pastes the README's user blocks into bash in `dir` and checks the result: exit 0, every `expected` pattern in the
 * output, no process left behind, nothing listening on `ports` afterwards. Resolves with the standard output.
 *
 * @param {string[]} blocks
 * @param {{ dir: string, env: NodeJS.ProcessEnv, timeoutMs: number, expected: RegExp[], ports: number[] }} o
 */
export async function checkPasted(blocks, o) {
  const busy = await listeningPorts(o.ports);
  if (busy.length > 0)
    throw new Error(`ports ${busy.join(", ")} are in use before the README's commands run`);
  const r = await runPasted(blocks.join("\n"), o);
  const output = `${tail(r.stdout, 25)}\n${tail(r.stderr, 25)}`;
  if (r.code !== 0) throw new Error(`the README's commands exited ${r.code}:\n${output}`);
  const missing = o.expected.filter((re) => !re.test(r.stdout));
  if (missing.length > 0)
    throw new Error(`the README's commands did not print ${missing.join(", ")}:\n${output}`);
  if (r.leftovers.length > 0)
    throw new Error(`the README's commands left processes running:\n  ${r.leftovers.join("\n  ")}`);
  const open = await listeningPorts(o.ports);
  if (open.length > 0) throw new Error(`after the README's commands, ports ${open.join(", ")} still listen`);
  return r.stdout;
}
