// Builds the contract: lints every host with our Redocly config (zero problems allowed), bundles each into
// specs/dist/<host>.yaml, and writes the host index (specs/dist/hosts.json and hosts.ts) from each spec's x-pgi-host.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundle, formatProblems, getTotals, lint, loadConfig } from "@redocly/openapi-core";
import { stringify } from "yaml";
import { HOSTS, hostIndexModule, readHostIndex } from "./hosts.mjs";

const specsDir = dirname(dirname(fileURLToPath(import.meta.url)));
const distDir = join(specsDir, "dist");
const config = await loadConfig({ configPath: join(specsDir, "..", "redocly.yaml") });

/** Lints one host; returns the number of problems (errors and warnings alike). */
async function lintHost({ host, alias }) {
  const apiConfig = config.forAlias ? config.forAlias(alias) : config;
  const problems = await lint({ ref: join(specsDir, host, "openapi.yaml"), config: apiConfig });
  const totals = getTotals(problems);
  const count = totals.errors + totals.warnings;
  if (count > 0) formatProblems(problems, { format: "stylish", totals, version: "pgi" });
  return count;
}

async function bundleHost({ host, alias }) {
  const apiConfig = config.forAlias ? config.forAlias(alias) : config;
  const result = await bundle({ ref: join(specsDir, host, "openapi.yaml"), config: apiConfig });
  const hardProblems = result.problems.filter((p) => p.severity === "error");
  if (hardProblems.length > 0) {
    formatProblems(hardProblems, { format: "stylish", totals: getTotals(hardProblems), version: "pgi" });
    throw new Error(`bundling ${host} failed`);
  }
  const text = `# Bundled from specs/${host}/ by \`pnpm build\`: self-contained, do not edit.\n${stringify(result.bundle.parsed, { lineWidth: 0, aliasDuplicateObjects: false })}`;
  writeFileSync(join(distDir, `${host}.yaml`), text);
}

const only = process.argv.slice(2);
const hosts = only.length ? HOSTS.filter((h) => only.includes(h.host)) : HOSTS;
mkdirSync(distDir, { recursive: true });

let problems = 0;
for (const h of hosts) problems += await lintHost(h);
if (problems > 0) {
  console.error(`\nspecs: ${problems} lint problem(s); the contract must lint clean.`);
  process.exit(1);
}
for (const h of hosts) await bundleHost(h);
// The host index (hosts and configuration names) for every package's build: JSON, and the TypeScript they copy.
const index = readHostIndex();
writeFileSync(join(distDir, "hosts.json"), `${JSON.stringify(index, null, 2)}\n`);
writeFileSync(join(distDir, "hosts.ts"), hostIndexModule(index));
console.log(`specs: ${hosts.length} host(s) linted clean and bundled into specs/dist/`);
