// Wallet state in Redis: pending OTPs and accounts by cell, tokens by cell and merchant (capped), one script each.
import type { WalletState, WalletToken } from "../types.js";
import type { LuaScripts, RedisRun } from "./lua-lib.js";

export const WALLET_SCRIPTS: LuaScripts = {
  // cell, otp, expiresAt, now, sentJson
  walletSendOtp: `
local cell, now = ARGV[2], tonumber(ARGV[5])
capSet('wallet:otp', cell, cjson.encode({ otp = ARGV[3], expiresAt = tonumber(ARGV[4]), attempts = 0 }))
if redis.call('HEXISTS', k('wallet:acct'), cell) == 0 then capSet('wallet:acct', cell, ARGV[5]) end
sentPush(ARGV[4], ARGV[6])
return 1`,
  // cell, mid, otp, now, freshTokenJson -> outcome, or 'token:<token>'
  walletRedeem: `
local cell, now = ARGV[2], tonumber(ARGV[5])
local v = redis.call('HGET', k('wallet:otp'), cell)
if not v then return 'missing' end
local p = cjson.decode(v)
if now > p.expiresAt then return 'expired' end
if p.attempts >= WALLET_MAX_ATTEMPTS then return 'tooManyAttempts' end
if not sameSecret(ARGV[4], p.otp) then
  p.attempts = p.attempts + 1
  redis.call('HSET', k('wallet:otp'), cell, cjson.encode(p))
  return 'wrong'
end
capDel('wallet:otp', cell)
local key = cell .. '|' .. ARGV[3]
local existing = redis.call('HGET', k('wallet:tok'), key)
local issued = ARGV[6]
if existing and cjson.decode(existing).expiresAt > now then issued = existing end
capSet('wallet:tok', key, issued)
return 'token:' .. cjson.decode(issued).token`,
  // -> { otpCount, accountPairs, tokenPairs }
  walletSnapshot: `
return { redis.call('HLEN', k('wallet:otp')), capPairs('wallet:acct'), capPairs('wallet:tok') }`,
};

const pairs = (flat: string[]): [string, string][] => {
  const out: [string, string][] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i] as string, flat[i + 1] as string]);
  return out;
};

/**
 * The wallet's state in Redis.
 *
 * @example
 * const wallet = createRedisWalletState(run);
 * await wallet.redeem(cell, mid, "123456", now, fresh); // { token } once; a wrong code "wrong"
 */
export function createRedisWalletState(run: RedisRun): WalletState {
  return {
    async sendOtp(cell, otp, expiresAt, now) {
      const sent = JSON.stringify({
        host: "wallet",
        identity: cell,
        otp,
        expiresAt: new Date(expiresAt).toISOString(),
      });
      await run("walletSendOtp", cell, otp, expiresAt, now, sent);
    },
    async redeem(cell, mid, otp, now, fresh) {
      const out = String(await run("walletRedeem", cell, mid, otp, now, JSON.stringify(fresh)));
      return out.startsWith("token:") ? { token: out.slice(6) } : (out as "wrong");
    },
    async snapshot() {
      const [otps, accounts, tokens] = (await run("walletSnapshot")) as [number, string[], string[]];
      return {
        otps,
        accounts: pairs(accounts).map(([cell, at]) => [cell, Number(at)] as [string, number]),
        tokens: pairs(tokens).map(([key, json]) => {
          const t = JSON.parse(json) as WalletToken;
          return [key, { token: t.token, issuedAt: t.issuedAt, expiresAt: t.expiresAt }] as [
            string,
            WalletToken,
          ];
        }),
      };
    },
  };
}

export { pairs };
