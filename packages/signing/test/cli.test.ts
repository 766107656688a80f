// End-to-end CLI cases: every folder in test/cli/ runs `node bin/pgi-sign.js` (model: redocly-cli tests/e2e).
//
// A case folder holds: args.json (argument array) or cmd (arguments separated by spaces), optional
// stdin.json (piped as raw bytes) and env.json (extra environment), expected-exit, and any of
// expected-stdout (exact), expected-stdout-contains / expected-stderr (one substring a line),
// expected-stderr-lines (line count), forbidden-output (strings that must not appear anywhere), and
// independent.json ({algorithm, preimage, key?}: expected-stdout must equal node:crypto over it).
//
// The CLI runs from dist/: build first (`pnpm build`; turbo's test task depends on build).
import { spawnSync } from "node:child_process";
import { createHash, createHmac } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const casesDir = join(packageDir, "test", "cli");
const bin = join(packageDir, "bin", "pgi-sign.js");

function read(dir: string, name: string): string | undefined {
  const file = join(dir, name);
  return existsSync(file) ? readFileSync(file, "utf8") : undefined;
}

function lines(text: string | undefined): string[] {
  return (text ?? "").split("\n").filter((line) => line !== "");
}

const cases = readdirSync(casesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe("pgi-sign CLI (end to end)", () => {
  beforeAll(() => {
    if (!existsSync(join(packageDir, "dist", "cli.js"))) {
      throw new Error("dist/cli.js is missing: run `pnpm build` in packages/signing before the CLI tests.");
    }
  });

  it("has cases", () => {
    expect(cases.length).toBeGreaterThan(20);
  });

  it.each(cases)("%s", (name) => {
    const dir = join(casesDir, name);
    const argsJson = read(dir, "args.json");
    const args: string[] = argsJson ? JSON.parse(argsJson) : lines(read(dir, "cmd"))[0]!.split(/\s+/);
    const stdinPath = join(dir, "stdin.json");
    const extraEnv = JSON.parse(read(dir, "env.json") ?? "{}") as Record<string, string>;
    const env: Record<string, string | undefined> = { ...process.env, ...extraEnv };
    for (const key of ["PGI_SALT", "PGI_SIGNING_SECRET", "NO_COLOR", "FORCE_COLOR"]) {
      if (!(key in extraEnv)) delete env[key];
    }
    const result = spawnSync(process.execPath, [bin, ...args], {
      input: existsSync(stdinPath) ? readFileSync(stdinPath) : Buffer.alloc(0),
      env,
      encoding: "utf8",
      timeout: 20_000,
    });
    const context = `stdout: ${result.stdout}\nstderr: ${result.stderr}`;
    expect(result.status, context).toBe(Number(read(dir, "expected-exit")));

    const independent = read(dir, "independent.json");
    const expectedStdout = read(dir, "expected-stdout");
    if (independent) {
      const { algorithm, preimage, key } = JSON.parse(independent) as {
        algorithm: string;
        preimage: string;
        key?: string;
      };
      const digest =
        algorithm === "sha512"
          ? createHash("sha512").update(preimage).digest("hex")
          : createHmac("sha256", key ?? "")
              .update(preimage)
              .digest("hex");
      expect(expectedStdout, "expected-stdout must be the independent digest").toBe(`${digest}\n`);
    }
    if (expectedStdout !== undefined) expect(result.stdout, context).toBe(expectedStdout);
    for (const line of lines(read(dir, "expected-stdout-contains"))) expect(result.stdout).toContain(line);
    for (const line of lines(read(dir, "expected-stderr"))) expect(result.stderr, context).toContain(line);
    const stderrLines = read(dir, "expected-stderr-lines");
    if (stderrLines !== undefined) expect(lines(result.stderr), context).toHaveLength(Number(stderrLines));
    for (const secret of lines(read(dir, "forbidden-output"))) {
      expect(result.stdout).not.toContain(secret);
      expect(result.stderr).not.toContain(secret);
    }
    expect(result.stderr, "no colour when stderr is not a terminal").not.toContain("\u001b[");
  });
});
