// Webhook deliveries in Redis: the history (bounded by count and retention), pending ones bounded by count, and each
// attempt's follow-up as a job, every change one script, so an attempt is begun and ended exactly once.
import type { Delivery, DeliveryAttempt, DeliveryState } from "../types.js";
import type { LuaScripts, RedisRun } from "./lua-lib.js";

/** Lua helpers of the delivery scripts: deleting one, and pruning the history as the memory store does. */
const DELIVERY_LIB = `
local function dlvDel(id)
  for _, n in ipairs({ 'dlv:meta', 'dlv:body', 'dlv:st' }) do redis.call('HDEL', k(n), id) end
  for _, n in ipairs({ 'dlv:order', 'dlv:pending', 'dlv:fin' }) do redis.call('ZREM', k(n), id) end
end
local function dlvPrune(now)
  for _, id in ipairs(redis.call('ZRANGEBYSCORE', k('dlv:fin'), '-inf', '(' .. (now - RET))) do dlvDel(id) end
  local excess = redis.call('ZCARD', k('dlv:order')) - MAXD
  if excess > 0 then
    for _, id in ipairs(redis.call('ZRANGE', k('dlv:order'), 0, -1)) do
      if excess <= 0 then break end
      if not redis.call('ZSCORE', k('dlv:pending'), id) then
        dlvDel(id)
        excess = excess - 1
      end
    end
  end
  excess = redis.call('ZCARD', k('dlv:order')) - MAXD
  if excess > 0 then
    for _, id in ipairs(redis.call('ZRANGE', k('dlv:order'), 0, excess - 1)) do dlvDel(id) end
  end
end
local function jobJson(kind, id, n) return cjson.encode({ kind = kind, payload = { id = id, n = n } }) end
local function finish(id, st, now)
  st.finishedAt = now
  redis.call('HSET', k('dlv:st'), id, cjson.encode(st))
  redis.call('ZREM', k('dlv:pending'), id)
  redis.call('ZADD', k('dlv:fin'), now, id)
  touch('dlv:fin')
end
`;

export const DELIVERY_SCRIPTS: LuaScripts = {
  // now, realNow, metaJson, body, atIso, merchant, event, current, expectMode (none|any|null|value), expected,
  // limitMs -> id, or full | conflict (none: no item status changes)
  deliveryStart: `${DELIVERY_LIB}
local now, realNow = tonumber(ARGV[2]), tonumber(ARGV[3])
dlvPrune(now)
if redis.call('ZCARD', k('dlv:pending')) >= MAXP then return 'full' end
if ARGV[10] ~= 'none' then
  local merchant, event = ARGV[7], ARGV[8]
  local v = redis.call('HGET', k('partner:item'), merchant)
  local items = v and cjson.decode(v) or {}
  local known = items[event]
  if type(known) ~= 'string' then known = nil end
  if ARGV[10] == 'null' and known ~= nil then return 'conflict' end
  if ARGV[10] == 'value' and known ~= ARGV[11] then return 'conflict' end
  items[event] = ARGV[9]
  capSet('partner:item', merchant, cjson.encode(items))
end
local seq = nextSeq('dlv')
local id = 'dlv_' .. seq
redis.call('HSET', k('dlv:meta'), id, ARGV[4])
redis.call('HSET', k('dlv:body'), id, ARGV[5])
redis.call('HSET', k('dlv:st'), id, cjson.encode({ state = 'pending', attempts = { { n = 1, at = ARGV[6] } } }))
redis.call('ZADD', k('dlv:order'), seq, id)
redis.call('ZADD', k('dlv:pending'), seq, id)
touch('dlv:meta', 'dlv:body', 'dlv:st', 'dlv:order', 'dlv:pending')
jobAdd('limit:' .. id .. ':1', jobJson('webhook-limit', id, 1), tonumber(ARGV[12]), now, realNow)
return id`,
  // id, n, now, realNow, atIso, limitMs -> { metaJson, body } or nil
  deliveryBegin: `${DELIVERY_LIB}
local id, n, now, realNow = ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local v = redis.call('HGET', k('dlv:st'), id)
if not v then return nil end
local st = cjson.decode(v)
if st.state ~= 'pending' then return nil end
for _, a in ipairs(st.attempts) do if a.n == n then return nil end end
table.insert(st.attempts, { n = n, at = ARGV[6] })
st.nextAttemptAt = nil
redis.call('HSET', k('dlv:st'), id, cjson.encode(st))
jobAdd('limit:' .. id .. ':' .. n, jobJson('webhook-limit', id, n), tonumber(ARGV[7]), now, realNow)
return { redis.call('HGET', k('dlv:meta'), id), redis.call('HGET', k('dlv:body'), id) }`,
  // id, n, delivered (1/0), status ('' none), error, now, realNow, retry delay s ('' none), nextAttemptIso, ms ('' none)
  // -> stale | delivered | failed | retry
  deliveryEnd: `${DELIVERY_LIB}
local id, n, now, realNow = ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[7]), tonumber(ARGV[8])
local v = redis.call('HGET', k('dlv:st'), id)
if not v then return 'stale' end
local st = cjson.decode(v)
if st.state ~= 'pending' then return 'stale' end
local attempt
for _, a in ipairs(st.attempts) do if a.n == n then attempt = a end end
if not attempt or attempt.status ~= nil or attempt.error ~= nil then return 'stale' end
jobDel('limit:' .. id .. ':' .. n)
if ARGV[5] ~= '' then attempt.status = tonumber(ARGV[5]) end
if ARGV[11] ~= '' then attempt.ms = tonumber(ARGV[11]) end
if ARGV[4] == '1' then
  st.state = 'delivered'
  finish(id, st, now)
  return 'delivered'
end
attempt.error = ARGV[6]
if ARGV[9] == '' then
  st.state = 'failed'
  finish(id, st, now)
  return 'failed'
end
st.nextAttemptAt = ARGV[10]
redis.call('HSET', k('dlv:st'), id, cjson.encode(st))
jobAdd('attempt:' .. id .. ':' .. (n + 1), jobJson('webhook-attempt', id, n + 1), tonumber(ARGV[9]) * 1000, now, realNow)
return 'retry'`,
  // now -> id, metaJson, stateJson, ... oldest first
  deliveryList: `${DELIVERY_LIB}
dlvPrune(tonumber(ARGV[2]))
local out = {}
for _, id in ipairs(redis.call('ZRANGE', k('dlv:order'), 0, -1)) do
  local meta, st = redis.call('HGET', k('dlv:meta'), id), redis.call('HGET', k('dlv:st'), id)
  if meta and st then
    table.insert(out, id)
    table.insert(out, meta)
    table.insert(out, st)
  end
end
return out`,
  // now -> { deliveries, pending }
  deliveryCounts: `${DELIVERY_LIB}
dlvPrune(tonumber(ARGV[2]))
return { redis.call('ZCARD', k('dlv:order')), redis.call('ZCARD', k('dlv:pending')) }`,
};

