// The Redis store: everything the mock keeps, in one namespace of a Redis shared by every instance of a sandbox.
// Loaded only when the mock is started with --redis, so the memory mode never loads ioredis.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { StateLimits } from "../../core/bounded-store.js";
import { StoreUnavailableError } from "../../errors.js";
import type { MockClock, RedisOptions } from "../../types.js";
import type { MockStore } from "../types.js";
import { ACCOUNTS_SCRIPTS, createRedisAccountsState } from "./accounts.js";
import { BBPS_SCRIPTS, createRedisBbpsState } from "./bbps.js";
import { CLOCK_SCRIPTS, createSharedClock, type SharedClock } from "./clock.js";
import { checkNamespace, checkRedisUrl, connect, maskRedisUrl, storeError } from "./connection.js";
import { createRedisDeliveries, DELIVERY_SCRIPTS } from "./deliveries.js";
import { createRedisForced, FORCED_SCRIPTS } from "./forced.js";
import { createRedisGatewayState, GATEWAY_SCRIPTS } from "./gateway.js";
import { createRedisJobs, JOB_SCRIPTS, type RedisJobs } from "./jobs.js";
import { EVENTS_CHANNEL, namespacePrefix } from "./keys.js";
import { type LuaScripts, luaLibrary, type RedisRun } from "./lua-lib.js";
import { createRedisOtpState, OTP_SCRIPTS } from "./otp.js";
import { createRedisPartnerState, PARTNER_SCRIPTS } from "./partner.js";
import { createRedisPayoutState, PAYOUT_SCRIPTS } from "./payout.js";
import { createRedisWalletState, WALLET_SCRIPTS } from "./wallet.js";

/** A namespace untouched for 7 days expires by default. */
export const DEFAULT_IDLE_EXPIRY_MS = 7 * 86_400_000;
/** How long a request waits for Redis before its 503 refusal, by default. */
export const DEFAULT_COMMAND_TIMEOUT_MS = 2_000;

const STORE_SCRIPTS: LuaScripts = {
  // -> 1: forgets every record of the namespace (not its id counters, so an old delivery id never comes back)
  storeReset: `
for _, n in ipairs(ALL_KEYS) do
  if n ~= 'seq' then redis.call('DEL', k(n)) end
end
return 1`,
  storeTouch: `touchAll() return 1`,
};

const ALL_SCRIPTS: LuaScripts = {
  ...OTP_SCRIPTS,
  ...WALLET_SCRIPTS,
  ...ACCOUNTS_SCRIPTS,
  ...PAYOUT_SCRIPTS,
  ...GATEWAY_SCRIPTS,
  ...BBPS_SCRIPTS,
  ...PARTNER_SCRIPTS,
  ...DELIVERY_SCRIPTS,
  ...FORCED_SCRIPTS,
  ...JOB_SCRIPTS,
  ...CLOCK_SCRIPTS,
  ...STORE_SCRIPTS,
};

/** Options of openRedisStore(). */
export interface RedisStoreOptions {
  limits: StateLimits;
  /** Source of real time: the shared clock adds the namespace's offset to its time (without its own offset). */
  clock: MockClock;
  timeFactor: number;
  redis: RedisOptions;
  log: (event: string, data?: Record<string, unknown>) => void;
  onError: (error: unknown) => void;
}

/**
 * Connects to Redis and opens the namespace's store and shared clock. Fails with StoreUnavailableError (the URL's
 * password masked) when Redis cannot be reached, and StoreConfigError for a malformed option.
 *
 * @example
 * const { store, clock } = await openRedisStore({ limits, clock: createClock(), timeFactor: 1, redis, log, onError });
 */
