// Starts a throwaway redis-server on 127.0.0.1 and a free port (installing Debian's package when absent).
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createServer } from "node:net";

function ensureInstalled(): string {
  try {
    return execFileSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" }).trim();
  } catch {
    execFileSync(
      "sh",
      [
        "-c",
        "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null",
      ],
      {
        stdio: "inherit",
        timeout: 300_000,
      },
    );
    return execFileSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" }).trim();
  }
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

/** A redis-server process that tests can stop and start again on the same port (outage tests). */
export class TestRedis {
  private child: ChildProcess | undefined;
  private constructor(
    readonly bin: string,
    readonly port: number,
  ) {}

  static async start(): Promise<TestRedis> {
    const r = new TestRedis(ensureInstalled(), await freePort());
    await r.up();
    return r;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async up(): Promise<void> {
    this.child = spawn(
      this.bin,
      ["--port", String(this.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      {
        stdio: "ignore",
      },
    );
    for (let i = 0; i < 200; i++) {
      try {
        execFileSync("redis-cli", ["-p", String(this.port), "ping"], { stdio: "pipe" });
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 25));
      }
    }
    throw new Error("redis-server did not start");
  }

  async down(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise((r) => {
      child.once("exit", r);
      child.kill("SIGKILL");
    });
  }
}
