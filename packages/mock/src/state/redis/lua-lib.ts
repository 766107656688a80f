// The Lua helpers every script of the Redis store starts with: key names, bounded and capped collections (the
// same lifetimes, retention and caps as the memory store), the sent-codes list, jobs, and the namespace's expiry.
import type { StateLimits } from "../../core/bounded-store.js";
import { MAX_SENT_OTPS, OTP_LIMITS, SIGN_IN, WALLET_OTP } from "../lifetimes.js";
import { EVENTS_CHANNEL, NAMESPACE_KEYS } from "./keys.js";

/** What the scripts are built with: the same limits on every instance of a namespace. */
export interface LuaSettings {
  limits: StateLimits;
  /** A namespace untouched this long (real ms) expires. */
  idleMs: number;
  /** Real ms waited per mock ms for jobs (0: only a clock advance runs them). */
  timeFactor: number;
}

const num = (n: number) => {
  if (!Number.isFinite(n)) throw new RangeError(`not a finite number: ${n}`);
  return String(n);
};

/**
 * The Lua library (constants and helpers). Every script receives the namespace's key prefix as ARGV[1].
 *
 * Bounded collection `s` (records with an end of life): hash `s` (key -> value), sorted set `s:until` (key -> end
 * of life plus retention), `s:age` (key -> insertion number; a set record becomes the newest). Capped collection
 * `s` (no lifetime): hash `s` and `s:age`, where a record keeps its first insertion number (as a Map does).
 *
 * @example
 * const source = luaLibrary(settings) + "return bsGet('otp:req', ARGV[2], tonumber(ARGV[3]))";
 */
