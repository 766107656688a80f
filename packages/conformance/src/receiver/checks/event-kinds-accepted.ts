// event_kinds_accepted: one validly signed delivery of every event kind the spec names (the listed kinds, a KYC
// document event for each name fragment, and a kind the spec does not list, since its list is open) is answered 200.
import type { WebhookContract } from "../../spec/webhook-contract.js";
import { expectAccepted } from "../judge.js";
import type { Payload, ReceiverCheck } from "../types.js";

/** A kind the spec does not list: its list of kinds is open, so receivers must accept (and may log) new ones. */
export const UNLISTED_KIND = "Payout eligibility status update";

/**
 * The event names to send: the listed kinds, then one KYC document event per name fragment (the spec's own
 * example for the fragment it contains, a name built from the fragment for the others).
 *
 * @example
 * eventNames(contract).at(-1); // { name: "ADDRESS_DOCUMENT status update", kyc: true }
 */
export function eventNames(c: WebhookContract): { name: string; kyc: boolean }[] {
  const kyc = c.kycFragments.map((fragment) =>
    c.kycExample?.includes(fragment)
      ? c.kycExample
      : `${fragment}${fragment.endsWith("_") ? "DOCUMENT" : ""} status update`,
  );
  return [
    ...c.eventKinds.map((name) => ({ name, kyc: false })),
    ...[...new Set(kyc)].map((name) => ({ name, kyc: true })),
  ];
}

/** The statuses, error and remarks of the spec's example for this kind of event (a KYC one for KYC events). */
function exampleFields(c: WebhookContract, kyc: boolean): Payload {
  const isKyc = (e: Payload) => c.kycFragments.some((f) => String(e.event_name).includes(f));
  const e = c.examples.find((x) => isKyc(x) === kyc) ?? c.examples[0] ?? {};
  return {
    previous_status: e.previous_status,
    current_status: e.current_status,
    error: e.error,
    remarks: e.remarks,
  };
}

export const check: ReceiverCheck<"event_kinds_accepted"> = {
  id: "event_kinds_accepted",
  description:
    "every event kind the contract names (the listed kinds and a KYC document event per name fragment, each its own event) and one kind it does not list (the list is open) is answered 200",
  summary: "every event kind the contract names, and one it does not list: 200",
  order: 10,
  maxRequests: 20,
  async run(g) {
    const kinds = [
      ...eventNames(g.contract).map((k) => ({ ...k, unlisted: false })),
      { name: UNLISTED_KIND, kyc: false, unlisted: true },
    ];
    const out = [];
    for (const [i, kind] of kinds.entries()) {
      g.progress(`event kinds ${i + 1}/${kinds.length}`);
      const payload = g.payload({ ...exampleFields(g.contract, kind.kyc), event_name: kind.name });
      const label = `"${kind.name}" ${payload.previous_status} → ${payload.current_status}`;
      const name = kind.unlisted ? `an unlisted kind: ${label}` : label;
      out.push(await expectAccepted(g, "event_kinds_accepted", name, g.delivery(label, payload)));
    }
    return out;
  },
};
