// retry_accepted: a delivery that failed is retried on the spec's schedule and a retry is answered 200. The grader
// plays the sender: the first attempt fails in transit (the connection is closed halfway through the body), then the
// whole delivery is sent again at each retry time (3, 9, 27, 81, 243 s, time-scaled) until one is answered 200.
import { describeGot, describeSent } from "../judge.js";
import type { ReceiverCheck } from "../types.js";

const ID = "retry_accepted";

export const check: ReceiverCheck<typeof ID> = {
  id: ID,
  description:
    "an event whose delivery failed is accepted on a retry: the first attempt is cut off halfway through its body (the connection closed, as when a delivery fails in transit), then the whole delivery is sent again at each time of the spec's retry schedule (3, 9, 27, 81 and 243 s after the failure, scaled by --time-factor) until one is answered 200. It fails when no retry is: a receiver that crashes or stalls on the cut delivery, or keeps refusing the event (for example a first answer of 503 followed by refusals as a duplicate)",
  summary: "a delivery cut off in transit, retried on the schedule: a retry gets 200",
  order: 70,
  maxRequests: 6,
  async run(g) {
    const kind = g.contract.eventKinds[0] ?? "";
    const payload = g.payload({ event_name: kind });
    const d = g.delivery(`"${kind}" ${payload.previous_status} → ${payload.current_status}`, payload);
    const name = "a delivery cut off in transit, then retried on the schedule";
    const want = g.contract.rule.expectStatus;
    const t0 = performance.now();
    const cut = await g.send({ ...d, cutAfter: Math.floor(Buffer.byteLength(d.body) / 2) });
    const words = [`attempt 1: ${describeGot(cut)}`];
    if (cut.notSent)
      return [
        {
          name,
          ok: false,
          sent: describeSent(d),
          got: "",
          expected: "",
          durationMs: 0,
          skipped: cut.notSent,
        },
      ];
    let accepted = false;
    let last = cut;
    for (const [i, delay] of g.retryDelaysMs.entries()) {
      g.progress(`retry ${i + 1} of ${g.retryDelaysMs.length} in ${(delay / 1000).toFixed(2)} s`);
      await g.sleep(delay);
      last = await g.send(d, { check: ID, name: `${name}: retry ${i + 1}` });
      words.push(`retry ${i + 1} after ${(delay / 1000).toFixed(2)} s: ${describeGot(last)}`);
      if (last.notSent) break;
      if (last.status === want) {
        accepted = true;
        break;
      }
    }
    const schedule = g.contract.rule.retrySchedule.join(", ");
    return [
      {
        name,
        ok: accepted,
        sent: `${describeSent(d)}; attempt 1 cut after ${Math.floor(Buffer.byteLength(d.body) / 2)} bytes, then the whole delivery on the retry schedule`,
        got: words.join("; "),
        expected: `${want} on a retry (schedule ${schedule} s × ${g.timeFactor})`,
        reproduce: d,
        durationMs: performance.now() - t0,
        ...(last.status !== undefined ? { status: last.status } : {}),
      },
    ];
  },
};
