// The shared clock of a Redis sandbox: real time plus an offset kept in Redis, read fresh by every request, and an
// advance that walks the due jobs in order while holding a lock, so advances on two instances add up.
import { randomUUID } from "node:crypto";
import { MockError } from "../../errors.js";
import type { MockClock } from "../../types.js";
import type { RedisJobs } from "./jobs.js";
import { ADVANCE_LOCK } from "./keys.js";
import type { LuaScripts, RedisRun } from "./lua-lib.js";

/** How long the advance lock lives without renewal, and how long an advance waits for another's to end. */
const LOCK_MS = 15_000;
const WAIT_MS = 60_000;

export const CLOCK_SCRIPTS: LuaScripts = {
  clockRead: `return redis.call('HGET', k('meta'), 'offset') or '0'`,
  // offset (ms, as text) -> the offset now kept (it only moves forward)
  clockMove: `
local cur = tonumber(redis.call('HGET', k('meta'), 'offset') or '0')
if tonumber(ARGV[2]) > cur then
  redis.call('HSET', k('meta'), 'offset', ARGV[2])
  touch('meta')
end
return redis.call('HGET', k('meta'), 'offset') or '0'`,
  // owner, ttlMs -> 1 when taken (or renewed by its owner)
  clockLock: `
local key = k('${ADVANCE_LOCK}')
local holder = redis.call('GET', key)
if holder and holder ~= ARGV[2] then return 0 end
redis.call('SET', key, ARGV[2], 'PX', ARGV[3])
return 1`,
  // owner
  clockUnlock: `
local key = k('${ADVANCE_LOCK}')
if redis.call('GET', key) == ARGV[2] then redis.call('DEL', key) end
return 1`,
};

/** A clock advance that could not start: another instance's advance held the lock too long. */
export class ClockBusyError extends MockError {
  override readonly name = "ClockBusyError";
}

/** The shared clock, with what the store sets: the offset read by a request or a job claim. */
export interface SharedClock extends MockClock {
  setOffset(offset: number): void;
}

/**
 * Creates the shared clock on `realNow` (real time, or a test's fixed time).
 *
 * @example
 * const clock = createSharedClock(run, jobs, Date.now);
 * await clock.advance(3_000); // every instance's next request sees the mock's time 3 s later
 */
export function createSharedClock(run: RedisRun, jobs: () => RedisJobs, realNow: () => number): SharedClock {
  let offset = 0;
  const now = () => realNow() + offset;
  const moveTo = async (mockTime: number) => {
    offset = Number(await run("clockMove", String(mockTime - realNow())));
  };
  const locked = async <T>(work: () => Promise<T>): Promise<T> => {
    const owner = randomUUID();
    const deadline = Date.now() + WAIT_MS;
    while ((await run("clockLock", owner, LOCK_MS)) !== 1) {
      if (Date.now() > deadline) {
        throw new ClockBusyError(`another instance's clock advance has run for over ${WAIT_MS / 1000} s`);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    const renew = setInterval(
      () => void run("clockLock", owner, LOCK_MS).catch(() => undefined),
      LOCK_MS / 3,
    );
    renew.unref();
    try {
      return await work();
    } finally {
      clearInterval(renew);
      await run("clockUnlock", owner).catch(() => undefined);
    }
  };
  return {
    now,
    // As the memory clock: steps through each due time, so a job scheduled by a job (a retry after a failed
    // attempt) is measured from when its parent ran, not from the end of the jump.
    async advance(ms: number) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`clock can only move forward; got ${ms} ms`);
      await locked(async () => {
        offset = Number(await run("clockRead"));
        const target = now() + ms;
        for (let step = 0; step < 100_000; step++) {
          const next = await jobs().nextMockDue();
          if (next === undefined || next > target) break;
          if (next > now()) await moveTo(next);
          await jobs().runDueMock();
        }
        if (target > now()) await moveTo(target);
        await jobs().runDueMock();
      });
    },
    attach() {},
    offset: () => offset,
    resetOffset() {
      offset = 0;
    },
    setOffset(value) {
      offset = value;
    },
  };
}
