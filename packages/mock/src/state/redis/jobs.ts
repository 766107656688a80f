// Scheduled jobs in Redis: a sorted set by due time (mock and scaled real time) with leases. Any instance takes a
// due job (exactly one does), a lease that its taker stops renewing (it died) ends and the job is taken again.
import { StoreUnavailableError } from "../../errors.js";
import type { Job, JobQueue } from "../types.js";
import type { LuaScripts, RedisRun } from "./lua-lib.js";

/** How long a taken job is leased (real ms); its taker renews it every third of that while it runs. */
export const JOB_LEASE_MS = 5_000;
/** Jobs one instance runs at once. */
const MAX_RUNNING = 64;
/** Due jobs looked at per claim beyond the wanted number (leased ones are skipped). */
const SCAN = 256;

export const JOB_SCRIPTS: LuaScripts = {
  // id, json, delayMs, now, realNow
  jobSchedule: `jobAdd(ARGV[2], ARGV[3], tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])) return 1`,
  // set (real|mock), bound, realNow, leaseMs, owner, limit -> { offset, id, json, id, json, ... }
  jobClaim: `
local set = k(ARGV[2] == 'real' and 'jobs:real' or 'jobs:mock')
local realNow, limit = tonumber(ARGV[4]), tonumber(ARGV[7])
local out = { redis.call('HGET', k('meta'), 'offset') or '0' }
for _, id in ipairs(redis.call('ZRANGEBYSCORE', set, '-inf', ARGV[3], 'LIMIT', 0, limit + ${SCAN})) do
  if (#out - 1) / 2 >= limit then break end
  local lease = redis.call('ZSCORE', k('jobs:lease'), id)
  if not lease or tonumber(lease) <= realNow then
    local json = redis.call('HGET', k('jobs'), id)
    if json then
      redis.call('ZADD', k('jobs:lease'), realNow + tonumber(ARGV[5]), id)
      redis.call('HSET', k('jobs:owner'), id, ARGV[6])
      touch('jobs:lease', 'jobs:owner')
      table.insert(out, id)
      table.insert(out, json)
    else
      jobDel(id)
    end
  end
end
return out`,
  // id, owner -> 1 when it was this owner's (the job is done and gone)
  jobAck: `
if redis.call('HGET', k('jobs:owner'), ARGV[2]) ~= ARGV[3] then return 0 end
jobDel(ARGV[2])
return 1`,
  // id, owner, leaseEnd
  jobRenew: `
if redis.call('HGET', k('jobs:owner'), ARGV[2]) ~= ARGV[3] then return 0 end
redis.call('ZADD', k('jobs:lease'), 'XX', ARGV[4], ARGV[2])
return 1`,
  // set (real|mock), realNow -> { earliest due of a job not under a live lease ('' none), earliest lease end ('') }
  jobNext: `
local set = k(ARGV[2] == 'real' and 'jobs:real' or 'jobs:mock')
local realNow = tonumber(ARGV[3])
local due = ''
local list = redis.call('ZRANGE', set, 0, ${SCAN}, 'WITHSCORES')
for i = 1, #list, 2 do
  local lease = redis.call('ZSCORE', k('jobs:lease'), list[i])
  if not lease or tonumber(lease) <= realNow then
    due = list[i + 1]
    break
  end
end
local lease = redis.call('ZRANGE', k('jobs:lease'), 0, 0, 'WITHSCORES')
return { due, lease[2] or '' }`,
};

/** What the job runner needs from the store. */
export interface RedisJobsDeps {
  run: RedisRun;
  /** This instance's name in leases. */
  owner: string;
  /** Mock time (the shared clock) and real time. */
  now: () => number;
  realNow: () => number;
  /** The shared clock's offset as a claim read it (jobs run on the current clock). */
  setOffset: (offset: number) => void;
  timeFactor: number;
  onError: (error: unknown) => void;
  log: (event: string, data?: Record<string, unknown>) => void;
}

/** The Redis job queue, and what the shared clock's advance uses to walk due jobs in order. */
export interface RedisJobs extends JobQueue {
  /** Due time (mock ms) of the earliest job not running elsewhere. */
  nextMockDue(): Promise<number | undefined>;
  /** Takes and runs every job due on the mock's clock (here), until none is left; waits for this process's jobs. */
  runDueMock(): Promise<void>;
  /** Makes the runner look for due jobs now (a job was scheduled). */
  wake(): void;
  close(): Promise<void>;
}

