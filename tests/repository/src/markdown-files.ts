// The repository's own Markdown files (git-tracked and new, not ignored), and the links and anchors they hold.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

/** Every Markdown file of the repository, relative to its root (changelogs and changesets left out). */
export function markdownFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "*.md"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  return listed
    .split("\n")
    .filter(
      (f) => f && !f.includes("CHANGELOG.md") && !f.startsWith(".changeset/") && existsSync(join(ROOT, f)),
    );
}

/** The heading anchors of a Markdown text, as GitHub makes them. */
export function anchors(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const slug = (m[1] ?? "")
      .trim()
      .toLowerCase()
      .replace(/[`*_]/g, "")
      .replace(/[^\p{L}\p{N}\s-]/gu, "")
      .replace(/\s/g, "-");
    out.add(slug);
  }
  return out;
}

/** Every relative link of a Markdown file (outside code blocks), resolved against its folder. */
export function relativeLinks(file: string): { link: string; path: string; anchor?: string }[] {
  const text = readFileSync(join(ROOT, file), "utf8").replace(/```[\s\S]*?```/g, "");
  const out: { link: string; path: string; anchor?: string }[] = [];
  for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const link = m[1] ?? "";
    // Absolute URLs, and the docs site's own pages (guides link to reference-*.html: the site's test checks those).
    if (/^[a-z]+:/i.test(link) || link.startsWith("<") || /\.html(#|$)/.test(link)) continue;
    const [target = "", anchor] = link.split("#");
    const path = target === "" ? file : relative(ROOT, join(ROOT, dirname(file), target));
    out.push({ link, path, ...(anchor ? { anchor } : {}) });
  }
  return out;
}
