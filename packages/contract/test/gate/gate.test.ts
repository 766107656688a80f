// The release gate: the working specs against the last released bundles (released/), with the pending changesets.
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { changesetBump, checkReleaseGate } from "../../src/gate/release-gate.js";
import { bundle, PACKAGE_DIR, REPO_DIR, SPECS_DIR, tempDir, writeBundles } from "../helpers.js";

const RELEASED = join(PACKAGE_DIR, "released");
const temp = tempDir();
afterAll(() => temp.remove());

describe("the release gate of this repository", () => {
  it("the working specs have no breaking change that no pending changeset announces as major", () => {
    const result = checkReleaseGate({
      released: RELEASED,
      current: SPECS_DIR,
      changesets: join(REPO_DIR, ".changeset"),
    });
    // The message lists every unannounced breaking change with its rule and place.
    expect(result.ok, result.message).toBe(true);
  });
});

describe("the gate on temp copies", () => {
  const released = join(temp.dir, "released");
  cpSync(RELEASED, released, { recursive: true });
  const wallet = bundle("wallet");
  wallet.paths["/tokengenerate"].post["x-pgi-signature"].parts.reverse();
  const current = writeBundles(
    join(temp.dir, "current"),
    Object.fromEntries(
      ["otp", "gateway", "partner", "accounts", "payout", "bbps"].map((h) => [h, bundle(h)]),
    ),
  );
  writeBundles(current, { wallet });

  function changesets(name: string, files: Record<string, string>): string {
    const dir = join(temp.dir, name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "README.md"), "# Changesets\n");
    for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
    return dir;
  }

  it("fails on an unannounced breaking change and names it", () => {
    const result = checkReleaseGate({ released, current, changesets: changesets("none", {}) });
    expect(result.ok).toBe(false);
    expect(result.breaking.map((c) => c.rule)).toContain("signature-field-order-changed");
    expect(result.message).toContain('"@pgi/contract": major');
  });

  it("fails when the pending changeset is only minor, or major for another package", () => {
    const dir = changesets("minor", {
      "a.md": '---\n"@pgi/contract": minor\n---\n\nReordered.\n',
      "b.md": '---\n"@pgi/mock": major\n---\n\nOther.\n',
    });
    expect(checkReleaseGate({ released, current, changesets: dir }).ok).toBe(false);
  });

  it("passes with a pending changeset announcing a major version of @pgi/contract", () => {
    const dir = changesets("major", {
      "wallet-checksum-order.md":
        "---\n'@pgi/contract': major\n\"@pgi/signing\": major\n---\n\nWallet checksum order.\n",
    });
    const result = checkReleaseGate({ released, current, changesets: dir });
    expect(result.ok).toBe(true);
    expect(result.majorChangesets).toEqual(["wallet-checksum-order.md"]);
  });

  it("passes without any changeset when the changes are not breaking (a documented 503 on every operation)", () => {
    const added = Object.fromEntries(
      ["otp", "gateway", "wallet", "partner", "accounts", "payout", "bbps"].map((h) => {
        const doc = bundle(h);
        for (const item of Object.values(doc.paths) as Record<
          string,
          { responses?: Record<string, unknown> }
        >[]) {
          for (const op of Object.values(item))
            if (op?.responses)
              op.responses["503"] = { description: "Temporarily unavailable; retry after Retry-After." };
        }
        return [h, doc];
      }),
    );
    const dir = writeBundles(join(temp.dir, "with-503"), added);
    const result = checkReleaseGate({ released, current: dir, changesets: changesets("empty", {}) });
    expect(result.ok, result.message).toBe(true);
    expect(result.diff.summary.nonBreaking).toBeGreaterThan(10);
  });
});

describe("changesetBump", () => {
  it.each([
    ['---\n"@pgi/contract": major\n---\nx', "major"],
    ["---\n'@pgi/contract': patch\n---\nx", "patch"],
    ['---\n"@pgi/mock": major\n---\nx', undefined],
    ["no front matter", undefined],
    ["---\n: : bad yaml [\n---\n", undefined],
  ])("%j → %s", (text, bump) => {
    expect(changesetBump(text, "@pgi/contract")).toBe(bump);
  });
});
