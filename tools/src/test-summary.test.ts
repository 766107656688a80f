import { describe, expect, it } from "vitest";
import { duration, formatResults, testResults } from "./test-summary.mjs";

const planned = [
  {
    taskId: "@pgi/signing#build",
    task: "build",
    package: "@pgi/signing",
    dependencies: ["@pgi/specs#build"],
  },
  { taskId: "@pgi/specs#build", task: "build", package: "@pgi/specs", dependencies: [] },
  {
    taskId: "@pgi/client#build",
    task: "build",
    package: "@pgi/client",
    dependencies: ["@pgi/signing#build"],
  },
  { taskId: "@pgi/specs#test", task: "test", package: "@pgi/specs", dependencies: ["@pgi/specs#build"] },
  {
    taskId: "@pgi/signing#test",
    task: "test",
    package: "@pgi/signing",
    dependencies: ["@pgi/signing#build"],
  },
  { taskId: "@pgi/client#test", task: "test", package: "@pgi/client", dependencies: ["@pgi/client#build"] },
  { taskId: "@pgi/webhooks#test", task: "test", package: "@pgi/webhooks", dependencies: [] },
  { taskId: "@pgi/mock#test", task: "test", package: "@pgi/mock", dependencies: [] },
];
const exec = (exitCode: number, ms: number) => ({ startTime: 1_000, endTime: 1_000 + ms, exitCode });

describe("testResults", () => {
  it("passed, failed, and not run with the failed task it waited for (transitively)", () => {
    const summary = {
      tasks: [
        { taskId: "@pgi/specs#build", execution: exec(0, 10) },
        { taskId: "@pgi/signing#build", execution: { ...exec(2, 5_000), error: "exited (2)" } },
        { taskId: "@pgi/specs#test", execution: exec(0, 32_400) },
        { taskId: "@pgi/webhooks#test", execution: exec(1, 39_300) },
      ],
    };
    expect(testResults(planned, summary)).toEqual([
      { pkg: "@pgi/client", status: "not run", note: "@pgi/signing#build failed" },
      { pkg: "@pgi/mock", status: "not run", note: "stopped before it started" },
      { pkg: "@pgi/signing", status: "not run", note: "@pgi/signing#build failed" },
      { pkg: "@pgi/specs", status: "passed", ms: 32_400 },
      { pkg: "@pgi/webhooks", status: "failed", ms: 39_300, note: "exit 1" },
    ]);
  });

  it("no summary at all: every test task not run", () => {
    expect(testResults(planned, undefined).map((r) => r.status)).toEqual(Array(5).fill("not run"));
  });
});

describe("formatResults", () => {
  it("one line per package and a last line with the counts and the time", () => {
    const text = formatResults(
      [
        { pkg: "@pgi/client", status: "not run", note: "@pgi/signing#build failed" },
        { pkg: "@pgi/specs", status: "passed", ms: 32_400 },
        { pkg: "@pgi/webhooks", status: "failed", ms: 125_000, note: "exit 1" },
      ],
      { color: false, totalMs: 262_000 },
    );
    expect(text).toBe(
      [
        "",
        "test results:",
        "  not run  @pgi/client              @pgi/signing#build failed",
        "  passed   @pgi/specs       32.4 s",
        "  FAILED   @pgi/webhooks    2m 05s  exit 1",
        "1 passed, 1 failed, 1 not run (4m 22s)",
      ].join("\n"),
    );
  });

  it("durations", () => {
    expect([duration(400), duration(59_949), duration(60_000), duration(262_000)]).toEqual([
      "0.4 s",
      "59.9 s",
      "1m 00s",
      "4m 22s",
    ]);
  });
});
