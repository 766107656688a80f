import { describe, expect, it } from "vitest";
import { CHECKS } from "../checking/registry.js";
import type { CaseResult, RunResult } from "../model/results.js";
import { RECEIVER_RULES } from "../receiver/registry.js";
import { FLOWS } from "../suite/flow-runner.js";
import { CHECKLIST, goLiveChecklist } from "./go-live-checklist.js";

const run = (results: CaseResult[]): RunResult => ({
  target: "t",
  results,
  passed: 0,
  failed: 0,
  skipped: 0,
  warnings: 0,
  durationMs: 0,
  checksRun: 0,
});
const one = (check: string, ok: boolean, host: CaseResult["host"] = "receiver"): CaseResult => ({
  host,
  operation: check,
  name: check,
  findings: [{ check, ok }],
});

describe("the go-live checklist", () => {
  it("names only checks and flows that exist, and every receiver check", () => {
    const ids = new Set([...Object.keys(CHECKS), ...Object.keys(RECEIVER_RULES)]);
    const flows = new Set(FLOWS.map((f) => f.name));
    for (const item of CHECKLIST) {
      for (const c of item.checks) expect(ids, `${item.id}: ${c}`).toContain(c);
      for (const f of item.flows) expect(flows, `${item.id}: ${f}`).toContain(f);
      expect(item.checks.length + item.flows.length).toBeGreaterThan(0);
    }
    const covered = new Set(CHECKLIST.flatMap((i) => i.checks));
    for (const id of Object.keys(RECEIVER_RULES)) expect(covered, id).toContain(id);
  });

  it.each([
    ["nothing that tests it ran", [one("positive_success", true, "gateway")], "not run", 0, 0],
    [
      "its evidence passed",
      [one("duplicates_accepted", true), one("duplicates_accepted", true)],
      "passed",
      2,
      0,
    ],
    [
      "one piece failed",
      [one("duplicates_accepted", true), one("duplicates_accepted", false)],
      "failed",
      1,
      1,
    ],
    [
      "it was skipped",
      [{ ...one("duplicates_accepted", false), skipped: "the endpoint stopped answering" }],
      "not run",
      0,
      0,
    ],
  ] as const)("marks an item not run, passed or failed: %s", (_why, results, status, passed, failed) => {
    const mark = goLiveChecklist(run([...results])).find((m) => m.item.id === "webhook-duplicates");
    expect(mark).toMatchObject({ status, passed, failed });
  });

  it("counts a flow by its outcome", () => {
    const flow: CaseResult = {
      host: "flows",
      operation: "mandate authorization → registered rule",
      name: "mandate authorization → registered rule",
      findings: [
        { check: "flow", ok: true },
        { check: "flow", ok: false },
      ],
    };
    expect(goLiveChecklist(run([flow])).find((m) => m.item.id === "mandate-registered")?.status).toBe(
      "failed",
    );
  });
});
