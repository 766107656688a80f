import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childEnv, freePortRange } from "./processes.mjs";
import { checkPasted, heredocFile, runPasted, shellBlocks, USER_SECTION } from "./readme-blocks.mjs";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "pgi-pasted-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("shellBlocks and heredocFile", () => {
  const readme =
    "# x\n\n```sh\nnot this\n```\n\n## Use it\n\ntext\n\n```sh\na\n```\n\n```ts\nno\n```\n\n```bash\nb\n```\n\n## Next\n\n```sh\nnor this\n```\n";

  it("the sh and bash blocks of the section only, in order", () => {
    expect(shellBlocks(readme, "Use it")).toEqual(["a\n", "b\n"]);
    expect(() => shellBlocks(readme, "Missing")).toThrow('the README has no "## Missing" section');
    expect(() => shellBlocks("## Use it\n\n```ts\nx\n```\n", "Use it")).toThrow("has no sh block");
  });

  it("the root README's section installs from npm, writes a program and runs it against the mock", () => {
    const root = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
    const script = shellBlocks(root, USER_SECTION).join("\n");
    expect(script).toMatch(/npm install .*@pgi\/client/);
    expect(heredocFile(script)?.text).toMatch(/from "@pgi\/client"/);
    // No process of its own left to the user to stop: nothing sent to the background.
    expect(script).not.toMatch(/&\s*$/m);
  });

  it("heredocFile: the file and text of cat > FILE <<'TAG' ... TAG", () => {
    expect(heredocFile("x\ncat > a.mjs <<'JS'\nconst a = `JS`;\nJS\nnode a.mjs\n")).toEqual({
      file: "a.mjs",
      text: "const a = `JS`;\n",
    });
    expect(heredocFile("echo hi\n")).toBeUndefined();
  });
});

describe("runPasted and checkPasted", () => {
  it("runs in the folder, and reports (then stops) a process left in the background", async () => {
    const r = await runPasted("pwd\nsleep 120 &\necho done\n", {
      dir: join(dir, "a"),
      env: childEnv(),
      timeoutMs: 60_000,
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${join(dir, "a")}\ndone\n`);
    expect(r.leftovers).toEqual([expect.stringMatching(/^\d+ sleep 120$/)]);
    const again = await runPasted("true\n", { dir: join(dir, "b"), env: childEnv(), timeoutMs: 60_000 });
    expect(again.leftovers).toEqual([]);
  });

  it("fails on a non-zero exit, a missing success line, a leftover process, and a port still listening", async () => {
    const [port] = [await freePortRange(1)] as [number];
    const o = { env: childEnv(), timeoutMs: 60_000, expected: [/ok/], ports: [port] };
    await expect(checkPasted(["echo ok; false"], { ...o, dir: join(dir, "c") })).rejects.toThrow("exited 1");
    await expect(checkPasted(["echo nope"], { ...o, dir: join(dir, "d") })).rejects.toThrow(
      "did not print /ok/",
    );
    const listen = `node -e "require('net').createServer().listen(${port}, '127.0.0.1')" &\nsleep 1; echo ok`;
    await expect(checkPasted([listen], { ...o, dir: join(dir, "e") })).rejects.toThrow(
      "left processes running",
    );
    expect(await checkPasted(["echo ok"], { ...o, dir: join(dir, "f") })).toBe("ok\n");
  });
});
