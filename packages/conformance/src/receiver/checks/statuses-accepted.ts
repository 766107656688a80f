// statuses_accepted: one validly signed delivery with each status the spec lists as current_status (the previous
// one another listed status), and one with a status it does not list (the list is open), is answered 200.
import { expectAccepted } from "../judge.js";
import type { ReceiverCheck } from "../types.js";

/** A status the spec does not list: its list is open, so receivers must accept (and may log) new ones. */
export const UNLISTED_STATUS = "On hold";

export const check: ReceiverCheck<"statuses_accepted"> = {
  id: "statuses_accepted",
  description:
    "a delivery with each status the contract lists as current_status (the previous one another listed status) and one with a status it does not list (the list is open) is answered 200",
  summary: "every status, and one the contract does not list: 200",
  order: 20,
  maxRequests: 10,
  async run(g) {
    const listed = g.contract.statuses;
    const kind = g.contract.eventKinds[0] ?? "";
    const cases = [
      ...listed.map((current, i) => ({
        current,
        previous: listed[(i + 1) % listed.length] ?? current,
        unlisted: false,
      })),
      { current: UNLISTED_STATUS, previous: listed[0] ?? UNLISTED_STATUS, unlisted: true },
    ];
    const out = [];
    for (const [i, c] of cases.entries()) {
      g.progress(`statuses ${i + 1}/${cases.length}`);
      const payload = g.payload({ event_name: kind, previous_status: c.previous, current_status: c.current });
      const label = `"${kind}" ${c.previous} → ${c.current}`;
      const name = c.unlisted
        ? `an unlisted status: ${c.previous} → ${c.current}`
        : `${c.previous} → ${c.current}`;
      out.push(await expectAccepted(g, "statuses_accepted", name, g.delivery(label, payload)));
    }
    return out;
  },
};
