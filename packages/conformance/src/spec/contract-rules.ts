// Rules of the interface that the specs carry as x-pgi-rule, looked up by what they are.
import type { Host } from "../model/target.js";
import type { SpecSet } from "./spec-set.js";

type Json = Record<string, unknown>;

/** One condition of the mandate-registered rule: a field of the answer that must equal a value, or be non-empty. */
export interface RuleCondition {
  field: string;
  equals?: string;
  nonEmpty?: boolean;
}

/** The first x-pgi-rule of a host's bundle that `match` accepts (rules are inlined in the bundles). */
function findRuleIn(specs: SpecSet, host: Host, match: (rule: Json) => boolean): Json | undefined {
  let found: Json | undefined;
  const walk = (node: unknown, depth: number) => {
    if (found || depth > 12 || !node || typeof node !== "object") return;
    const rule = (node as Json)["x-pgi-rule"] as Json | undefined;
    if (rule && match(rule)) found = rule;
    for (const v of Object.values(node as Json)) walk(v, depth + 1);
  };
  walk(specs.docs.get(host), 0);
  return found;
}

/**
 * The conditions under which a mandate is registered (all must hold), from the gateway's x-pgi-rule.
 *
 * @example
 * mandateRegisteredRule(specs)?.map((c) => c.field); // ["result.status", "result.payment_source", ...]
 */
export function mandateRegisteredRule(specs: SpecSet): RuleCondition[] | undefined {
  const rule = findRuleIn(specs, "gateway", (r) => Array.isArray(r.all));
  return rule?.all as RuleCondition[] | undefined;
}
