// The root commands as a user types them, from the repository's root (the packages they need are built first by
// turbo, since this package depends on them): `pnpm --silent sign` prints the digest alone.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

function pnpm(
  args: string[],
  input: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("pnpm", args, { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

describe("pnpm --silent sign", () => {
  it("with the build fresh: the digest alone on stdout, nothing on stderr", async () => {
    const fields = {
      key: "Jx7Kq2",
      txnid: "T1",
      amount: "1.00",
      productinfo: "p",
      firstname: "A",
      email: "",
    };
    const r = await pnpm(["--silent", "sign", "payment-request", "--secret", "s"], JSON.stringify(fields));
    expect(r).toEqual({ code: 0, stdout: expect.stringMatching(/^[0-9a-f]{128}\n?$/), stderr: "" });
  });
});
