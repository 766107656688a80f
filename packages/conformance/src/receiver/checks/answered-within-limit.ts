// answered_within_limit: every valid delivery this run sent (the other checks' deliveries that must be accepted)
// was answered within the spec's answer time (30 s, scaled by --time-factor). It sends nothing itself.
import type { CaseVerdict, ReceiverCheck } from "../types.js";

const ID = "answered_within_limit";
const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 0)} s`;

export const check: ReceiverCheck<typeof ID> = {
  id: ID,
  description:
    "every valid delivery of the run (each one the other checks expect to be accepted, retries included) is answered within the spec's answer time: 30 s, scaled by --time-factor. An answer that comes later counts as a failed delivery for the sender, even when it is a 200",
  summary: "every valid delivery answered within 30 s (scaled by --time-factor)",
  order: 90,
  maxRequests: 0,
  async run(g): Promise<CaseVerdict[]> {
    // Answers, and attempts left unanswered; a refused or reset connection is not a matter of time.
    const timed = g.timedAnswers.filter((t) => t.status !== undefined || t.timedOut);
    const name = `every valid delivery answered within ${seconds(g.limitMs)}`;
    if (timed.length === 0)
      return [
        {
          name,
          ok: false,
          sent: "",
          got: "",
          expected: "",
          durationMs: 0,
          skipped: "no valid delivery was sent",
        },
      ];
    const late = timed.filter((t) => t.status === undefined || t.ms > g.limitMs).sort((a, b) => b.ms - a.ms);
    const slowest = [...timed].sort((a, b) => b.ms - a.ms)[0];
    const words = late
      .slice(0, 5)
      .map(
        (t) =>
          `${t.check} "${t.name}": ${t.status !== undefined ? `${t.status} after ${seconds(t.ms)}` : t.error}`,
      );
    return [
      {
        name,
        ok: late.length === 0,
        sent: `${timed.length} valid deliveries (the other checks')`,
        got:
          late.length === 0
            ? `the slowest answer came after ${seconds(slowest?.ms ?? 0)}`
            : `${late.length} of ${timed.length} late or unanswered: ${words.join("; ")}${late.length > 5 ? "; …" : ""}`,
        expected: `an answer within ${seconds(g.limitMs)} (${g.contract.rule.answerWithinSeconds} s × ${g.timeFactor})`,
        durationMs: 0,
      },
    ];
  },
};
