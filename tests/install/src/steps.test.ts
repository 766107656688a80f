import { describe, expect, it } from "vitest";
import { step } from "./steps.mjs";

describe("step", () => {
  it("prints its start, a heartbeat while it runs, and its outcome with the note", async () => {
    const lines: string[] = [];
    let t = 0;
    await step(
      "pack",
      async () => {
        while (!lines.some((l) => l.startsWith("     still running")))
          await new Promise((r) => setTimeout(r, 1));
        t = 2_500;
        return "3 packages";
      },
      { heartbeatMs: 5, log: (l) => lines.push(l), now: () => t },
    );
    expect(lines[0]).toBe("...  pack");
    expect(lines[1]).toMatch(/^ {5}still running: pack \(0\.0 s\)$/);
    expect(lines.at(-1)).toBe("ok   pack (2.5 s): 3 packages");
  });

  it("a failure is printed, rethrown, and stops the heartbeat", async () => {
    const lines: string[] = [];
    await expect(
      step("install", () => Promise.reject(new Error("npm exit 1")), {
        heartbeatMs: 1,
        log: (l) => lines.push(l),
      }),
    ).rejects.toThrow("npm exit 1");
    const count = lines.length;
    await new Promise((r) => setTimeout(r, 20));
    expect(lines.length).toBe(count);
    expect(lines.at(-1)).toMatch(/^FAIL install \(/);
  });
});
