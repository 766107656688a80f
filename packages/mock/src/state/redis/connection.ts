// The shared sandbox's Redis connection: option checks, the URL with its password masked, connecting with a bound,
// and which failures mean "Redis is unavailable" (a 503 refusal) rather than a bug.
import { type RedisOptions as IoRedisOptions, Redis } from "ioredis";
import { StoreConfigError, StoreUnavailableError } from "../../errors.js";
import { maskRedisUrl } from "./mask-url.js";

export { maskRedisUrl } from "./mask-url.js";

/** Namespaces: letters, digits, dot, dash and underscore, 1 to 64 characters (they become part of key names). */
const NAMESPACE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * Checks a namespace name.
 *
 * @example
 * checkNamespace("team-a"); // "team-a"
 * checkNamespace("a b"); // throws StoreConfigError naming --namespace
 */
export function checkNamespace(namespace: string): string {
  if (!NAMESPACE.test(namespace)) {
    throw new StoreConfigError(
      "--namespace",
      `${JSON.stringify(namespace)} is not a namespace name; use 1-64 letters, digits, '.', '-' or '_' (starting with a letter or digit)`,
    );
  }
  return namespace;
}

/**
 * Checks a Redis URL: redis:// or rediss://, a host, an optional port and database number.
 *
 * @example
 * checkRedisUrl("redis://127.0.0.1:6379/0"); // the URL
 */
export function checkRedisUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new StoreConfigError("--redis", `${maskRedisUrl(url)} is not a URL; use redis://HOST:PORT[/DB]`);
  }
  if (u.protocol !== "redis:" && u.protocol !== "rediss:") {
    throw new StoreConfigError("--redis", `${maskRedisUrl(url)}: use redis://HOST:PORT[/DB] (or rediss://)`);
  }
  if (u.hostname === "") throw new StoreConfigError("--redis", `${maskRedisUrl(url)}: the URL names no host`);
  const db = u.pathname.replace(/^\//, "");
  if (db !== "" && !/^(?:[0-9]|1[0-5])$/.test(db)) {
    throw new StoreConfigError("--redis", `${maskRedisUrl(url)}: the database is a number 0-15, got ${db}`);
  }
  return url;
}

/**
 * Parses an idle expiry: a number of seconds, or a number with s, m, h or d.
 *
 * @example
 * parseDuration("7d", "--idle-expiry"); // 604800000
 */
export function parseDuration(value: string, option: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*(s|m|h|d)?$/.exec(value.trim());
  const unit = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[(m?.[2] ?? "s") as "s"];
  const ms = m ? Number(m[1]) * unit : Number.NaN;
  if (!Number.isFinite(ms) || ms < 1_000 || ms > 366 * 86_400_000) {
    throw new StoreConfigError(option, `${value} is not a duration from 1s to 366d (e.g. 90s, 30m, 12h, 7d)`);
  }
  return Math.round(ms);
}

/** Failures that mean Redis is down, unreachable, too slow or not serving writes: a 503, never a 500. */
const UNAVAILABLE =
  /Connection is closed|Stream isn't writeable|Command timed out|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EAI_AGAIN|Socket closed|LOADING|BUSY|MASTERDOWN|READONLY|OOM|MaxRetriesPerRequest|NOAUTH|WRONGPASS/i;

/**
 * The error a store call rejects with: StoreUnavailableError for an outage, the error itself for anything else.
 *
 * @example
 * await client.get(key).catch((e) => { throw storeError(e, url); });
 */
export function storeError(error: unknown, url: string): unknown {
  if (error instanceof StoreUnavailableError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (UNAVAILABLE.test(message) || (error as { name?: string })?.name === "MaxRetriesPerRequestError") {
    return new StoreUnavailableError(maskRedisUrl(url), message.split("\n")[0] ?? message, { cause: error });
  }
  return error;
}

/** Options of connect(). */
export interface ConnectOptions {
  /** How long one command may wait for Redis (ms) before the call is refused with 503. */
  commandTimeoutMs: number;
  /** Called once per outage (and once when Redis is back), with the masked URL. */
  onStatus?: (up: boolean, reason: string) => void;
}

/**
 * Connects to Redis, failing with one clear StoreUnavailableError (URL masked) when it cannot be reached in time.
 * Commands fail at once while disconnected (no offline queue: a request is refused, not left waiting) and after
 * commandTimeoutMs; the client reconnects by itself.
 *
 * @example
 * const client = await connect("redis://127.0.0.1:6379", { commandTimeoutMs: 2_000 });
 */
export async function connect(url: string, options: ConnectOptions): Promise<Redis> {
  const settings: IoRedisOptions = {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: options.commandTimeoutMs,
    connectTimeout: Math.max(1_000, options.commandTimeoutMs),
    // Not auto-pipelined: a batch waits for the one before it, so one frozen reply would hold every later call
    // past its own timeout (commands still share the connection, which Redis pipelines anyway).
    enableAutoPipelining: false,
    retryStrategy: (times) => Math.min(50 * times, 1_000),
  };
  const client = new Redis(url, settings);
  let lastError = "no answer";
  let up = false;
  let connected = false;
  client.on("error", (error: Error) => {
    lastError = error.message;
  });
  // A lost connection is reported once, when it closes (a quick reconnect may see no error at all), and its return
  // once, when the client is ready again.
  client.on("close", () => {
    if (!up) return;
    up = false;
    options.onStatus?.(false, lastError === "no answer" ? "connection closed" : lastError);
  });
  client.on("ready", () => {
    if (up) return;
    up = true;
    if (connected) options.onStatus?.(true, "reconnected");
  });
  try {
    await client.connect();
    await client.ping();
    up = true;
    connected = true;
  } catch (error) {
    client.disconnect();
    const reason = lastError !== "no answer" ? lastError : (error as Error).message;
    throw new StoreUnavailableError(maskRedisUrl(url), `cannot connect: ${reason}`, { cause: error });
  }
  return client;
}
