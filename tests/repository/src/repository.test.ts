// The repository explains itself truthfully: links resolve, nothing points at notes a clone does not have, and the
// configuration table of docs/architecture.md is the specs' host index.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CONFIGURATION, HOSTS } from "@pgi/specs/hosts";
import { describe, expect, it } from "vitest";
import { anchors, markdownFiles, ROOT, relativeLinks } from "./markdown-files.js";

const files = markdownFiles();

describe("the repository's Markdown", () => {
  it("finds the files it checks", () => {
    expect(files).toContain("README.md");
    expect(files).toContain("docs/architecture.md");
    expect(files).toContain("CONTRIBUTING.md");
  });

  it.each(files)("%s: every relative link and anchor resolves", (file) => {
    const broken: string[] = [];
    for (const { link, path, anchor } of relativeLinks(file)) {
      if (!existsSync(join(ROOT, path))) broken.push(`${link} (no ${path})`);
      else if (anchor && path.endsWith(".md") && !anchors(readFileSync(join(ROOT, path), "utf8")).has(anchor))
        broken.push(`${link} (no heading #${anchor} in ${path})`);
    }
    expect(broken).toEqual([]);
  });

  it.each(files)("%s: points at no design notes outside the repository", (file) => {
    const text = readFileSync(join(ROOT, file), "utf8");
    expect(text).not.toMatch(/DESIGN\.md|interface\.md|\/work\//);
  });
});

describe("docs/architecture.md's configuration table", () => {
  const text = readFileSync(join(ROOT, "docs", "architecture.md"), "utf8");
  const rows = new Map(
    [...text.matchAll(/^\| `(PGI_[A-Z_]+)` \| ([a-z]+) \| (yes|no) \| (yes|no) \| ([^|]*)\|/gm)].map((m) => [
      m[1],
      { host: m[2], secret: m[3] === "yes", suite: m[4] === "yes", options: m[5]?.trim() ?? "" },
    ]),
  );

  it("lists every configuration name of the specs, and no other", () => {
    const names = [...HOSTS.map((h) => h.env), ...CONFIGURATION.map((c) => c.name)];
    expect([...rows.keys()].sort()).toEqual([...names].sort());
  });
  it("gives each base URL its host", () => {
    for (const h of HOSTS) expect(rows.get(h.env)?.host).toBe(h.host);
  });
  it.each(CONFIGURATION.map((c) => [c.name, c] as const))(
    "%s: host, secrecy, suite and client options as the spec says",
    (_, c) => {
      const row = rows.get(c.name);
      expect(row).toMatchObject({ host: c.host, secret: c.secret, suite: c.suite === "required" });
      expect(row?.options).toBe(c.clientOptions.map((o) => `\`${o}\``).join(", "));
    },
  );
});
