// pgi-mock --workers N: the primary process only supervises N workers (node:cluster), each a whole mock on the
// shared Redis store serving every host port; a worker that dies is started again.
import cluster, { type Worker } from "node:cluster";
import type { HostName } from "./types.js";

/** What a worker tells the primary once it listens. */
export interface WorkerReady {
  type: "pgi-mock-ready";
  urls: Record<HostName, string>;
}

/** What a worker tells the primary when it cannot start (the primary prints it once and stops). */
export interface WorkerFailed {
  type: "pgi-mock-failed";
  message: string;
  code: number;
}

/** True in a worker process of `pgi-mock --workers N`. */
export const isWorker = (): boolean => cluster.isWorker;

/** Tells the primary this worker is up (no-op outside a cluster). */
export function reportReady(urls: Record<HostName, string>): void {
  if (cluster.isWorker) process.send?.({ type: "pgi-mock-ready", urls } satisfies WorkerReady);
}

/** Tells the primary this worker could not start. */
export function reportFailure(message: string, code: number): void {
  if (cluster.isWorker) process.send?.({ type: "pgi-mock-failed", message, code } satisfies WorkerFailed);
}

/** Lets a stopped worker exit: its channel to the primary would otherwise keep it alive (no-op outside one). */
export function leaveCluster(): void {
  if (cluster.isWorker) cluster.worker?.disconnect();
}

/** Options of runPrimary(). */
export interface PrimaryOptions {
  workers: number;
  /** Called once, when every worker first listens. */
  onReady(urls: Record<HostName, string>): void;
  /** One-line messages (a worker restarted, a start failure). */
  error(line: string): void;
  /** Resolves when the primary should stop (SIGINT, SIGTERM). */
  stop: Promise<void>;
}

/** Restarts allowed within RESTART_WINDOW_MS before the primary gives up (a worker that dies on start-up). */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 10_000;
/** How long stopping waits for the workers before it kills them. */
const STOP_MS = 10_000;

/**
 * Runs the primary: forks the workers (which run the same command line), reports when all listen, restarts a worker
 * that exits unasked, and stops them all on `stop`. Resolves with the exit code.
 *
 * @example
 * const code = await runPrimary({ workers: 2, onReady: printTable, error: console.error, stop: signalled });
 */
export async function runPrimary(options: PrimaryOptions): Promise<number> {
  let stopping = false;
  let failed: { message: string; code: number } | undefined;
  const restarts: number[] = [];
  const ready = new Set<number>();
  let reported = false;
  let finish: (code: number) => void = () => {};
  const finished = new Promise<number>((resolve) => {
    finish = resolve;
  });

  const fork = (): Worker => {
    const worker = cluster.fork();
    worker.on("message", (message: WorkerReady | WorkerFailed) => {
      if (message?.type === "pgi-mock-failed" && !failed) {
        failed = { message: message.message, code: message.code };
        options.error(message.message);
        void stopAll(message.code);
      }
      if (message?.type !== "pgi-mock-ready") return;
      ready.add(worker.id);
      if (!reported && ready.size >= options.workers) {
        reported = true;
        options.onReady(message.urls);
      }
    });
    return worker;
  };

  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    const alive = Object.values(cluster.workers ?? {}).filter(
      (w): w is Worker => w !== undefined && !w.isDead(),
    );
    const exits = alive.map((w) => new Promise((resolve) => w.once("exit", resolve)));
    for (const w of alive) w.process.kill("SIGTERM");
    const timer = setTimeout(() => {
      for (const w of alive) if (!w.isDead()) w.process.kill("SIGKILL");
    }, STOP_MS);
    await Promise.all(exits);
    clearTimeout(timer);
    finish(code);
  };

  cluster.on("exit", (worker, code, signal) => {
    ready.delete(worker.id);
    if (stopping) return;
    const now = Date.now();
    restarts.push(now);
    while (restarts.length > 0 && (restarts[0] as number) < now - RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length > MAX_RESTARTS) {
      options.error(
        `pgi-mock: workers keep exiting (${restarts.length} in ${RESTART_WINDOW_MS / 1000} s); stopping`,
      );
      void stopAll(1);
      return;
    }
    options.error(
      `pgi-mock: worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another`,
    );
    fork();
  });

  for (let i = 0; i < options.workers; i++) fork();
  void options.stop.then(() => stopAll(failed?.code ?? 0));
  return finished;
}
