// A throwaway redis-server on 127.0.0.1 and a free port for the shared-sandbox run (started as the mock's and the
// webhook receiver's own Redis tests start theirs), stopped by its own pid.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A free TCP port on 127.0.0.1, as the OS hands it out.
 *
 * @example
 * const port = await freePort();
 */
export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

const pong = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.on("error", () => done(false));
    socket.on("connect", () => socket.write("PING\r\n"));
    socket.on("data", (d) => done(d.toString().startsWith("+PONG")));
  });

/** A running redis-server. */
export interface TestRedis {
  url: string;
  destroy(): Promise<void>;
}

/**
 * Starts redis-server (the CI installs it: `bash .ci/run`), answering PING within 5 s.
 *
 * @example
 * const redis = await startRedis();
 */
export async function startRedis(): Promise<TestRedis> {
  const bin = execFileSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" }).trim();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "pgi-redis-"));
  const child: ChildProcess = spawn(
    bin,
    ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  for (let i = 0; i < 200 && !(await pong(port)); i++) await new Promise((r) => setTimeout(r, 25));
  return {
    url: `redis://127.0.0.1:${port}`,
    async destroy() {
      if (child.exitCode === null && child.signalCode === null) {
        await new Promise((resolve) => {
          child.once("exit", resolve);
          child.kill("SIGKILL");
        });
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
