// Payout state in Redis: links by linkId and the newest linkId of each merchantRefId (both bounded), one script
// per change, so two cancels of one link on two instances give one "cancelled" and one "alreadyCancelled".
import { linkAt } from "../memory/payout.js";
import type { Link, LinkState, PayoutState } from "../types.js";
import type { LuaScripts, RedisRun } from "./lua-lib.js";

/** Lua helpers of the link scripts: the link's end of life and its state as of now. */
const LINK_LIB = `
local function endOfLife(l) return math.max(l.expiresAt, l.updatedOn) end
local function stateAt(l, now)
  if l.state == 'ACTIVE' and now >= l.expiresAt then return 'EXPIRED' end
  return l.state
end
local function linkOfRef(ref, now)
  local id = bsGet('payout:ref', ref, now)
  if not id then return nil end
  local v = bsGet('payout:link', id, now)
  return v and cjson.decode(v)
end
local function saveLink(l)
  redis.call('HSET', k('payout:link'), l.linkId, cjson.encode(l))
  bsExtend('payout:link', l.linkId, endOfLife(l))
  bsExtend('payout:ref', l.merchantRefId, endOfLife(l))
end
`;

export const PAYOUT_SCRIPTS: LuaScripts = {
  // linkJson, linkId, merchantRefId, endOfLife, now
  payoutCreate: `
local now = tonumber(ARGV[6])
bsSet('payout:link', ARGV[3], ARGV[2], tonumber(ARGV[5]), now)
bsSet('payout:ref', ARGV[4], ARGV[3], tonumber(ARGV[5]), now)
return 1`,
  // merchantRefId, now -> link json or nil
  payoutByRef: `
local id = bsGet('payout:ref', ARGV[2], tonumber(ARGV[3]))
if not id then return nil end
return bsGet('payout:link', id, tonumber(ARGV[3]))`,
  // linkId, now -> link json or nil
  payoutById: `return bsGet('payout:link', ARGV[2], tonumber(ARGV[3]))`,
  // linkId, pid, expiresAt (-1: not a time), now -> notFound | refused:<state> | notFuture | extended
  payoutExtend: `${LINK_LIB}
local now, next = tonumber(ARGV[5]), tonumber(ARGV[4])
local v = bsGet('payout:link', ARGV[2], now)
local l = v and cjson.decode(v)
if not l or l.payoutMerchantId ~= ARGV[3] then return 'notFound' end
local state = stateAt(l, now)
if state ~= 'ACTIVE' then return 'refused:' .. state end
if not (next > now) then return 'notFuture' end
l.expiresAt = next
l.updatedOn = now
saveLink(l)
return 'extended'`,
  // merchantRefId, pid, now -> notFound | alreadyCancelled | refused:<state> | cancelled
  payoutCancel: `${LINK_LIB}
local now = tonumber(ARGV[4])
local l = linkOfRef(ARGV[2], now)
if not l or l.payoutMerchantId ~= ARGV[3] then return 'notFound' end
local state = stateAt(l, now)
if state == 'CANCELLED' then return 'alreadyCancelled' end
if state ~= 'ACTIVE' then return 'refused:' .. state end
l.state = 'CANCELLED'
l.updatedOn = now
saveLink(l)
return 'cancelled'`,
  // merchantRefId, now -> notFound | refused:<state> | claimed:<json>
  payoutClaim: `${LINK_LIB}
local now = tonumber(ARGV[3])
local l = linkOfRef(ARGV[2], now)
if not l then return 'notFound' end
local state = stateAt(l, now)
if state ~= 'ACTIVE' then return 'refused:' .. state end
l.state = 'SUCCESS'
l.succeededAt = now
l.updatedOn = now
saveLink(l)
return 'claimed:' .. cjson.encode(l)`,
  // now -> link json of each merchantRefId, oldest first
  payoutSnapshot: `
local now = tonumber(ARGV[2])
bsSweep('payout:link', now)
local out = {}
for _, ref in ipairs(bsKeys('payout:ref', now)) do
  local id = redis.call('HGET', k('payout:ref'), ref)
  local v = id and bsGet('payout:link', id, now)
  if v then table.insert(out, v) end
end
return out`,
};

const nullable = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** A link read back from Redis, in the field order the memory store keeps. */
function link(json: string): Link {
  const l = JSON.parse(json) as Link;
  return {
    merchantRefId: l.merchantRefId,
    payoutMerchantId: l.payoutMerchantId,
    linkId: l.linkId,
    link: l.link,
    amount: l.amount,
    custName: l.custName,
    custMobile: l.custMobile,
    custEmail: nullable(l.custEmail),
    description: nullable(l.description),
    addedOn: l.addedOn,
    updatedOn: l.updatedOn,
    expiresAt: l.expiresAt,
    state: l.state,
    ...(l.succeededAt !== undefined ? { succeededAt: l.succeededAt } : {}),
  };
}

const refused = (out: string) => ({ refused: out.slice("refused:".length) as LinkState });

/**
 * The payout host's state in Redis.
 *
 * @example
 * const payout = createRedisPayoutState(run);
 * await Promise.all([payout.cancel(ref, pid, now), payout.cancel(ref, pid, now)]); // one "cancelled"
 */
export function createRedisPayoutState(run: RedisRun): PayoutState {
  return {
    async create(l, now) {
      const end = Math.max(l.expiresAt, l.updatedOn);
      await run("payoutCreate", JSON.stringify(l), l.linkId, l.merchantRefId, end, now);
    },
    async byRef(ref, now) {
      const json = (await run("payoutByRef", ref, now)) as string | null;
      return json ? linkAt(link(json), now) : undefined;
    },
    async byId(id, now) {
      const json = (await run("payoutById", id, now)) as string | null;
      return json ? linkAt(link(json), now) : undefined;
    },
    async extend(id, pid, expiresAt, now) {
      const out = String(
        await run("payoutExtend", id, pid, Number.isFinite(expiresAt) ? expiresAt : -1, now),
      );
      return out.startsWith("refused:") ? refused(out) : (out as "extended");
    },
    async cancel(ref, pid, now) {
      const out = String(await run("payoutCancel", ref, pid, now));
      return out.startsWith("refused:") ? refused(out) : (out as "cancelled");
    },
    async claim(ref, now) {
      const out = String(await run("payoutClaim", ref, now));
      if (out.startsWith("claimed:")) return { claimed: link(out.slice("claimed:".length)) };
      return out.startsWith("refused:") ? refused(out) : "notFound";
    },
    async snapshot(now) {
      return ((await run("payoutSnapshot", now)) as string[]).map((j) => linkAt(link(j), now));
    },
  };
}
