// Accounts state in Redis: pending sign-in codes by identity (capped), issued tokens by digest (bounded).
import type { AccountsState, IssuedToken } from "../types.js";
import type { LuaScripts, RedisRun } from "./lua-lib.js";

export const ACCOUNTS_SCRIPTS: LuaScripts = {
  // identity, code, listedUntil, sentJson
  accountsSendCode: `
capSet('acc:code', ARGV[2], cjson.encode({ code = ARGV[3], attempts = 0 }))
sentPush(ARGV[4], ARGV[5])
return 1`,
  // identity, code, now, digest, issuedJson, expiresAt -> locked | invalid | issued
  accountsVerify: `
local identity, now = ARGV[2], tonumber(ARGV[4])
local v = redis.call('HGET', k('acc:code'), identity)
local entry = v and cjson.decode(v)
if entry and entry.attempts >= SIGN_IN_MAX_ATTEMPTS then return 'locked' end
if not entry or not sameSecret(ARGV[3], entry.code) then
  if entry then
    entry.attempts = entry.attempts + 1
    redis.call('HSET', k('acc:code'), identity, cjson.encode(entry))
  end
  return 'invalid'
end
capDel('acc:code', identity)
bsSet('acc:tok', ARGV[5], ARGV[6], tonumber(ARGV[7]), now)
return 'issued'`,
  // digest, now -> issued json or nil
  accountsGrant: `return bsGet('acc:tok', ARGV[2], tonumber(ARGV[3]))`,
  // now -> { pending identities, issued json... }
  accountsSnapshot: `
local now = tonumber(ARGV[2])
local issued = {}
for _, key in ipairs(bsKeys('acc:tok', now)) do
  local v = redis.call('HGET', k('acc:tok'), key)
  if v then table.insert(issued, v) end
end
return { redis.call('ZRANGE', k('acc:code:age'), 0, -1), issued }`,
};

const issuedToken = (json: string): IssuedToken => {
  const t = JSON.parse(json) as IssuedToken;
  return { user_uuid: t.user_uuid, identity: t.identity, expiresAt: t.expiresAt, scopes: [...t.scopes] };
};

/**
 * The accounts host's state in Redis.
 *
 * @example
 * const accounts = createRedisAccountsState(run);
 * await accounts.grant(secretDigest(token), now); // { scopes, expiresAt } for a token it issued
 */
export function createRedisAccountsState(run: RedisRun): AccountsState {
  return {
    async sendCode(identity, code, listedUntil) {
      const sent = JSON.stringify({
        host: "accounts",
        identity,
        otp: code,
        expiresAt: new Date(listedUntil).toISOString(),
      });
      await run("accountsSendCode", identity, code, listedUntil, sent);
    },
    async verify(identity, code, now, digest, issue) {
      const json = JSON.stringify(issue);
      return (await run("accountsVerify", identity, code, now, digest, json, issue.expiresAt)) as "issued";
    },
    async grant(digest, now) {
      const json = (await run("accountsGrant", digest, now)) as string | null;
      if (!json) return undefined;
      const t = issuedToken(json);
      return { scopes: t.scopes, expiresAt: t.expiresAt };
    },
    async snapshot(now) {
      const [pending, issued] = (await run("accountsSnapshot", now)) as [string[], string[]];
      return { pending, issued: issued.map(issuedToken) };
    },
  };
}
