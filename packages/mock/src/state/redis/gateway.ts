// Gateway state in Redis: payments by txnid and linked BNPL users (capped), one script per change.
import type { GatewayState, Payment } from "../types.js";
import type { LuaScripts, RedisRun } from "./lua-lib.js";
import { pairs } from "./wallet.js";

export const GATEWAY_SCRIPTS: LuaScripts = {
  // txnid, paymentJson
  gatewayRecord: `capSet('gw:pay', ARGV[2], ARGV[3]) return 1`,
  // txnid -> json or nil
  gatewayPayment: `return redis.call('HGET', k('gw:pay'), ARGV[2])`,
  // phone -> 1 when this call linked it
  gatewayLinkBnpl: `
if redis.call('HEXISTS', k('gw:bnpl'), ARGV[2]) == 1 then return 0 end
capSet('gw:bnpl', ARGV[2], '1')
return 1`,
  // txnid, mihpayid, state, completedAt, callbackUrl ('' none) -> 1 when the completion (or its callback) is due
  gatewayComplete: `
local v = redis.call('HGET', k('gw:pay'), ARGV[2])
local p = v and cjson.decode(v)
if not p or p.mihpayid ~= ARGV[3] then return 0 end
if p.state ~= 'pending' then
  -- Completed by an instance that stopped before recording the callback's answer: post it again.
  if type(p.callback) == 'table' and p.callback.status == nil and p.callback.error == nil then return 1 end
  return 0
end
p.state = ARGV[4]
p.completedAt = ARGV[5]
if ARGV[6] ~= '' then p.callback = { url = ARGV[6] } end
redis.call('HSET', k('gw:pay'), ARGV[2], cjson.encode(p))
return 1`,
  // txnid, mihpayid, status ('' none), error ('' none)
  gatewayCallback: `
local v = redis.call('HGET', k('gw:pay'), ARGV[2])
local p = v and cjson.decode(v)
if not p or p.mihpayid ~= ARGV[3] or type(p.callback) ~= 'table' then return 0 end
if ARGV[4] ~= '' then p.callback.status = tonumber(ARGV[4]) end
if ARGV[5] ~= '' then p.callback.error = ARGV[5] end
redis.call('HSET', k('gw:pay'), ARGV[2], cjson.encode(p))
return 1`,
  // -> { payment pairs, linked phones }
  gatewaySnapshot: `return { capPairs('gw:pay'), redis.call('ZRANGE', k('gw:bnpl:age'), 0, -1) }`,
};

/** A payment read back from Redis, in the field order the memory store keeps. */
function payment(json: string): Payment {
  const p = JSON.parse(json) as Payment;
  const c = p.callback;
  return {
    txnid: p.txnid,
    flow: p.flow,
    state: p.state,
    mihpayid: p.mihpayid,
    createdAt: p.createdAt,
    ...(p.completedAt !== undefined ? { completedAt: p.completedAt } : {}),
    ...(c
      ? {
          callback: {
            url: c.url,
            ...(c.status !== undefined ? { status: c.status } : {}),
            ...(c.error !== undefined ? { error: c.error } : {}),
          },
        }
      : {}),
  };
}

/**
 * The gateway's state in Redis.
 *
 * @example
 * const gateway = createRedisGatewayState(run);
 * await gateway.linkBnplUser("9876543213"); // true once, on whichever instance asks first
 */
export function createRedisGatewayState(run: RedisRun): GatewayState {
  return {
    async record(p) {
      await run("gatewayRecord", p.txnid, JSON.stringify(p));
    },
    async payment(txnid) {
      const json = (await run("gatewayPayment", txnid)) as string | null;
      return json ? payment(json) : undefined;
    },
    async linkBnplUser(phone) {
      return (await run("gatewayLinkBnpl", phone)) === 1;
    },
    async complete(txnid, mihpayid, update) {
      const url = update.callback?.url ?? "";
      return (await run("gatewayComplete", txnid, mihpayid, update.state, update.completedAt, url)) === 1;
    },
    async recordCallback(txnid, mihpayid, result) {
      await run("gatewayCallback", txnid, mihpayid, result.status ?? "", result.error ?? "");
    },
    async snapshot() {
      const [payments, linked] = (await run("gatewaySnapshot")) as [string[], string[]];
      return { payments: pairs(payments).map(([, json]) => payment(json)), linkedBnplUsers: linked };
    },
  };
}