interface Meta {
  url: string;
  payload: Record<string, unknown>;
  signature: string;
}

interface Progress {
  state: Delivery["state"];
  attempts: DeliveryAttempt[];
  finishedAt?: number;
  nextAttemptAt?: string;
}

/** A delivery read back from Redis, in the field order the memory store keeps. */
function delivery(id: string, metaJson: string, stateJson: string): Delivery {
  const meta = JSON.parse(metaJson) as Meta;
  const st = JSON.parse(stateJson) as Progress;
  const attempts = (Array.isArray(st.attempts) ? st.attempts : []).map((a) => ({
    n: a.n,
    at: a.at,
    ...(a.status !== undefined ? { status: a.status } : {}),
    ...(a.error !== undefined ? { error: a.error } : {}),
    ...(a.ms !== undefined ? { ms: a.ms } : {}),
  }));
  return {
    id,
    url: meta.url,
    payload: meta.payload,
    signature: meta.signature,
    state: st.state,
    attempts,
    ...(st.finishedAt !== undefined ? { finishedAt: st.finishedAt } : {}),
    ...(st.nextAttemptAt !== undefined ? { nextAttemptAt: st.nextAttemptAt } : {}),
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The deliveries' state in Redis. `realNow` is the real clock the jobs' scaled delays are measured on.
 *
 * @example
 * const deliveries = createRedisDeliveries(run, Date.now);
 * await deliveries.end(id, 1, { delivered: false, status: 500, error: "answered 500, not 200" }, now, [3, 9]);
 */
export function createRedisDeliveries(run: RedisRun, realNow: () => number): DeliveryState {
  return {
    async start(input, now) {
      const meta = JSON.stringify({ url: input.url, payload: input.payload, signature: input.signature });
      const { merchant = "", event = "", current = "", expected } = input.item ?? {};
      const mode = !input.item
        ? "none"
        : expected === undefined
          ? "any"
          : expected === null
            ? "null"
            : "value";
      const out = String(
        await run(
          "deliveryStart",
          now,
          realNow(),
          meta,
          input.body,
          iso(now),
          merchant,
          event,
          current,
          mode,
          expected ?? "",
          input.limitMs,
        ),
      );
      if (out === "full" || out === "conflict") return out;
      const state = JSON.stringify({ state: "pending", attempts: [{ n: 1, at: iso(now) }] });
      return { delivery: delivery(out, meta, state) };
    },
    async begin(id, n, now, limitMs) {
      const out = (await run("deliveryBegin", id, n, now, realNow(), iso(now), limitMs)) as
        | [string, string]
        | null;
      if (!out) return undefined;
      const meta = JSON.parse(out[0]) as Meta;
      return { url: meta.url, body: out[1], signature: meta.signature };
    },
    async end(id, n, result, now, retrySeconds) {
      const delay = result.delivered ? undefined : retrySeconds[n - 1];
      const next = delay === undefined ? "" : iso(now + delay * 1000);
      return (await run(
        "deliveryEnd",
        id,
        n,
        result.delivered ? 1 : 0,
        result.status ?? "",
        result.error ?? "failed",
        now,
        realNow(),
        delay ?? "",
        next,
        result.ms ?? "",
      )) as "retry";
    },
    async list(now) {
      const flat = (await run("deliveryList", now)) as string[];
      const out: Delivery[] = [];
      for (let i = 0; i + 2 < flat.length; i += 3) {
        out.push(delivery(flat[i] as string, flat[i + 1] as string, flat[i + 2] as string));
      }
      return out;
    },
    async counts(now) {
      const [deliveries, pending] = (await run("deliveryCounts", now)) as [number, number];
      return { deliveries, pending };
    },
  };
}
