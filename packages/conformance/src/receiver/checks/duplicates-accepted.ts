// duplicates_accepted: the same delivery sent again after its 200 is answered 200, and copies of one delivery sent at
// the same moment are each answered 200 (a copy refused while another is being processed: 200 on its first retry).
import { describeGot, describeSent, expectAccepted } from "../judge.js";
import type { CaseVerdict, Grader, ReceiverCheck } from "../types.js";

/** How many copies are sent at once. */
export const COPIES = 3;
const ID = "duplicates_accepted";

async function sequential(g: Grader): Promise<CaseVerdict> {
  const kind = g.contract.eventKinds[0] ?? "";
  const d = g.delivery(`"${kind}" delivered twice`, g.payload({ event_name: kind }));
  const first = await expectAccepted(g, ID, "the same delivery again after its 200: first", d);
  if (!first.ok)
    return {
      ...first,
      name: "the same delivery again after its 200",
      ok: false,
      got: `the first delivery: ${first.got}`,
    };
  const again = await expectAccepted(g, ID, "the same delivery again after its 200", d);
  return { ...again, sent: `${again.sent}, sent again after the first was answered ${first.status}` };
}

async function concurrent(g: Grader): Promise<CaseVerdict> {
  const kind = g.contract.eventKinds[0] ?? "";
  const name = `${COPIES} copies of one delivery at the same moment`;
  const d = g.delivery(`"${kind}" ${COPIES} copies at once`, g.payload({ event_name: kind }));
  const want = g.contract.rule.expectStatus;
  const t0 = performance.now();
  const answers = await Promise.all(Array.from({ length: COPIES }, () => g.send(d, { check: ID, name })));
  if (answers.some((a) => a.notSent)) {
    const skipped = answers.find((a) => a.notSent)?.notSent ?? "";
    return { name, ok: false, sent: describeSent(d), got: "", expected: "", durationMs: 0, skipped };
  }
  const words = answers.map((a, i) => `copy ${i + 1}: ${describeGot(a)}`);
  const refused = answers.filter((a) => a.status !== want);
  let ok = refused.length === 0;
  if (!ok && refused.length < COPIES && answers.some((a) => a.status === want)) {
    // A copy refused while another copy is in progress is what a careful receiver does (a 200 there could
    // acknowledge an event whose processing then fails); the sender retries it, so its retry must be accepted.
    const delay = g.retryDelaysMs[0] ?? 0;
    await g.sleep(delay);
    const retries = await Promise.all(refused.map(() => g.send(d, { check: ID, name: `${name}: retry` })));
    words.push(
      ...retries.map(
        (a, i) => `retry of refused copy ${i + 1} after ${(delay / 1000).toFixed(2)} s: ${describeGot(a)}`,
      ),
    );
    ok = retries.every((a) => a.status === want);
  }
  return {
    name,
    ok,
    sent: `${describeSent(d)}, ${COPIES} copies at once`,
    got: words.join("; "),
    expected: `${want} for every copy; a copy refused while another is being processed must get ${want} on its retry (the first retry delay)`,
    reproduce: d,
    copies: COPIES,
    durationMs: performance.now() - t0,
    ...(answers[0]?.status !== undefined ? { status: answers[0].status } : {}),
  };
}

export const check: ReceiverCheck<typeof ID> = {
  id: ID,
  description: `duplicates are tolerated: the same delivery sent again after its 200 is answered 200, and ${COPIES} copies of one delivery sent at the same moment are each answered 200 (a copy refused while another copy is being processed passes when its retry, after the first retry delay, is answered 200)`,
  summary: "the same delivery again, and copies at once: 200 each",
  order: 60,
  maxRequests: 2 + COPIES * 2,
  async run(g) {
    g.progress("duplicates");
    return [await sequential(g), await concurrent(g)];
  },
};