/**
 * Creates the job queue and, with a time factor, the runner that takes jobs whose scaled real delay has passed.
 *
 * @example
 * const jobs = createRedisJobs({ run, owner, now: clock.now, realNow: Date.now, setOffset, timeFactor: 1, onError, log });
 * jobs.start(runJob);
 */
export function createRedisJobs(deps: RedisJobsDeps): RedisJobs {
  const { run, owner } = deps;
  const running = new Set<Promise<void>>();
  let runner: ((job: Job) => Promise<void>) | undefined;
  let closed = false;
  let waking: (() => void) | undefined;
  let loop: Promise<void> | undefined;

  const execute = (id: string, json: string): void => {
    const p = (async () => {
      const renew = setInterval(() => {
        run("jobRenew", id, owner, deps.realNow() + JOB_LEASE_MS).catch(() => undefined);
      }, JOB_LEASE_MS / 3);
      renew.unref();
      let ack = true;
      try {
        const { kind, payload } = JSON.parse(json) as { kind: string; payload: Record<string, unknown> };
        await runner?.({ id, kind, payload });
      } catch (error) {
        // An outage: leave the lease to end, and the job is taken again once Redis is back.
        if (error instanceof StoreUnavailableError) ack = false;
        deps.onError(error);
      } finally {
        clearInterval(renew);
      }
      if (ack) await run("jobAck", id, owner).catch((error) => deps.onError(error));
    })();
    running.add(p);
    void p.finally(() => running.delete(p));
  };

  /** Takes up to `limit` due jobs of `set` and starts them; the number taken. */
  const claim = async (set: "real" | "mock", bound: number, limit: number): Promise<number> => {
    const [offset, ...flat] = (await run(
      "jobClaim",
      set,
      bound,
      deps.realNow(),
      JOB_LEASE_MS,
      owner,
      limit,
    )) as [string, ...string[]];
    deps.setOffset(Number(offset));
    for (let i = 0; i + 1 < flat.length; i += 2) execute(flat[i] as string, flat[i + 1] as string);
    return flat.length / 2;
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        waking = undefined;
        resolve();
      }
      waking = done;
    });

  const poll = async () => {
    let down = false;
    while (!closed) {
      let delay = 1_000;
      try {
        const free = MAX_RUNNING - running.size;
        const taken = free > 0 ? await claim("real", deps.realNow(), free) : 0;
        if (taken === free && free > 0) continue;
        const [due, lease] = (await run("jobNext", "real", deps.realNow())) as [string, string];
        const next = Math.min(due === "" ? Infinity : Number(due), lease === "" ? Infinity : Number(lease));
        delay = Math.max(0, Math.min(1_000, next - deps.realNow()));
        if (down) deps.log("jobs-resumed", {});
        down = false;
      } catch (error) {
        if (!(error instanceof StoreUnavailableError)) deps.onError(error);
        else if (!down) deps.log("jobs-waiting-for-store", { reason: error.reason });
        down = error instanceof StoreUnavailableError;
      }
      if (!closed) await sleep(delay);
    }
  };

  return {
    async schedule(job, delayMs) {
      const json = JSON.stringify({ kind: job.kind, payload: job.payload });
      await run("jobSchedule", job.id, json, Math.max(0, delayMs), deps.now(), deps.realNow());
    },
    start(run_) {
      runner = run_;
      // Without a time factor only a clock advance runs jobs (as in memory): no runner polls.
      if (deps.timeFactor > 0 && !loop) loop = poll();
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
    async nextMockDue() {
      const [due] = (await run("jobNext", "mock", deps.realNow())) as [string, string];
      return due === "" ? undefined : Number(due);
    },
    async runDueMock() {
      for (let round = 0; round < 100_000; round++) {
        const taken = await claim("mock", deps.now(), MAX_RUNNING);
        while (running.size > 0) await Promise.all([...running]);
        if (taken === 0) break;
      }
    },
    wake() {
      waking?.();
    },
    async close() {
      closed = true;
      waking?.();
      await loop;
      // Jobs still running (a callback waiting on its receiver) are left to their lease: another instance
      // takes them again if they do not finish.
      const bound = new Promise<void>((resolve) => setTimeout(resolve, 2_000).unref());
      await Promise.race([Promise.all([...running]), bound]);
    },
  };
}
