// The usual judgements of a receiver check (a delivery accepted with 200, refused outside 2xx, refused with a 4xx)
// and the words for what was sent and what came back, which every failure prints.
import { bodySummary, shortDigest } from "./bodies.js";
import type { Attempt, CaseVerdict, Delivery, Grader } from "./types.js";

/**
 * What was sent: the event, the body's size and the Authorization header (a digest shortened; never the secret).
 *
 * @example
 * describeSent(delivery); // '"Website status update" Pending → Approved (236 B: event "Website status update"), Authorization 3f2a…9c1e (valid signature)'
 */
export function describeSent(d: Delivery): string {
  const auth =
    d.authorization === null
      ? "no Authorization header"
      : d.authorization === ""
        ? "an empty Authorization header"
        : `Authorization ${shortDigest(d.authorization)} (${d.signing})`;
  const cut = d.cutAfter !== undefined ? `, cut after ${d.cutAfter} bytes` : "";
  return `${d.label} (${bodySummary(d.body)}), ${auth}${cut}`;
}

const millis = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`);

/**
 * What came back: the status, when, and the first bytes of the answer; or why nothing came back.
 *
 * @example
 * describeGot({ status: 401, ms: 3, head: '{"ok":false}' }); // '401 after 3 ms: {"ok":false}'
 */
export function describeGot(a: Attempt): string {
  if (a.notSent) return `not sent: ${a.notSent}`;
  const head = a.head.replace(/\s+/g, " ").trim();
  const quoted = head ? `: ${head.length > 120 ? `${head.slice(0, 120)}…` : head}` : " (empty body)";
  if (a.status !== undefined) return `${a.status} after ${millis(a.ms)}${quoted}`;
  return `${a.error ?? "no answer"} (after ${millis(a.ms)})`;
}

/** A verdict from one delivery and its attempt. */
export function verdict(name: string, d: Delivery, a: Attempt, ok: boolean, expected: string): CaseVerdict {
  return {
    name,
    ok,
    sent: describeSent(d),
    got: describeGot(a),
    expected,
    reproduce: d,
    durationMs: a.ms,
    ...(a.status !== undefined ? { status: a.status } : {}),
    ...(a.notSent ? { skipped: a.notSent } : {}),
  };
}

/**
 * Sends a valid delivery: it must be answered with the rule's status (200). Its answer time is kept for the
 * answer-time check.
 *
 * @example
 * const v = await expectAccepted(g, "event_kinds_accepted", "Website status update", delivery);
 */
export async function expectAccepted(
  g: Grader,
  check: string,
  name: string,
  d: Delivery,
): Promise<CaseVerdict> {
  const a = await g.send(d, { check, name });
  const want = g.contract.rule.expectStatus;
  return verdict(
    name,
    d,
    a,
    a.status === want,
    `${want}: every validly signed delivery is acknowledged with ${want}`,
  );
}

/**
 * Sends a delivery that must be refused: any status outside 2xx, or with `fourXX` a 4xx (never a 5xx).
 *
 * @example
 * const v = await expectRefused(g, "signed with another secret", delivery, false);
 */
export async function expectRefused(
  g: Grader,
  name: string,
  d: Delivery,
  fourXX: boolean,
): Promise<CaseVerdict> {
  const a = await g.send(d);
  const s = a.status;
  const ok = s !== undefined && (fourXX ? s >= 400 && s < 500 : s < 200 || s >= 300);
  const expected = fourXX
    ? "a 4xx refusal (400, 413, 415, …): never a 5xx, never a dropped connection or silence"
    : "a refusal: any status outside 2xx (401 or 403 usually), so the forged delivery is not processed";
  return verdict(name, d, a, ok, expected);
}
