// bad_signature_refused: deliveries whose Authorization does not verify (another secret, a value changed after
// signing, no header, an empty header, the signature of another body) are refused with a status outside 2xx.
import { writeJson } from "../bodies.js";
import { expectRefused } from "../judge.js";
import type { Delivery, Grader, ReceiverCheck } from "../types.js";

/** The forged deliveries, each of an event of its own. */
export function forgeries(g: Grader): { name: string; delivery: Delivery }[] {
  const kind = g.contract.eventKinds[0] ?? "";
  const [first, second] = [g.contract.statuses[0] ?? "Pending", g.contract.statuses[1] ?? "Received"];
  const body = () =>
    writeJson(g.payload({ event_name: kind, previous_status: first, current_status: second }));
  const label = `"${kind}" ${first} → ${second}`;
  const other = body();
  const tampered = body();
  const signedTampered = g.sign(tampered);
  const changed = tampered.replace(`"current_status":"${second}"`, `"current_status":"${first}"`);
  const withOther = body();
  const withMissing = body();
  const withEmpty = body();
  const foreign = body();
  return [
    {
      name: "signed with another secret",
      delivery: {
        body: withOther,
        authorization: g.signWithOtherSecret(withOther),
        label,
        signing: "signed with another secret",
      },
    },
    {
      name: `current_status changed to ${first} after signing`,
      delivery: {
        body: changed,
        authorization: signedTampered,
        label: `"${kind}" ${first} → ${first}`,
        signing: `the signature of the same body with current_status ${second}`,
      },
    },
    {
      name: "no Authorization header",
      delivery: { body: withMissing, authorization: null, label, signing: "none" },
    },
    {
      name: "an empty Authorization header",
      delivery: { body: withEmpty, authorization: "", label, signing: "empty" },
    },
    {
      name: "the valid signature of another delivery",
      delivery: {
        body: foreign,
        authorization: g.sign(other),
        label,
        signing: "the valid signature of another event's body",
      },
    },
  ];
}

export const check: ReceiverCheck<"bad_signature_refused"> = {
  id: "bad_signature_refused",
  description:
    "deliveries whose Authorization does not verify are refused with a status outside 2xx: signed with another secret, a value changed after signing, no Authorization header, an empty one, and the valid signature of another body",
  summary: "another secret, a changed value, no or empty signature, another body's: not 2xx",
  order: 50,
  maxRequests: 5,
  async run(g) {
    const cases = forgeries(g);
    const out = [];
    for (const [i, c] of cases.entries()) {
      g.progress(`forged signatures ${i + 1}/${cases.length}`);
      out.push(await expectRefused(g, c.name, c.delivery, false));
    }
    return out;
  },
};
