// edge_values_accepted: validly signed deliveries whose texts sit at the edges of what the payload allows (NA,
// Unicode, long text, quotes and control characters, a field the spec does not list) are answered 200.
import { expectAccepted } from "../judge.js";
import type { Payload, ReceiverCheck } from "../types.js";

/** Characters from several scripts, combining marks, right-to-left text and an emoji outside the BMP. */
export const UNICODE_TEXT = "खाता धारक का नाम PAN से मेल नहीं खाता; café, Ångström, 日本語, ‏مرحبا‏, e\u0301, 🚀";
/** The long texts' lengths in characters (the body stays far under the 64 KiB a receiver may cap bodies at). */
export const LONG_TEXT = { error: 1_000, remarks: 3_000 };

const long = (n: number) => `${"Re-upload the signed letter. ".repeat(Math.ceil(n / 29)).slice(0, n - 1)}é`;

/** The cases: a name and the fields that make them edge cases. */
export const EDGE_CASES: readonly { name: string; fields: Payload }[] = [
  {
    name: "error and remarks NA on a Declined status",
    fields: { current_status: "Declined", error: "NA", remarks: "NA" },
  },
  {
    name: "Unicode in error and remarks (sent as UTF-8)",
    fields: { error: UNICODE_TEXT, remarks: UNICODE_TEXT },
  },
  {
    name: `long error (${LONG_TEXT.error} characters) and remarks (${LONG_TEXT.remarks})`,
    fields: { error: long(LONG_TEXT.error), remarks: long(LONG_TEXT.remarks) },
  },
  {
    name: "quotes, backslashes, a newline, a tab and markup in error and remarks",
    fields: {
      error: 'Name "A. Kumar" ≠ C:\\PAN\\card\nline 2\tend',
      remarks: "<script>alert(1)</script> & <b>bold</b>",
    },
  },
  {
    name: "a field the spec does not list (the payload is an open object)",
    fields: { channel: "partner-api" },
  },
];

export const check: ReceiverCheck<"edge_values_accepted"> = {
  id: "edge_values_accepted",
  description:
    "validly signed deliveries with edge values are answered 200: error and remarks NA, Unicode text, long text, quotes, backslashes, control characters and markup, and a field the spec does not list (the object is open and the extra field is signed)",
  summary: "NA, Unicode, long text, quotes and control characters, an extra field: 200",
  order: 30,
  maxRequests: 10,
  async run(g) {
    const out = [];
    for (const [i, c] of EDGE_CASES.entries()) {
      g.progress(`edge values ${i + 1}/${EDGE_CASES.length}`);
      const payload = g.payload(c.fields);
      const label = `"${payload.event_name}" with ${c.name}`;
      out.push(await expectAccepted(g, "edge_values_accepted", c.name, g.delivery(label, payload)));
    }
    return out;
  },
};
