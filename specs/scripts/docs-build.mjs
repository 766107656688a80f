// Renders the Redoc reference: one static page per host (x-pgi-* rules shown in each operation) and an index.
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { parse, stringify } from "yaml";
import { collectExtensions, renderExtensions } from "./x-rules.mjs";

const run = promisify(execFile);
const specsDir = dirname(dirname(fileURLToPath(import.meta.url)));
const distDir = join(specsDir, "dist");
const docsDir = join(distDir, "docs");
const redocly = join(dirname(createRequire(import.meta.url).resolve("@redocly/cli/package.json")), "bin", "cli.js");
const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

/** Every operation of a document (paths, webhooks, and callbacks nested in them) with its title. */
export function* operationsOf(doc) {
  for (const [group, items] of [["paths", doc.paths ?? {}], ["webhooks", doc.webhooks ?? {}]]) {
    for (const [name, item] of Object.entries(items)) {
      for (const method of METHODS) {
        const op = item?.[method];
        if (!op) continue;
        yield { group, name, method, op };
        for (const [cbName, cb] of Object.entries(op.callbacks ?? {})) {
          for (const [expr, cbItem] of Object.entries(cb)) {
            for (const m of METHODS) if (cbItem?.[m]) yield { group: "callbacks", name: `${cbName} ${expr}`, method: m, op: cbItem[m] };
          }
        }
      }
    }
  }
}

/** The bundle with each operation's description extended by its rendered contract rules. */
function withRulesInDescriptions(doc) {
  for (const { op } of operationsOf(doc)) {
    op.description = `${op.description ?? ""}${renderExtensions(collectExtensions(doc, op))}`;
  }
  return doc;
}

function indexPage(pages) {
  const rows = pages
    .map((p) => `<li><a href="${p.host}.html">${p.title}</a> <code>${p.host}</code> — ${p.operations} operation(s), version ${p.version}</li>`)
    .join("\n      ");
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Payment gateway interface reference</title>
  <style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:3rem auto;line-height:1.5}code{color:#555}</style></head>
  <body>
    <h1>Payment gateway interface reference</h1>
    <p>One page per host. Each is rendered from the bundled contract in <code>specs/dist/</code>.</p>
    <ul>
      ${rows}
    </ul>
  </body>
</html>
`;
}

export async function buildDocs(hosts) {
  mkdirSync(join(docsDir, ".src"), { recursive: true });
  const pages = await Promise.all(
    hosts.map(async ({ host, title }) => {
      const doc = parse(readFileSync(join(distDir, `${host}.yaml`), "utf8"));
      const operations = [...operationsOf(doc)].length;
      const src = join(docsDir, ".src", `${host}.yaml`);
      writeFileSync(src, stringify(withRulesInDescriptions(doc), { lineWidth: 0, aliasDuplicateObjects: false }));
      await run(
        process.execPath,
        [redocly, "build-docs", src, "-o", join(docsDir, `${host}.html`), "--inlineBundle", "--title", `${doc.info.title} — reference`,
          "--openapi.showExtensions=true", "--openapi.expandResponses=200", "--openapi.jsonSamplesExpandLevel=3",
          "--openapi.showWebhookVerb=true"],
        { env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" }, maxBuffer: 16 << 20 },
      );
      return { host, title, operations, version: doc.info.version };
    }),
  );
  writeFileSync(join(docsDir, "index.html"), indexPage(pages));
  console.log(`docs: ${pages.length} page(s) and an index in specs/dist/docs/`);
}
