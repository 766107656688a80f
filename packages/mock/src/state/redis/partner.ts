// Partner state in Redis: endpoints by reseller, item statuses by merchant, agreements (capped).
import type { Endpoint, PartnerState } from "../types.js";
import type { LuaScripts, RedisRun } from "./lua-lib.js";
import { pairs } from "./wallet.js";

export const PARTNER_SCRIPTS: LuaScripts = {
  // reseller, endpointJson
  partnerRegister: `capSet('partner:ep', ARGV[2], ARGV[3]) return 1`,
  partnerEndpoint: `return redis.call('HGET', k('partner:ep'), ARGV[2])`,
  // merchant, event -> status or nil
  partnerItemStatus: `
local v = redis.call('HGET', k('partner:item'), ARGV[2])
if not v then return nil end
local s = cjson.decode(v)[ARGV[3]]
if type(s) ~= 'string' then return nil end
return s`,
  // merchant, agreementJson
  partnerAgreement: `capSet('partner:agr', ARGV[2], ARGV[3]) return 1`,
  partnerSnapshot: `return { capPairs('partner:ep'), capPairs('partner:item'), capPairs('partner:agr') }`,
};

/**
 * The partner host's state in Redis (item statuses change with the deliveries: see deliveries.ts).
 *
 * @example
 * const partner = createRedisPartnerState(run);
 * await partner.endpoint(resellerUuid); // { url, registeredAt } once registered on any instance
 */
export function createRedisPartnerState(run: RedisRun): PartnerState {
  return {
    async register(reseller, endpoint) {
      await run(
        "partnerRegister",
        reseller,
        JSON.stringify({ url: endpoint.url, registeredAt: endpoint.registeredAt }),
      );
    },
    async endpoint(reseller) {
      const json = (await run("partnerEndpoint", reseller)) as string | null;
      if (!json) return undefined;
      const e = JSON.parse(json) as Endpoint;
      return { url: e.url, registeredAt: e.registeredAt };
    },
    async itemStatus(merchant, event) {
      return ((await run("partnerItemStatus", merchant, event)) as string | null) ?? undefined;
    },
    async recordAgreement(merchant, agreement) {
      await run("partnerAgreement", merchant, JSON.stringify({ status: agreement.status, at: agreement.at }));
    },
    async snapshot() {
      const [endpoints, items, agreements] = (await run("partnerSnapshot")) as [string[], string[], string[]];
      return {
        endpoints: pairs(endpoints).map(([k, v]) => [k, JSON.parse(v)] as [string, Endpoint]),
        merchants: pairs(items).map(([k, v]) => [k, JSON.parse(v)] as [string, Record<string, string>]),
        agreements: pairs(agreements).map(
          ([k, v]) => [k, JSON.parse(v)] as [string, { status: string; at: string }],
        ),
      };
    },
  };
}
