// The TypeScript snippets of docs/guides type-check against @pgi/client as the reference samples do, and the
// getting-started guide's first signed call, run as a reader runs it (tsx), gets a verified answer from the mock.
import { execFile } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { type RunningMock, startMock } from "@pgi/mock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GUIDES_DIR } from "../src/paths.js";

const run = promisify(execFile);
const CHECK_DIR = join(import.meta.dirname, "..", ".guides-check");
const BIN = join(import.meta.dirname, "..", "node_modules", ".bin");

/** Every ```ts block of every guide, named after its guide and position. */
const SNIPPETS = readdirSync(GUIDES_DIR)
  .filter((f) => f.endsWith(".md"))
  .sort()
  .flatMap((file) =>
    [...readFileSync(join(GUIDES_DIR, file), "utf8").matchAll(/^```(?:ts|typescript)\n([\s\S]*?)^```/gm)].map(
      (m, i) => ({ name: `${file.replace(/\.md$/, "")}-${i + 1}.ts`, source: m[1]! }),
    ),
  );

describe("guide snippets", () => {
  let mock: RunningMock;
  beforeAll(async () => {
    rmSync(CHECK_DIR, { recursive: true, force: true });
    mkdirSync(CHECK_DIR, { recursive: true });
    for (const s of SNIPPETS) writeFileSync(join(CHECK_DIR, s.name), `${s.source}export {};\n`);
    mock = await startMock({
      ports: { otp: 0, gateway: 0, wallet: 0, partner: 0, accounts: 0, payout: 0, bbps: 0 },
    });
  });
  afterAll(async () => {
    await mock?.close();
    rmSync(CHECK_DIR, { recursive: true, force: true });
  });

  it("the getting-started guide has a TypeScript snippet", () => {
    expect(SNIPPETS.map((s) => s.name)).toContain("01-getting-started-1.ts");
  });

  it("type-check against @pgi/client", async () => {
    writeFileSync(
      join(CHECK_DIR, "tsconfig.json"),
      JSON.stringify({
        extends: "../../../tsconfig.json",
        compilerOptions: { noEmit: true, types: ["node"], module: "NodeNext", target: "ES2022" },
        include: ["*.ts"],
      }),
    );
    const result = await run(join(BIN, "tsc"), ["-p", join(CHECK_DIR, "tsconfig.json")], {
      timeout: 120_000,
    }).then(
      () => "",
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(result).toBe("");
  });

  it("getting started: the first signed call gets a verified success from the mock", async () => {
    const { stdout, stderr } = await run(join(BIN, "tsx"), [join(CHECK_DIR, "01-getting-started-1.ts")], {
      timeout: 60_000,
      cwd: CHECK_DIR,
      env: { ...process.env, PGI_GATEWAY_URL: mock.urls.gateway },
    });
    expect(stderr).toBe("");
    // The snippet prints `error ?? data`: the client returns data only once the answer's hash verified.
    expect(stdout).toMatch(/^\{\n {2}metaData: \{/);
    expect(stdout).toContain("statusCode: 'E000'");
    expect(stdout).toContain("status: 'success'");
    expect(stdout).toContain("IsStandingInstructionSet: '1'");
  });
});
