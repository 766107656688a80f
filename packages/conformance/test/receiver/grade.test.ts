// The receiver grader against real receivers on 127.0.0.1: the one built on @pgi/webhooks passes every check, and
// each deliberately wrong one fails exactly the check it breaks.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failures } from "../../src/model/finding.js";
import type { RunResult } from "../../src/model/results.js";
import { gradeReceiver } from "../../src/receiver/grade.js";
import { RECEIVER_CHECKS } from "../../src/receiver/registry.js";
import { loadSpecSet, type SpecSet } from "../../src/spec/spec-set.js";
import * as receivers from "./receivers.js";

const SECRET = "grader-test-secret-7f3a";
/** 0.05: the 30 s answer time is 1.5 s (generous on a loaded machine), the first retry comes after 0.15 s. */
const FACTOR = 0.05;

let specs: SpecSet;
beforeAll(() => {
  specs = loadSpecSet();
});

/** A seeded random source, so the run's merchant UUIDs are the same every time. */
function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

async function grade(
  start: () => Promise<receivers.RunningReceiver>,
  timeFactor = FACTOR,
): Promise<RunResult> {
  const rx = await start();
  try {
    return await gradeReceiver({
      url: new URL(rx.url),
      secret: SECRET,
      timeFactor,
      specs,
      random: seeded(7),
    });
  } finally {
    await rx.close();
  }
}

/** The ids of the checks with a failed case. */
const failedChecks = (r: RunResult) =>
  [...new Set(r.results.filter((c) => failures(c.findings).length > 0).map((c) => c.operation))].sort();

describe("the receiver grader against real receivers", () => {
  const results = new Map<string, RunResult>();
  afterAll(() => {
    for (const [name, r] of results)
      console.log(
        `${name.padEnd(28)} ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped; failed: ${failedChecks(r).join(", ") || "none"}`,
      );
  });

  it("passes a receiver built on @pgi/webhooks: every check, every case", async () => {
    const r = await grade(() => receivers.good(SECRET));
    results.set("@pgi/webhooks", r);
    expect(
      failedChecks(r),
      JSON.stringify(
        r.results.filter((c) => failures(c.findings).length),
        null,
        1,
      ),
    ).toEqual([]);
    expect(r.skipped).toBe(0);
    expect(new Set(r.results.map((c) => c.operation))).toEqual(new Set(RECEIVER_CHECKS.map((c) => c.id)));
    expect(r.passed).toBeGreaterThanOrEqual(35);
  });

  it.each([
    ["no signature check", ["bad_signature_refused"], () => receivers.noSignatureCheck()],
    ["signature over re-serialised JSON", ["signature_over_raw_body"], () => receivers.reserialised(SECRET)],
    ["signature with mid as text", ["signature_over_raw_body"], () => receivers.midAsText(SECRET)],
    ["500 on a duplicate", ["duplicates_accepted"], () => receivers.fiveHundredOnDuplicate(SECRET)],
    ["crashes (500) on an empty body", ["malformed_refused"], () => receivers.crashOnEmptyBody(SECRET)],
    ["drops the connection on an empty body", ["malformed_refused"], () => receivers.dropOnEmptyBody(SECRET)],
  ] as const)("fails a receiver with %s on exactly %j", async (name, expected, start) => {
    const r = await grade(start);
    results.set(name, r);
    expect(failedChecks(r)).toEqual([...expected]);
    expect(r.skipped).toBe(0);
  });

  it("fails a receiver that answers after the limit on answered_within_limit only", async () => {
    // At 0.002 the limit is 60 ms; the receiver answers after 150 ms, inside the grader's 1.06 s wait.
    const r = await grade(() => receivers.late(SECRET, 150), 0.002);
    results.set("answers after the limit", r);
    expect(failedChecks(r)).toEqual(["answered_within_limit"]);
    const late = r.results.find((c) => c.operation === "answered_within_limit");
    expect(late?.findings[0]?.actual).toMatch(/late or unanswered/);
  });

  it("accepts an event on its retry when the receiver failed it once; first-attempt checks fail", async () => {
    const r = await grade(() => receivers.failsOnce(SECRET));
    results.set("fails each event once", r);
    expect(r.results.find((c) => c.operation === "retry_accepted")?.findings[0]?.ok).toBe(true);
    expect(failedChecks(r)).toEqual([
      "duplicates_accepted",
      "edge_values_accepted",
      "event_kinds_accepted",
      "signature_over_raw_body",
      "statuses_accepted",
    ]);
  });

  it("fails retry_accepted for a receiver that refuses every retry of an event it failed", async () => {
    const r = await grade(() => receivers.stuckClaim(SECRET), 0.01);
    results.set("refuses every retry", r);
    const retry = r.results.find((c) => c.operation === "retry_accepted");
    expect(retry?.findings[0]?.ok).toBe(false);
    expect(retry?.findings[0]?.actual).toMatch(/retry 5 after .*: 409/);
    expect(failedChecks(r)).toContain("retry_accepted");
  });
});
