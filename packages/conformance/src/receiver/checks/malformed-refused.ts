// malformed_refused: bodies that are not a delivery (malformed JSON, an oversized body, an empty body) are refused
// with a 4xx in time, never a 5xx, a dropped connection or silence. The empty body goes last: it is the one that
// most often crashes a receiver.
import { createHmac } from "node:crypto";
import { expectRefused } from "../judge.js";
import type { Delivery, ReceiverCheck } from "../types.js";

/** The oversized body's size: far past any sane limit (64 KiB in @pgi/webhooks, 1 MiB in many frameworks). */
export const OVERSIZED_BYTES = 2 * 1024 * 1024;

/** An Authorization header that is well formed (64 lowercase hex digits) for a body that has no canonical form. */
const hexFor = (body: string) => createHmac("sha256", "not-a-delivery").update(body).digest("hex");

function malformed(kind: string): { name: string; delivery: Delivery }[] {
  const truncated = `{"event_name":${JSON.stringify(kind)},"mid":`;
  const prefix = '{"event_name":"';
  const filler = OVERSIZED_BYTES - prefix.length;
  const oversized = prefix + "x".repeat(filler);
  const of = (body: string, label: string, shellBody?: string): Delivery => ({
    body,
    authorization: hexFor(body),
    label,
    signing: "well-formed hex, the body has no canonical form",
    ...(shellBody ? { shellBody } : {}),
  });
  return [
    { name: "malformed JSON (cut off after a key)", delivery: of(truncated, "malformed JSON") },
    {
      name: `an oversized body (${OVERSIZED_BYTES / 1024 / 1024} MiB, a JSON string never closed)`,
      delivery: of(
        oversized,
        "an oversized body",
        `{ printf '%s' '${prefix}'; head -c ${filler} /dev/zero | tr '\\0' x; }`,
      ),
    },
    { name: "an empty body", delivery: of("", "an empty body") },
  ];
}

export const check: ReceiverCheck<"malformed_refused"> = {
  id: "malformed_refused",
  description:
    "bodies that are not a delivery are refused with a 4xx within the answer time, never a 5xx, a dropped connection or silence: malformed JSON, a 2 MiB body (an unterminated JSON string) and an empty body, each with a well-formed Authorization header",
  summary: "malformed JSON, a 2 MiB body, an empty body: a 4xx, never 5xx or silence",
  order: 80,
  maxRequests: 3,
  async run(g) {
    const cases = malformed(g.contract.eventKinds[0] ?? "");
    const out = [];
    for (const [i, c] of cases.entries()) {
      g.progress(`malformed bodies ${i + 1}/${cases.length}`);
      out.push(await expectRefused(g, c.name, c.delivery, true));
    }
    return out;
  },
};
