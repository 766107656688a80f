// Test helpers: the package's built bundles as plain objects, and temp copies of them on disk.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { stringify } from "yaml";

export const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), "..");
export const SPECS_DIR = join(PACKAGE_DIR, "dist", "specs");
export const REPO_DIR = join(PACKAGE_DIR, "..", "..");
export const HOSTS = ["otp", "gateway", "wallet", "partner", "accounts", "payout", "bbps"];

// biome-ignore lint/suspicious/noExplicitAny: bundles are mutated freely by the planted-change table.
export type Doc = any;

/** A fresh copy of one host's built bundle. */
export function bundle(host: string): Doc {
  return JSON.parse(readFileSync(join(SPECS_DIR, `${host}.json`), "utf8"));
}

/** A temp folder, removed by the returned function. */
export function tempDir(prefix = "pgi-contract-"): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Writes bundles (host → document) into `dir` as YAML (or JSON). */
export function writeBundles(
  dir: string,
  docs: Record<string, Doc>,
  format: "yaml" | "json" = "yaml",
): string {
  mkdirSync(dir, { recursive: true });
  for (const [host, doc] of Object.entries(docs)) {
    const text =
      format === "yaml"
        ? stringify(doc, { lineWidth: 0, aliasDuplicateObjects: false })
        : JSON.stringify(doc, null, 2);
    writeFileSync(join(dir, `${host}.${format}`), text);
  }
  return dir;
}
