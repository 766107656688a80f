// The CLI as a user runs it: exit codes, formats, --allow, --base with a git ref, misuse, and the bin launcher.
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { main } from "../../src/cli.js";
import type { CliIo } from "../../src/commands/io.js";
import { bundle, PACKAGE_DIR, tempDir, writeBundles } from "../helpers.js";

const temp = tempDir();
afterAll(() => temp.remove());

function io(cwd = temp.dir): CliIo & { out: () => string; err: () => string } {
  let out = "";
  let err = "";
  return {
    stdout: { write: (t: string) => (out += t) },
    stderr: { write: (t: string) => (err += t) },
    env: { NO_COLOR: "1" },
    cwd,
    out: () => out,
    err: () => err,
  };
}

const old = writeBundles(join(temp.dir, "old"), { wallet: bundle("wallet"), payout: bundle("payout") });
const broken = bundle("wallet");
broken.components.schemas.WalletTokenRequest.required.push("channel");
broken.components.schemas.WalletTokenRequest.properties.channel = { type: "string" };
const changed = writeBundles(join(temp.dir, "new"), { wallet: broken, payout: bundle("payout") });

describe("pgi-contract diff", () => {
  it("identical folders: exit 0 and no change", async () => {
    const t = io();
    expect(await main(["diff", old, old], t)).toBe(0);
    expect(t.out()).toContain("No change");
    expect(t.out().trim().split("\n").pop()).toBe("0 breaking, 0 non-breaking, 0 informational");
  });

  it("a breaking change: exit 1, the rule and the place in the text report", async () => {
    const t = io();
    expect(await main(["diff", old, changed], t)).toBe(1);
    expect(t.out()).toContain("request-property-added-required");
    expect(t.out()).toContain("POST /tokengenerate");
    expect(t.out()).toContain("wallet.yaml#/components/schemas/WalletTokenRequest/properties/channel");
    expect(t.out()).not.toMatch(/\u001b\[/); // NO_COLOR
  });

  it("--allow RULE lets it pass; the report says it was allowed", async () => {
    const t = io();
    expect(await main(["diff", old, changed, "--allow", "request-property-added-required"], t)).toBe(0);
    expect(t.out()).toContain("(allowed)");
  });

  it("single files compare too, and JSON and Markdown formats", async () => {
    const j = io();
    expect(
      await main(["diff", join(old, "wallet.yaml"), join(changed, "wallet.yaml"), "--format", "json"], j),
    ).toBe(1);
    const report = JSON.parse(j.out());
    expect(report.summary.breaking).toBe(1);
    expect(report.changes[0]).toMatchObject({
      rule: "request-property-added-required",
      severity: "breaking",
      host: "wallet",
    });
    const m = io();
    await main(["diff", old, changed, "--format", "markdown", "--out", "diff.md"], m);
    expect(m.err()).toContain("wrote diff.md");
  });

  it.each([
    [["diff", "a"], "give OLD and NEW"],
    [["diff", "nowhere", "nothing"], "nowhere does not exist"],
    [["diff", "--format", "xml", "a", "b"], '--format: "xml" is not one of text, markdown, json'],
    [["diff", "--allow", "made-up", "a", "b"], '--allow: unknown rule "made-up"'],
    [["diff", "--allow", "docs-changed", "a", "b"], "not breaking"],
    [["diff", "--frobnicate"], "Unknown option '--frobnicate'"],
    [["nonsense"], 'unknown command "nonsense"'],
    [["postman"], "--out DIR is required"],
  ])("misuse %j: exit 2 with a one-line error", async (argv, message) => {
    const t = io();
    expect(await main(argv, t)).toBe(2);
    expect(t.err()).toContain(message);
    expect(t.err().trim().split("\n")).toHaveLength(1);
  });

  it("compact JSON bundles (one line) are read like YAML ones", async () => {
    const a = join(temp.dir, "compact-old.json");
    const b = join(temp.dir, "compact-new.json");
    writeFileSync(a, JSON.stringify(bundle("wallet")));
    writeFileSync(b, JSON.stringify(broken));
    const t = io();
    expect(await main(["diff", a, b], t)).toBe(1);
    expect(t.out()).toContain("request-property-added-required");
  });

  it.each([
    [
      "openapi: 3.1.0\npaths: 5\n",
      "openapi: 3.1.0\npaths:\n  /x:\n    get:\n      parameters: 7\n      responses: []\n",
    ],
    [
      "openapi: 3.1.0\npaths:\n  /x:\n    post:\n      security: weird\n      x-pgi-signature: 5\n",
      "openapi: 3.1.0\npaths:\n  /x:\n    post:\n      security: [{s: [a]}, 5, null]\n",
    ],
    [
      "openapi: 3.1.0\ncomponents: {schemas: {A: {type: object, properties: {a: {$ref: '#/components/schemas/A'}}}}}\npaths: {/x: {post: {requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/A'}}}}}}}\n",
      "openapi: 3.1.0\ncomponents: {schemas: {A: {type: [object, 'null'], properties: {a: {$ref: '#/components/schemas/A'}, b: {enum: [1, {x: 2}]}}}}}\npaths: {/x: {post: {requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/A'}}}}}}}\n",
    ],
  ])("odd but parseable documents are classified, never a crash (%#)", async (a, b) => {
    const fa = join(temp.dir, "odd-a.yaml");
    const fb = join(temp.dir, "odd-b.yaml");
    writeFileSync(fa, a);
    writeFileSync(fb, b);
    for (const [x, y] of [
      [fa, fb],
      [fb, fa],
      [fa, fa],
    ] as const) {
      const t = io();
      const code = await main(["diff", x, y], t);
      expect([0, 1]).toContain(code);
      expect(t.err()).toBe("");
    }
  });

  it("a $ref that points at nothing or loops: exit 2 naming it", async () => {
    const f = join(temp.dir, "loop.yaml");
    writeFileSync(
      f,
      "openapi: 3.1.0\npaths:\n  /x: {$ref: '#/paths/~1x'}\n  /y: {get: {requestBody: {$ref: '#/nope'}}}\n",
    );
    const t = io();
    expect(await main(["diff", f, f], t)).toBe(2);
    expect(t.err()).toMatch(
      /\$ref (chain too long or circular at #\/paths\/~1x|#\/nope .* points at nothing)/,
    );
  });

  it("a file that is not an OpenAPI document: exit 2 naming it", async () => {
    const file = join(temp.dir, "notes.yaml");
    writeFileSync(file, "hello: world\n");
    const t = io();
    expect(await main(["diff", file, file], t)).toBe(2);
    expect(t.err()).toContain("notes.yaml is not an OpenAPI document");
  });

  it("--base REF reads the split sources at a git ref and compares the working tree", async () => {
    const repo = join(temp.dir, "repo");
    mkdirSync(join(repo, "specs", "wallet"), { recursive: true });
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.email=t@example.in", "-c", "user.name=t", ...args], {
        cwd: repo,
        stdio: "pipe",
      });
    git("init", "-q");
    writeFileSync(join(repo, "specs", "wallet", "openapi.yaml"), stringify(bundle("wallet")));
    git("add", "-A");
    git("commit", "-qm", "wallet");
    const same = io(repo);
    expect(await main(["diff", "--base", "HEAD"], same)).toBe(0);
    writeFileSync(join(repo, "specs", "wallet", "openapi.yaml"), stringify(broken));
    const t = io(repo);
    expect(await main(["diff", "--base", "HEAD"], t)).toBe(1);
    expect(t.out()).toContain("request-property-added-required");
    const bad = io(repo);
    expect(await main(["diff", "--base", "no-such-ref"], bad)).toBe(2);
    expect(bad.err()).toContain("--base no-such-ref: no such git ref");
  });

  it("rules lists every rule id with its severity", async () => {
    const t = io();
    expect(await main(["rules", "--json"], t)).toBe(0);
    const rules = JSON.parse(t.out()) as { id: string; severity: string }[];
    expect(rules.find((r) => r.id === "signature-field-order-changed")?.severity).toBe("breaking");
  });
});

describe("bin/pgi-contract.js", () => {
  it("--help exits 0 and names the commands; a breaking diff exits 1", () => {
    const help = spawnSync(process.execPath, [join(PACKAGE_DIR, "bin", "pgi-contract.js"), "--help"], {
      encoding: "utf8",
    });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain("pgi-contract diff OLD NEW");
    const dir = join(temp.dir, "bin");
    cpSync(old, dir, { recursive: true });
    const run = spawnSync(
      process.execPath,
      [join(PACKAGE_DIR, "bin", "pgi-contract.js"), "diff", dir, changed],
      { encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } },
    );
    expect(run.status).toBe(1);
    expect(run.stdout).toContain("1 breaking");
  });
});
