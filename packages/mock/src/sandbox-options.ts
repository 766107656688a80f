// The shared-sandbox options of pgi-mock (--redis, --namespace, --idle-expiry, --redis-timeout, --workers and their
// PGI_MOCK_* variables), checked into startMock()'s redis option and a worker count, each error naming the option.
import { StoreConfigError } from "./errors.js";
import type { RedisOptions } from "./types.js";

/** The options as parseArgs read them. */
export interface SandboxArgs {
  redis?: string | undefined;
  namespace?: string | undefined;
  "idle-expiry"?: string | undefined;
  "redis-timeout"?: string | undefined;
  workers?: string | undefined;
}

/** Checked shared-sandbox settings: the store (none: memory) and the number of worker processes. */
export interface SandboxSettings {
  redis: RedisOptions | undefined;
  workers: number;
}

/** The most workers a mock starts (a machine with more cores runs more mocks). */
export const MAX_WORKERS = 64;

/**
 * Reads the shared-sandbox options, the command line first, then PGI_MOCK_REDIS_URL, PGI_MOCK_NAMESPACE,
 * PGI_MOCK_IDLE_EXPIRY and PGI_MOCK_REDIS_TIMEOUT_MS. Each is checked here, naming the option.
 *
 * @example
 * sandboxSettings({ redis: "redis://127.0.0.1:6379", workers: "2" }, process.env);
 * // { redis: { url: "redis://127.0.0.1:6379", namespace: "default" }, workers: 2 }
 */
export async function sandboxSettings(
  args: SandboxArgs,
  env: Record<string, string | undefined>,
): Promise<SandboxSettings> {
  const url = args.redis ?? (env.PGI_MOCK_REDIS_URL || undefined);
  const namespace = args.namespace ?? (env.PGI_MOCK_NAMESPACE || undefined);
  const idle = args["idle-expiry"] ?? (env.PGI_MOCK_IDLE_EXPIRY || undefined);
  const timeout = args["redis-timeout"] ?? (env.PGI_MOCK_REDIS_TIMEOUT_MS || undefined);
  let workers = 1;
  if (args.workers !== undefined) {
    workers = Number(args.workers);
    if (!Number.isInteger(workers) || workers < 1 || workers > MAX_WORKERS) {
      throw new StoreConfigError("--workers", `an integer from 1 to ${MAX_WORKERS}, got ${args.workers}`);
    }
  }
  if (url === undefined) {
    if (workers > 1) {
      throw new StoreConfigError(
        "--workers",
        `${workers} workers need --redis URL (or PGI_MOCK_REDIS_URL): with the memory store each worker would keep its own state`,
      );
    }
    for (const [option, value] of [
      ["--namespace", namespace],
      ["--idle-expiry", idle],
      ["--redis-timeout", timeout],
    ] as const) {
      if (value !== undefined)
        throw new StoreConfigError(option, "only applies with --redis URL (a shared sandbox)");
    }
    return { redis: undefined, workers };
  }
  // Checked here too, so a bad option is a usage error before anything starts.
  const { checkNamespace, checkRedisUrl, parseDuration } = await import("./state/redis/connection.js");
  const redis: RedisOptions = { url: checkRedisUrl(url), namespace: checkNamespace(namespace ?? "default") };
  if (idle !== undefined) redis.idleExpiryMs = parseDuration(idle, "--idle-expiry");
  if (timeout !== undefined) {
    const ms = Number(timeout);
    if (!Number.isInteger(ms) || ms < 50 || ms > 60_000) {
      throw new StoreConfigError("--redis-timeout", `milliseconds from 50 to 60000, got ${timeout}`);
    }
    redis.commandTimeoutMs = ms;
  }
  return { redis, workers };
}
