// Starts a throwaway redis-server on 127.0.0.1 and a free port for the shared-sandbox tests (the webhook package's
// tests start theirs the same way), installing Debian's package when absent.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

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

/** How a test Redis keeps its data across a restart. */
export interface TestRedisOptions {
  /** Append-only file with `appendfsync always` (every acknowledged write survives a SIGKILL). Default off. */
  aof?: boolean;
}

/** A redis-server process that tests can kill, pause and start again on the same port (outage tests). */
export class TestRedis {
  private child: ChildProcess | undefined;
  private readonly dir = mkdtempSync(join(tmpdir(), "pgi-redis-"));
  private constructor(
    readonly bin: string,
    readonly port: number,
    readonly options: TestRedisOptions,
  ) {}

  static async start(options: TestRedisOptions = {}): Promise<TestRedis> {
    const r = new TestRedis(ensureInstalled(), await freePort(), options);
    await r.up();
    return r;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async up(): Promise<void> {
    this.child = spawn(
      this.bin,
      [
        "--port",
        String(this.port),
        "--bind",
        "127.0.0.1",
        "--dir",
        this.dir,
        "--save",
        "",
        ...(this.options.aof ? ["--appendonly", "yes", "--appendfsync", "always"] : ["--appendonly", "no"]),
      ],
      {
        stdio: "ignore",
      },
    );
    for (let i = 0; i < 200; i++) {
      if (await this.ping()) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error("redis-server did not start");
  }

  async down(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise((r) => {
      child.once("exit", r);
      child.kill("SIGKILL");
    });
  }

  /** True when the server answers PING (without blocking the event loop, unlike redis-cli). */
  ping(): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = connect(this.port, "127.0.0.1");
      const done = (ok: boolean) => {
        socket.destroy();
        resolve(ok);
      };
      socket.setTimeout(500, () => done(false));
      socket.on("error", () => done(false));
      socket.on("connect", () => socket.write("PING\r\n"));
      socket.on("data", (d) => done(d.toString().startsWith("+PONG")));
    });
  }

  /** Freezes the server (SIGSTOP): connections stay open but nothing is answered, as in a network partition. */
  pause(): void {
    this.child?.kill("SIGSTOP");
  }

  /** Thaws a paused server (SIGCONT); the commands sent meanwhile are then executed. */
  resume(): void {
    this.child?.kill("SIGCONT");
  }

  /** Kills the server and removes its data directory. */
  async destroy(): Promise<void> {
    this.resume();
    await this.down();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
