// Rules of the interface as helpers, read from the specs' x-pgi-rule extensions (generated, never copied by hand).
import { RuleViolationError } from "./errors.js";
import { RULES } from "./generated/operations.js";

/**
 * True when a mandate authorization result registered the mandate (all four conditions of the spec's rule).
 *
 * @example
 * if (!isMandateRegistered(data)) throw new Error("no mandate: do not debit");
 */
export function isMandateRegistered(response: unknown): boolean {
  return RULES.mandateRegistered.every((cond) => {
    const value = cond.field
      .split(".")
      .reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], response);
    if ("equals" in cond) return value === cond.equals;
    return typeof value === "string" ? value.trim() !== "" : value !== undefined && value !== null;
  });
}

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/**
 * Throws when `at` falls inside an IST window the interface says autopay executions must avoid (after the rule's
 * effective date).
 *
 * @example
 * assertAutopayExecutionAllowed(new Date("2026-11-23T06:00:00Z")); // 11:30 IST: throws RuleViolationError
 */
export function assertAutopayExecutionAllowed(at: Date): void {
  const rule = RULES.autopayExecution;
  const [sign, hh, mm] = /^([+-])(\d\d):(\d\d)$/.exec(rule.utcOffset)?.slice(1) ?? ["+", "05", "30"];
  const offset = (sign === "-" ? -1 : 1) * (Number(hh) * 60 + Number(mm));
  const local = new Date(at.getTime() + offset * 60_000);
  if (local.toISOString().slice(0, 10) <= rule.restrictionAfter) return;
  const m = local.getUTCHours() * 60 + local.getUTCMinutes();
  for (const w of rule.avoidWindows) {
    if (m >= minutes(w.from) && m < minutes(w.to)) {
      throw new RuleViolationError(
        `autopay execution at ${local.toISOString().slice(11, 16)} IST falls in ${w.from}-${w.to} IST, which the interface says to avoid; schedule it outside ${rule.avoidWindows.map((x) => `${x.from}-${x.to}`).join(" and ")}`,
        { at: at.toISOString() },
      );
    }
  }
}

/**
 * Throws for a debit frequency the interface forbids for a payment category (ADHOC with loan EMI).
 *
 * @example
 * assertMandateFrequency({ billingCycle: "MONTHLY", paymentCategory: "loan-emi" }); // fine
 */
export function assertMandateFrequency(mandate: { billingCycle: string; paymentCategory?: string }): void {
  for (const f of RULES.mandateFrequency) {
    if (mandate.billingCycle === f.billingCycle && mandate.paymentCategory === f.paymentCategory) {
      throw new RuleViolationError(
        `billingCycle ${f.billingCycle} is not allowed for ${f.paymentCategory} bank mandates; use another frequency such as MONTHLY`,
        { ...mandate },
      );
    }
  }
}

/**
 * Formats a date as smart-send timestamps are written: YYYY-MM-DDTHH:MM:SS.mmm+0000 (UTC).
 *
 * @example
 * formatSmartSendTimestamp(new Date(Date.UTC(2026, 7, 19, 10, 0, 49, 778))); // "2026-08-19T10:00:49.778+0000"
 */
export function formatSmartSendTimestamp(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RuleViolationError("formatSmartSendTimestamp: invalid date");
  return date.toISOString().replace("Z", "+0000");
}

/**
 * The duplicate key of a merchant status webhook (the spec's rule: merchant_uuid, change_timestamp, event_name).
 *
 * @example
 * merchantStatusDuplicateKey(event); // "11eb-…|1754978400|Document status update"
 */
export function merchantStatusDuplicateKey(event: Record<string, unknown>): string {
  return RULES.webhookDelivery.duplicateKey.map((k) => String(event[k])).join("|");
}
