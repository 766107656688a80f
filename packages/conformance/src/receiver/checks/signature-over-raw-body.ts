// signature_over_raw_body: validly signed deliveries whose bytes a re-serialisation would change (key orders other
// than sorted, indentation, \u escapes, integers past 2^53) are answered 200: the signature must be checked over the
// body as received, with integers taken from their digits.

import type { Layout } from "../bodies.js";
import { writeJson } from "../bodies.js";
import { expectAccepted } from "../judge.js";
import type { Payload, ReceiverCheck } from "../types.js";

/** 2^53 + 1: the first integer a JavaScript number cannot hold (JSON.parse makes it ...992). */
export const LARGE_MID = 9007199254740993n;
/** The largest int64, the schema's format for change_timestamp. */
export const LARGE_TIMESTAMP = 9223372036854775807n;

/** The cases: a name, what to change in the payload, and how to write it. */
export const RAW_BODY_CASES: readonly { name: string; fields?: Payload; layout: Layout }[] = [
  { name: "keys in the order the spec lists them (not sorted)", layout: { order: "as-given" } },
  { name: "keys in reverse alphabetical order", layout: { order: "reversed" } },
  { name: "indented, one key per line, a space after each colon", layout: { indent: 2 } },
  {
    name: "non-ASCII and / written as \\u and \\/ escapes",
    fields: { remarks: "Ré-upload the PAN/GST proof 🚀", error: "Nom: Café" },
    layout: { escape: true },
  },
  { name: `mid ${LARGE_MID} (past 2^53)`, fields: { mid: LARGE_MID }, layout: {} },
  {
    name: `change_timestamp ${LARGE_TIMESTAMP} (the largest int64)`,
    fields: { change_timestamp: LARGE_TIMESTAMP },
    layout: {},
  },
];

export const check: ReceiverCheck<"signature_over_raw_body"> = {
  id: "signature_over_raw_body",
  description:
    "validly signed deliveries whose bytes a parse-and-re-serialise would change are answered 200: keys not sorted, indentation, \\u and \\/ escapes, mid and change_timestamp past 2^53. The signature covers the body as sent (integers by their digits), so it must be verified over the raw body, not over a re-serialised or re-typed copy",
  summary: "unsorted keys, indentation, \\u escapes, mid and timestamp past 2^53: 200",
  order: 40,
  maxRequests: 10,
  async run(g) {
    const out = [];
    for (const [i, c] of RAW_BODY_CASES.entries()) {
      g.progress(`raw-body signatures ${i + 1}/${RAW_BODY_CASES.length}`);
      const payload = g.payload(c.fields);
      const body = writeJson(payload, c.layout);
      const label = `"${payload.event_name}" with ${c.name}`;
      const delivery = { body, authorization: g.sign(body), label, signing: "valid signature" };
      out.push(await expectAccepted(g, "signature_over_raw_body", c.name, delivery));
    }
    return out;
  },
};
