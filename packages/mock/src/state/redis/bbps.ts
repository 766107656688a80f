// Bill-payment state in Redis: complaint statuses (capped), moved on by one script.
import { COMPLAINT_ORDER } from "../lifetimes.js";
import type { BbpsState, ComplaintStatus } from "../types.js";
import type { LuaScripts, RedisRun } from "./lua-lib.js";
import { pairs } from "./wallet.js";

const NEXT = COMPLAINT_ORDER.slice(0, -1)
  .map((status, i) => `${status} = '${COMPLAINT_ORDER[i + 1]}'`)
  .join(", ");

export const BBPS_SCRIPTS: LuaScripts = {
  // complaintId -> status (an unknown one starts CAPTURED)
  bbpsStatus: `
local status = redis.call('HGET', k('bbps:cmp'), ARGV[2]) or 'CAPTURED'
capSet('bbps:cmp', ARGV[2], status)
return status`,
  // complaintId -> 'previous|next', or 'resolved'
  bbpsAdvance: `
local NEXT = { ${NEXT} }
local previous = redis.call('HGET', k('bbps:cmp'), ARGV[2]) or 'CAPTURED'
local next = NEXT[previous]
if not next then return 'resolved' end
capSet('bbps:cmp', ARGV[2], next)
return previous .. '|' .. next`,
  bbpsSnapshot: `return capPairs('bbps:cmp')`,
};

/**
 * The bill-payment host's state in Redis.
 *
 * @example
 * const bbps = createRedisBbpsState(run);
 * await bbps.advance("CMP1"); // { previous: "CAPTURED", next: "ASSIGNED" }
 */
export function createRedisBbpsState(run: RedisRun): BbpsState {
  return {
    async status(id) {
      return (await run("bbpsStatus", id)) as ComplaintStatus;
    },
    async advance(id) {
      const out = String(await run("bbpsAdvance", id));
      if (out === "resolved") return "resolved";
      const [previous, next] = out.split("|") as [ComplaintStatus, ComplaintStatus];
      return { previous, next };
    },
    async snapshot() {
      return pairs((await run("bbpsSnapshot")) as string[]) as [string, ComplaintStatus][];
    },
  };
}
