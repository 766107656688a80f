import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runTests, TEST_RUN_FLAGS } from "./test-run.mjs";

let runsDir: string;
beforeAll(async () => {
  runsDir = await mkdtemp(join(tmpdir(), "pgi-runs-"));
  await writeFile(join(runsDir, "older.json"), "{}"); // another run's summary: neither read nor removed
});
afterAll(() => rm(runsDir, { recursive: true, force: true }));

const PLAN = {
  tasks: [
    { taskId: "@pgi/a#test", task: "test", package: "@pgi/a", dependencies: [] },
    { taskId: "@pgi/b#build", task: "build", package: "@pgi/b", dependencies: [] },
    { taskId: "@pgi/b#test", task: "test", package: "@pgi/b", dependencies: ["@pgi/b#build"] },
    { taskId: "@pgi/c#test", task: "test", package: "@pgi/c", dependencies: [] },
  ],
};

/** A turbo that plans PLAN and "runs" it: each task's exit code from `exits`, summary written as turbo does. */
function fakeTurbo(exits: Record<string, number>, code: number) {
  const calls: string[][] = [];
  const turbo = async (args: string[], onLine?: (line: string) => void) => {
    calls.push(args);
    if (args.includes("--dry=json")) {
      for (const line of JSON.stringify(PLAN, null, 2).split("\n")) onLine?.(line);
      return 0;
    }
    const tasks = Object.entries(exits).map(([taskId, exitCode]) => ({
      taskId,
      execution: { startTime: 1_000, endTime: 3_000, exitCode },
    }));
    await writeFile(join(runsDir, "new-run.json"), JSON.stringify({ tasks }));
    return code;
  };
  return { turbo, calls };
}

describe("runTests", () => {
  it("a failing package does not hide the others: every result is printed, the exit is 1", async () => {
    const { turbo, calls } = fakeTurbo({ "@pgi/a#test": 1, "@pgi/b#build": 2, "@pgi/c#test": 0 }, 1);
    let printed = "";
    const code = await runTests({
      args: ["--filter=x"],
      turbo,
      runsDir,
      print: (t) => (printed += t),
      color: false,
    });
    expect(code).toBe(1);
    expect(calls[1]).toEqual(["run", "test", ...TEST_RUN_FLAGS, "--filter=x"]);
    expect(calls[1]).toContain("--continue=dependencies-successful");
    expect(printed).toMatch(/FAILED +@pgi\/a +2\.0 s +exit 1/);
    expect(printed).toMatch(/not run +@pgi\/b +@pgi\/b#build failed/);
    expect(printed).toMatch(/passed +@pgi\/c +2\.0 s/);
    expect(printed.trimEnd().split("\n").at(-1)).toMatch(/^1 passed, 1 failed, 1 not run \(/);
    expect((await readdir(runsDir)).sort()).toEqual(["older.json"]);
  });

  it("all passed: turbo's exit code", async () => {
    const { turbo } = fakeTurbo(
      { "@pgi/a#test": 0, "@pgi/b#build": 0, "@pgi/b#test": 0, "@pgi/c#test": 0 },
      0,
    );
    let printed = "";
    expect(await runTests({ args: [], turbo, runsDir, print: (t) => (printed += t), color: false })).toBe(0);
    expect(printed.trimEnd().split("\n").at(-1)).toMatch(/^3 passed, 0 failed, 0 not run \(/);
  });

  it("a plan that fails (a bad filter): turbo's words and its exit code", async () => {
    const turbo = async (_args: string[], onLine?: (line: string) => void) => {
      onLine?.("  x No package found with name 'nope' in workspace");
      return 1;
    };
    let printed = "";
    expect(
      await runTests({ args: ["--filter=nope"], turbo, runsDir, print: (t) => (printed += t), color: false }),
    ).toBe(1);
    expect(printed).toContain("No package found with name 'nope'");
  });
});
