import { createHash } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalRegistry, packageNameOf, startLocalRegistry } from "./local-registry.mjs";
import { childEnv, run } from "./processes.mjs";

let dir: string;
let registry: LocalRegistry;
const bytes = Buffer.from("not really a tarball, but bytes with an integrity");

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "pgi-registry-"));
  await writeFile(join(dir, "pgi-fake-1.2.3.tgz"), bytes);
  await writeFile(join(dir, "other-1.0.0.tgz"), bytes);
  registry = await startLocalRegistry(
    [
      {
        manifest: { name: "@pgi/fake", version: "1.2.3", dependencies: { yaml: "^2" } },
        tarball: join(dir, "pgi-fake-1.2.3.tgz"),
      },
      { manifest: { name: "other", version: "1.0.0" }, tarball: join(dir, "other-1.0.0.tgz") },
    ],
    "@pgi",
  );
});
afterAll(async () => {
  await registry?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("packageNameOf", () => {
  it.each([
    ["/@pgi%2fclient", "@pgi/client"],
    ["/@pgi%2Fclient", "@pgi/client"],
    ["/@pgi/client", "@pgi/client"],
    ["/@pgi%2fclient?write=true", "@pgi/client"],
    ["/left-pad", undefined],
    ["/@pgi%2f..%2f..", undefined],
    ["/", undefined],
  ])("%s", (path, name) => {
    expect(packageNameOf(path)).toBe(name);
  });
});

describe("the local registry", () => {
  it("serves the scope's packument: its only version as latest, with the tarball's URL and integrity", async () => {
    const res = await fetch(`${registry.url}@pgi%2ffake`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      "dist-tags": Record<string, string>;
      versions: Record<string, { dependencies: unknown; dist: { integrity: string; tarball: string } }>;
    };
    expect(doc["dist-tags"]).toEqual({ latest: "1.2.3" });
    const v = doc.versions["1.2.3"];
    if (!v) throw new Error("no version 1.2.3");
    expect(v.dependencies).toEqual({ yaml: "^2" });
    expect(v.dist.integrity).toBe(`sha512-${createHash("sha512").update(bytes).digest("base64")}`);
    const tarball = await fetch(v.dist.tarball);
    expect(Buffer.from(await tarball.arrayBuffer())).toEqual(bytes);
  });

  it("nothing outside the scope, nothing unknown, and nothing but reads", async () => {
    expect((await fetch(`${registry.url}other`)).status).toBe(404);
    expect((await fetch(`${registry.url}@pgi%2fnope`)).status).toBe(404);
    expect((await fetch(`${registry.url}tarballs/other-1.0.0.tgz`)).status).toBe(404);
    expect((await fetch(`${registry.url}@pgi%2ffake`, { method: "PUT", body: "{}" })).status).toBe(405);
  });

  it("npm, given only registry.env, resolves the scope through it", async () => {
    const { stdout } = await run("npm", ["view", "@pgi/fake", "version"], {
      cwd: dir,
      env: childEnv(registry.env),
      timeoutMs: 60_000,
    });
    expect(stdout.trim()).toBe("1.2.3");
    expect(registry.requests).toContain("GET /@pgi%2ffake");
  });
});
