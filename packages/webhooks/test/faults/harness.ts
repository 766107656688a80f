// Fault-suite harness: receiver processes (spawned from the built dist, killed with SIGKILL), a sender that follows
// the webhook retry schedule scaled by a time factor, and attackers (aborted uploads, slow unsigned bodies).
import { type ChildProcess, spawn } from "node:child_process";
import { Agent, request } from "node:http";
import { connect } from "node:net";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { DELIVERY_RULE } from "../../src/generated/contract.js";

const RECEIVER = fileURLToPath(new URL("./receiver.mjs", import.meta.url));
const LIMIT_MS = DELIVERY_RULE.answerWithinSeconds * 1000;

/** A receiver process on a fixed port; `restart()` starts a new one on the same port after a kill. */
export class ReceiverProcess {
  child: ChildProcess | undefined;
  readonly lines: string[] = [];
  onLine: (line: string) => void = () => {};
  constructor(
    readonly port: number,
    readonly env: Record<string, string>,
  ) {}

  /** Starts the process and resolves once it listens. */
  async start(extra: Record<string, string> = {}): Promise<void> {
    const child = spawn(process.execPath, [RECEIVER], {
      env: { ...process.env, ...this.env, ...extra, PORT: String(this.port) },
      stdio: ["ignore", "pipe", "inherit"],
    });
    this.child = child;
    const ready = new Promise<void>((resolve, reject) => {
      // A bound for a loaded machine; a receiver is ready in well under a second alone.
      const timer = setTimeout(() => reject(new Error("receiver did not start within 60 s")), 60_000);
      child.once("exit", (code) => reject(new Error(`receiver exited with ${code}`)));
      createInterface({ input: child.stdout as NodeJS.ReadableStream }).on("line", (line) => {
        this.lines.push(line);
        if (line.startsWith("ready")) {
          clearTimeout(timer);
          resolve();
        }
        this.onLine(line);
      });
    });
    await ready;
  }

  /** SIGKILL, and resolves once the process is gone. */
  kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGKILL");
    });
  }

  count(prefix: string): number {
    return this.lines.filter((l) => l.startsWith(prefix)).length;
  }
}

/** The outcome of one HTTP attempt. */
export interface Attempt {
  status: number; // 0: no answer (refused, reset, timed out)
  ms: number;
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/**
 * POSTs one delivery; never rejects. The sender's answer limit (30 s) is the timeout.
 *
 * @example
 * const { status, ms } = await post(port, body, digest);
 */
export function post(port: number, body: string, digest: string): Promise<Attempt> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const done = (status: number) => {
      if (settled) return;
      settled = true;
      resolve({ status, ms: performance.now() - t0 });
    };
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/pgi/webhook",
        agent,
        headers: {
          authorization: digest,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => done(res.statusCode ?? 0));
        res.on("error", () => done(0));
      },
    );
    req.setTimeout(LIMIT_MS, () => req.destroy());
    req.on("error", () => done(0));
    req.end(body);
  });
}

/** One delivery chain as the sender runs it: the first attempt, then a retry after each wait of the schedule. */
export interface Chain {
  attempts: Attempt[];
  delivered: boolean;
}

/**
 * Delivers one event following DELIVERY_RULE.retrySchedule scaled by `factor`; attempt k goes to `pick(k)` (a load
 * balancer), and any answer but the expected status is retried. Bounded: at most schedule.length + 1 attempts,
 * none started after `deadline` (a performance.now() time).
 *
 * @example
 * const chain = await deliver(body, digest, 1 / 50, (k) => ports[k % 2]);
 */
export async function deliver(
  body: string,
  digest: string,
  factor: number,
  pick: (attempt: number) => number,
  deadline = Number.POSITIVE_INFINITY,
): Promise<Chain> {
  const attempts: Attempt[] = [];
  const waits = [0, ...DELIVERY_RULE.retrySchedule];
  for (let k = 0; k < waits.length && performance.now() < deadline; k++) {
    await new Promise((r) => setTimeout(r, (waits[k] as number) * 1000 * factor));
    const a = await post(pick(k), body, digest);
    attempts.push(a);
    if (a.status === DELIVERY_RULE.expectStatus) return { attempts, delivered: true };
  }
  return { attempts, delivered: false };
}

/** Sends headers and part of a body, then closes the socket. */
export function abortedUpload(port: number, digest: string): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(
        `POST /pgi/webhook HTTP/1.1\r\nHost: x\r\nAuthorization: ${digest}\r\nContent-Length: 60000\r\n\r\n{"mid":`,
      );
      setTimeout(() => socket.destroy(), 10);
    });
    socket.on("close", () => resolve());
    socket.on("error", () => {});
  });
}

/**
 * Sends an unsigned body of `keys` keys (under the 64 KiB limit) in `parts` chunks `gapMs` apart; resolves to the
 * status (0 when the connection failed).
 *
 * @example
 * await slowUnsignedBody(port, 5_000, 16, 100) // => 400
 */
export function slowUnsignedBody(port: number, keys: number, parts: number, gapMs: number): Promise<number> {
  const body = `{${Array.from({ length: keys }, (_, i) => `"k${(i * 7919) % keys}":${i}`).join(",")}}`;
  return new Promise((resolve) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/pgi/webhook",
        headers: { authorization: "0".repeat(64), "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", () => resolve(0));
    const size = Math.ceil(body.length / parts);
    let i = 0;
    const next = () => {
      if (i >= body.length) return void req.end();
      req.write(body.slice(i, i + size));
      i += size;
      setTimeout(next, gapMs);
    };
    next();
  });
}