export async function openRedisStore(
  options: RedisStoreOptions,
): Promise<{ store: MockStore; clock: MockClock }> {
  const url = checkRedisUrl(options.redis.url);
  const prefix = namespacePrefix(checkNamespace(options.redis.namespace ?? "default"));
  const idleMs = options.redis.idleExpiryMs ?? DEFAULT_IDLE_EXPIRY_MS;
  const masked = maskRedisUrl(url);
  let closing = false;
  const onStatus = (up: boolean, reason: string) => {
    if (!closing) options.log(up ? "store-reconnected" : "store-lost", { url: masked, reason });
  };
  const commandTimeoutMs = options.redis.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
  const client = await connect(url, { commandTimeoutMs, onStatus });
  const lib = luaLibrary({ limits: options.limits, idleMs, timeFactor: options.timeFactor });
  for (const [name, body] of Object.entries(ALL_SCRIPTS)) {
    client.defineCommand(name, { numberOfKeys: 0, lua: lib + body });
  }
  const commands = client as unknown as Record<string, (...args: (string | number)[]) => Promise<unknown>>;
  const run: RedisRun = async (script, ...args) => {
    const command = commands[script];
    if (!command) throw new Error(`no Redis script ${script}`);
    try {
      return await command.call(client, prefix, ...args);
    } catch (error) {
      throw storeError(error, url);
    }
  };

  // Instances hear of each scheduled job at once (their runners re-arm), and poll every second anyway.
  const subscriber = client.duplicate({ enableOfflineQueue: true });
  subscriber.on("error", () => undefined);
  let jobs: RedisJobs | undefined;
  subscriber.on("message", () => jobs?.wake());
  try {
    await subscriber.subscribe(prefix + EVENTS_CHANNEL);
  } catch (error) {
    subscriber.disconnect();
    client.disconnect();
    throw storeError(error, url);
  }

  const base = options.clock;
  const realNow = () => base.now() - base.offset();
  const clock: SharedClock = createSharedClock(run, () => jobs as RedisJobs, realNow);
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  jobs = createRedisJobs({
    run,
    owner,
    now: () => clock.now(),
    realNow: Date.now,
    setOffset: (offset) => clock.setOffset(offset),
    timeFactor: options.timeFactor,
    onError: options.onError,
    log: options.log,
  });

  let forcedCount = 0;
  // Reads keep a namespace alive too: every key's expiry is renewed at most this often per instance.
  const touchEveryMs = Math.max(1_000, Math.min(60_000, idleMs / 100));
  let touchedAt = 0;
  const sync = async () => {
    let values: (string | null)[];
    try {
      values = await client.hmget(`${prefix}meta`, "offset", "forced");
    } catch (error) {
      throw storeError(error, url);
    }
    clock.setOffset(Number(values[0] ?? 0));
    forcedCount = Number(values[1] ?? 0);
    if (Date.now() - touchedAt > touchEveryMs) {
      touchedAt = Date.now();
      run("storeTouch").catch(() => {
        touchedAt = 0;
      });
    }
  };

  const store: MockStore = {
    kind: "redis",
    limits: options.limits,
    otp: createRedisOtpState(run),
    wallet: createRedisWalletState(run),
    accounts: createRedisAccountsState(run),
    payout: createRedisPayoutState(run),
    gateway: createRedisGatewayState(run),
    bbps: createRedisBbpsState(run),
    partner: createRedisPartnerState(run),
    deliveries: createRedisDeliveries(run, Date.now),
    forced: createRedisForced(run, () => forcedCount),
    jobs,
    sync,
    async reset() {
      await run("storeReset");
      clock.setOffset(0);
      forcedCount = 0;
    },
    async close() {
      closing = true;
      await jobs?.close();
      subscriber.disconnect();
      await Promise.race([
        client.quit().catch(() => undefined),
        new Promise((r) => setTimeout(r, 1_000).unref()),
      ]);
      client.disconnect();
    },
  };
  // The first request must not wait for the first touch: the namespace is in use from now on.
  await run("storeTouch").catch((error) => {
    if (!(error instanceof StoreUnavailableError)) throw error;
  });
  await sync();
  return { store, clock };
}
