// OTP service state in Redis: requests by uuid (bounded), attempts, resends and the sent codes, one script each.
import type { OtpRequest, OtpState, SentOtp } from "../types.js";
import type { LuaScripts, RedisRun } from "./lua-lib.js";

/** ARGV after the prefix: see each script's first line. */
export const OTP_SCRIPTS: LuaScripts = {
  // uuid, identity, otp, expiresAt, now, sentJson -> resend count
  otpSend: `
local uuid, now = ARGV[2], tonumber(ARGV[6])
local prev = bsGet('otp:req', uuid, now)
local r = { uuid = uuid, identity = ARGV[3], otp = ARGV[4], expiresAt = tonumber(ARGV[5]), attempts = 0,
  resends = 0, verified = false }
if prev then r.resends = cjson.decode(prev).resends + 1 end
bsSet('otp:req', uuid, cjson.encode(r), r.expiresAt, now)
sentPruneHead(now)
sentPush(ARGV[5], ARGV[7])
return r.resends`,
  // uuid, identity ('' keeps the number), otp, expiresAt, now, expiresAtIso -> outcome
  otpResend: `
local uuid, now = ARGV[2], tonumber(ARGV[6])
local prev = bsGet('otp:req', uuid, now)
if not prev then return 'unknown' end
local p = cjson.decode(prev)
if p.verified then return 'verified' end
if p.resends >= OTP_MAX_RESENDS then return 'limit' end
local identity = ARGV[3]
if identity == '' then identity = p.identity end
local r = { uuid = uuid, identity = identity, otp = ARGV[4], expiresAt = tonumber(ARGV[5]), attempts = 0,
  resends = p.resends + 1, verified = false }
bsSet('otp:req', uuid, cjson.encode(r), r.expiresAt, now)
sentPruneHead(now)
sentPush(ARGV[5], '{"host":"otp","uuid":' .. cjson.encode(uuid) .. ',"identity":' .. cjson.encode(identity) ..
  ',"otp":' .. cjson.encode(ARGV[4]) .. ',"expiresAt":' .. cjson.encode(ARGV[7]) .. '}')
return 'resent'`,
  // uuid, otp, mobileNumber ('' when absent: then any), hasNumber (1/0), now -> outcome or 'wrong:<left>'
  otpVerify: `
local uuid, now = ARGV[2], tonumber(ARGV[6])
local v = bsGet('otp:req', uuid, now)
if not v then return 'unknown' end
local r = cjson.decode(v)
if r.verified then return 'used' end
if now > r.expiresAt then return 'expired' end
if r.attempts >= OTP_MAX_ATTEMPTS then return 'tooManyAttempts' end
if ARGV[5] == '1' and ARGV[4] ~= r.identity then return 'wrongNumber' end
if not sameSecret(ARGV[3], r.otp) then
  r.attempts = r.attempts + 1
  redis.call('HSET', k('otp:req'), uuid, cjson.encode(r))
  return 'wrong:' .. (OTP_MAX_ATTEMPTS - r.attempts)
end
r.verified = true
r.verifiedAt = now
redis.call('HSET', k('otp:req'), uuid, cjson.encode(r))
bsExtend('otp:req', uuid, now + OTP_TOKEN_MS)
return 'verified'`,
  // token, mobileNumber, hasNumber, now -> 1/0
  otpTokenValid: `
local v = bsGet('otp:req', ARGV[2], tonumber(ARGV[5]))
if not v then return 0 end
local r = cjson.decode(v)
if r.verified ~= true then return 0 end
if ARGV[4] == '1' and ARGV[3] ~= r.identity then return 0 end
return 1`,
  // now -> sent codes (json each)
  otpSent: `return sentList(tonumber(ARGV[2]))`,
  // now -> { sentCount, request json... }
  otpSnapshot: `
local now = tonumber(ARGV[2])
local out = { #sentList(now) }
for _, key in ipairs(bsKeys('otp:req', now)) do
  local v = redis.call('HGET', k('otp:req'), key)
  if v then table.insert(out, v) end
end
return out`,
};

function request(json: string): OtpRequest {
  const r = JSON.parse(json) as OtpRequest;
  return {
    uuid: r.uuid,
    identity: r.identity,
    otp: r.otp,
    expiresAt: r.expiresAt,
    attempts: r.attempts,
    resends: r.resends,
    verified: r.verified,
    ...(r.verifiedAt !== undefined ? { verifiedAt: r.verifiedAt } : {}),
  };
}

const sentJson = (e: SentOtp) => JSON.stringify(e);

/**
 * The OTP service's state in Redis.
 *
 * @example
 * const otp = createRedisOtpState(run);
 * await otp.verify(uuid, "123456", undefined, now); // "verified", or { wrong: 2 }, ...
 */
export function createRedisOtpState(run: RedisRun): OtpState {
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    async send({ uuid, identity, otp, expiresAt }, now) {
      const sent = sentJson({ host: "otp", uuid, identity, otp, expiresAt: iso(expiresAt) });
      await run("otpSend", uuid, identity, otp, expiresAt, now, sent);
    },
    async resend(uuid, identity, otp, expiresAt, now) {
      return (await run("otpResend", uuid, identity ?? "", otp, expiresAt, now, iso(expiresAt))) as "resent";
    },
    async verify(uuid, otp, mobileNumber, now) {
      const out = String(
        await run("otpVerify", uuid, otp, mobileNumber ?? "", mobileNumber === undefined ? 0 : 1, now),
      );
      return out.startsWith("wrong:") ? { wrong: Number(out.slice(6)) } : (out as "verified");
    },
    async tokenValid(token, mobileNumber, now) {
      const valid = await run(
        "otpTokenValid",
        token,
        mobileNumber ?? "",
        mobileNumber === undefined ? 0 : 1,
        now,
      );
      return valid === 1;
    },
    async sent(now) {
      return ((await run("otpSent", now)) as string[]).map((j) => JSON.parse(j) as SentOtp);
    },
    async snapshot(now) {
      const [count, ...requests] = (await run("otpSnapshot", now)) as [number, ...string[]];
      return { requests: requests.map(request), sentOtps: count };
    },
  };
}
