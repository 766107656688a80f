import { describe, expect, it } from "vitest";
import { createBuildProgress } from "./build-progress.mjs";

/** A progress display on a fake clock, its output collected. */
function setup(isTTY = false) {
  let t = 0;
  let out = "";
  const progress = createBuildProgress({ write: (s) => (out += s), isTTY, color: false, now: () => t });
  return {
    progress,
    at: (ms: number) => {
      t = ms;
      progress.tick();
    },
    out: () => out,
  };
}

const BANNER = [
  "",
  "   • turbo 2.11.11",
  "   • Packages in scope: @pgi/signing, @pgi/specs",
  "   • Running build in 2 packages",
  "   • Remote caching disabled",
  "",
];
const group = (name: string, first: string, ...lines: string[]) =>
  [first, "", `> ${name} build`, ...lines].map((l) => `${name}:build: ${l}`);

describe("build progress", () => {
  it("everything from the cache, quickly: prints nothing at all", () => {
    const s = setup();
    for (const l of [
      ...BANNER,
      ...group("@pgi/specs", "cache hit, replaying logs 82f0"),
      ...group("@pgi/signing", "cache hit, replaying logs 445d"),
      " Tasks:    2 successful, 2 total",
      "  Time:    76ms >>> FULL TURBO",
    ])
      s.progress.line(l);
    s.at(400);
    s.progress.finish(0);
    expect(s.out()).toBe("");
  });

  it("a log: a line per package built once its lines settle, a heartbeat after 5 s of silence, a summary", () => {
    const s = setup();
    for (const l of BANNER) s.progress.line(l);
    s.at(4_999);
    expect(s.out()).toBe("");
    s.at(5_000);
    expect(s.out()).toBe("build: 0 of 2 packages done, waiting for @pgi/signing, @pgi/specs 5.0 s\n");
    s.at(6_000);
    for (const l of group("@pgi/specs", "cache miss, executing 82f0", "specs: bundled")) s.progress.line(l);
    s.at(6_100);
    expect(s.out().split("\n")).toHaveLength(2);
    s.at(6_400);
    expect(s.out().split("\n").at(-2)).toBe("build: @pgi/specs built [1/2, 6.0 s]");
    for (const l of group("@pgi/signing", "cache hit, replaying logs 445d")) s.progress.line(l);
    s.at(7_000);
    s.progress.finish(0);
    expect(s.out().split("\n").slice(-2)).toEqual(["build: ready in 7.0 s (1 built, 1 from cache)", ""]);
  });

  it("a terminal: one status line rewritten in place every second, cleared before any other line", () => {
    const s = setup(true);
    for (const l of BANNER) s.progress.line(l);
    s.at(1_000);
    s.at(1_500);
    s.at(2_000);
    expect(s.out()).toBe(
      "\r\u001b[2Kbuild: 0 of 2 packages done, waiting for @pgi/signing, @pgi/specs 1.0 s" +
        "\r\u001b[2Kbuild: 0 of 2 packages done, waiting for @pgi/signing, @pgi/specs 1.5 s" +
        "\r\u001b[2Kbuild: 0 of 2 packages done, waiting for @pgi/signing, @pgi/specs 2.0 s",
    );
    for (const l of group("@pgi/specs", "cache miss, executing 82f0")) s.progress.line(l);
    s.at(2_400);
    s.progress.finish(0);
    expect(
      s
        .out()
        .endsWith(
          "\r\u001b[2Kbuild: @pgi/specs built [1/2, 2.0 s]\nbuild: ready in 2.4 s (1 built, 0 from cache)\n",
        ),
    ).toBe(true);
  });

  it("a failure: the failed package's whole log and its name, and no 'built' line for it", () => {
    const s = setup();
    for (const l of [
      ...BANNER,
      ...group("@pgi/specs", "cache hit, replaying logs 82f0"),
      ...group(
        "@pgi/signing",
        "cache miss, executing 6dab",
        "src/index.ts(37,7): error TS2322: Type 'string' is not assignable to type 'number'.",
        " ELIFECYCLE  Command failed with exit code 2.",
      ),
      "@pgi/signing#build: command (/x/packages/signing) /usr/bin/pnpm run build exited (2)",
    ])
      s.progress.line(l);
    s.at(3_000);
    s.progress.finish(2);
    const out = s.out();
    expect(out).not.toContain("built");
    expect(out).not.toContain("@pgi/specs");
    expect(out).toContain("@pgi/signing:build: src/index.ts(37,7): error TS2322");
    expect(out.trimEnd().split("\n").at(-1)).toBe("build failed: @pgi/signing (exit 2)");
  });

  it("turbo failing before any package (a bad filter): all of its output is shown", () => {
    const s = setup();
    s.progress.line("  x No package found with name 'nope' in workspace");
    s.progress.finish(1);
    expect(s.out()).toBe(
      "  x No package found with name 'nope' in workspace\nbuild failed: turbo (exit 1)\n",
    );
  });
});
