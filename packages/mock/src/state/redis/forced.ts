// Forced answers in Redis: queued per operation in one hash, with a count every request reads (so an instance
// with nothing forced skips the lookup), taken one per valid call on whichever instance it lands.
import type { ForcedEntry, ForcedState } from "../types.js";
import type { LuaScripts, RedisRun } from "./lua-lib.js";

export const FORCED_SCRIPTS: LuaScripts = {
  // key, entryJson, times
  forcedPush: `
local v = redis.call('HGET', k('forced'), ARGV[2])
local list = v and cjson.decode(v) or {}
local entry = cjson.decode(ARGV[3])
for i = 1, tonumber(ARGV[4]) do table.insert(list, entry) end
redis.call('HSET', k('forced'), ARGV[2], cjson.encode(list))
redis.call('HINCRBY', k('meta'), 'forced', tonumber(ARGV[4]))
touch('forced', 'meta')
return 1`,
  // key -> entry json or nil
  forcedTake: `
local v = redis.call('HGET', k('forced'), ARGV[2])
if not v then return nil end
local list = cjson.decode(v)
local first = table.remove(list, 1)
if #list == 0 then redis.call('HDEL', k('forced'), ARGV[2]) else redis.call('HSET', k('forced'), ARGV[2], cjson.encode(list)) end
redis.call('HINCRBY', k('meta'), 'forced', -1)
if not first then return nil end
return cjson.encode(first)`,
};

/**
 * The forced answers in Redis; `pending()` is the count the request's sync read.
 *
 * @example
 * const forced = createRedisForced(run, () => forcedCount);
 * forced.take("bbps:checkComplaintStatus"); // undefined at once while nothing is forced
 */
export function createRedisForced(run: RedisRun, pending: () => number): ForcedState {
  return {
    async push(key, entry, times) {
      const json = JSON.stringify(entry.example === undefined ? { status: entry.status } : entry);
      await run("forcedPush", key, json, times);
    },
    take(key) {
      if (pending() <= 0) return undefined;
      return run("forcedTake", key).then((json) => {
        if (typeof json !== "string") return undefined;
        const e = JSON.parse(json) as ForcedEntry;
        return e.example === undefined ? { status: e.status } : { status: e.status, example: e.example };
      });
    },
  };
}