export function luaLibrary(s: LuaSettings): string {
  return `
local P = ARGV[1]
local RET = ${num(s.limits.retentionMs)}
local MAXR = ${num(s.limits.maxRecords)}
local MAXD = ${num(s.limits.maxDeliveries)}
local MAXP = ${num(Math.min(s.limits.maxPendingDeliveries, s.limits.maxDeliveries))}
local IDLE = ${num(s.idleMs)}
local TF = ${num(s.timeFactor)}
local MAX_SENT = ${num(MAX_SENT_OTPS)}
local OTP_TOKEN_MS = ${num(OTP_LIMITS.tokenValiditySeconds * 1000)}
local OTP_MAX_ATTEMPTS = ${num(OTP_LIMITS.maxVerifyAttempts)}
local OTP_MAX_RESENDS = ${num(OTP_LIMITS.maxResends)}
local WALLET_MAX_ATTEMPTS = ${num(WALLET_OTP.maxAttempts)}
local SIGN_IN_MAX_ATTEMPTS = ${num(SIGN_IN.maxAttempts)}
local ALL_KEYS = {${NAMESPACE_KEYS.map((k) => `'${k}'`).join(", ")}}

local function k(n) return P .. n end
local function touch(...)
  for _, n in ipairs({...}) do redis.call('PEXPIRE', k(n), IDLE) end
end
local function touchAll()
  for _, n in ipairs(ALL_KEYS) do redis.call('PEXPIRE', k(n), IDLE) end
end
local function nextSeq(name)
  local v = redis.call('HINCRBY', k('seq'), name, 1)
  touch('seq')
  return v
end
-- Secrets and codes are compared through their digests, so the time taken says nothing about a matching prefix.
local function sameSecret(a, b) return redis.sha1hex(a) == redis.sha1hex(b) end

local function bsDel(s, key)
  redis.call('HDEL', k(s), key)
  redis.call('ZREM', k(s .. ':until'), key)
  redis.call('ZREM', k(s .. ':age'), key)
end
local function bsGet(s, key, now)
  local v = redis.call('HGET', k(s), key)
  if not v then return nil end
  local u = redis.call('ZSCORE', k(s .. ':until'), key)
  if u and now > tonumber(u) then bsDel(s, key) return nil end
  return v
end
local function bsSweep(s, now, limit)
  local gone
  if limit then
    gone = redis.call('ZRANGEBYSCORE', k(s .. ':until'), '-inf', '(' .. now, 'LIMIT', 0, limit)
  else
    gone = redis.call('ZRANGEBYSCORE', k(s .. ':until'), '-inf', '(' .. now)
  end
  for _, key in ipairs(gone) do bsDel(s, key) end
end
local function bsSet(s, key, value, endsAt, now)
  redis.call('HSET', k(s), key, value)
  redis.call('ZADD', k(s .. ':until'), endsAt + RET, key)
  redis.call('ZADD', k(s .. ':age'), nextSeq('age'), key)
  bsSweep(s, now, 16)
  while redis.call('HLEN', k(s)) > MAXR do
    bsDel(s, redis.call('ZRANGE', k(s .. ':age'), 0, 0)[1])
  end
  touch(s, s .. ':until', s .. ':age')
end
local function bsExtend(s, key, endsAt)
  redis.call('ZADD', k(s .. ':until'), 'XX', endsAt + RET, key)
end
local function bsKeys(s, now)
  bsSweep(s, now)
  return redis.call('ZRANGE', k(s .. ':age'), 0, -1)
end

local function capSet(s, key, value)
  redis.call('HSET', k(s), key, value)
  redis.call('ZADD', k(s .. ':age'), 'NX', nextSeq('age'), key)
  while redis.call('HLEN', k(s)) > MAXR do
    redis.call('HDEL', k(s), redis.call('ZPOPMIN', k(s .. ':age'))[1])
  end
  touch(s, s .. ':age')
end
local function capDel(s, key)
  redis.call('HDEL', k(s), key)
  redis.call('ZREM', k(s .. ':age'), key)
end
local function capPairs(s)
  local out = {}
  for _, key in ipairs(redis.call('ZRANGE', k(s .. ':age'), 0, -1)) do
    local v = redis.call('HGET', k(s), key)
    if v then
      table.insert(out, key)
      table.insert(out, v)
    end
  end
  return out
end

-- Sent codes: "expiresAtMs|json" entries, oldest first, at most MAX_SENT.
local function sentPush(expiresAt, json)
  redis.call('RPUSH', k('otps:sent'), expiresAt .. '|' .. json)
  redis.call('LTRIM', k('otps:sent'), -MAX_SENT, -1)
  touch('otps:sent')
end
local function sentExpired(entry, now)
  local bar = string.find(entry, '|', 1, true)
  return tonumber(string.sub(entry, 1, bar - 1)) + RET < now
end
local function sentPruneHead(now)
  while true do
    local head = redis.call('LINDEX', k('otps:sent'), 0)
    if not head or not sentExpired(head, now) then return end
    redis.call('LPOP', k('otps:sent'))
  end
end
local function sentList(now)
  local all = redis.call('LRANGE', k('otps:sent'), 0, -1)
  local kept = {}
  for _, entry in ipairs(all) do
    if not sentExpired(entry, now) then table.insert(kept, entry) end
  end
  if #kept ~= #all then
    redis.call('DEL', k('otps:sent'))
    if #kept > 0 then
      redis.call('RPUSH', k('otps:sent'), unpack(kept))
      touch('otps:sent')
    end
  end
  local out = {}
  for i, entry in ipairs(kept) do out[i] = string.sub(entry, string.find(entry, '|', 1, true) + 1) end
  return out
end

-- Jobs: 'jobs' (id -> {kind, payload}), 'jobs:mock' (id -> due in mock ms), 'jobs:real' (id -> due in real ms,
-- only with a time factor), 'jobs:lease' (id -> lease end, real ms) and 'jobs:owner' (id -> instance).
local function jobAdd(id, json, delay, now, realNow)
  redis.call('HSET', k('jobs'), id, json)
  redis.call('ZADD', k('jobs:mock'), now + delay, id)
  redis.call('ZREM', k('jobs:lease'), id)
  redis.call('HDEL', k('jobs:owner'), id)
  touch('jobs', 'jobs:mock')
  if TF > 0 then
    redis.call('ZADD', k('jobs:real'), realNow + delay * TF, id)
    touch('jobs:real')
    redis.call('PUBLISH', k('${EVENTS_CHANNEL}'), 'wake')
  else
    redis.call('ZREM', k('jobs:real'), id)
  end
end
local function jobDel(id)
  redis.call('HDEL', k('jobs'), id)
  redis.call('ZREM', k('jobs:mock'), id)
  redis.call('ZREM', k('jobs:real'), id)
  redis.call('ZREM', k('jobs:lease'), id)
  redis.call('HDEL', k('jobs:owner'), id)
end
`;
}

/** Runs a script of the store by name with its arguments (the key prefix goes first by itself). */
export type RedisRun = (script: string, ...args: (string | number)[]) => Promise<unknown>;

/** Lua bodies by script name; each runs after luaLibrary(). */
export type LuaScripts = Readonly<Record<string, string>>;
