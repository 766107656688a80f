// Renders the Redoc reference: one static page per host (x-pgi-* rules shown in each operation) and an index.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { collectExtensions, renderExtensions } from "./x-rules.mjs";

const specsDir = dirname(dirname(fileURLToPath(import.meta.url)));
const distDir = join(specsDir, "dist");
const docsDir = join(distDir, "docs");
const redocBundle = createRequire(import.meta.url).resolve("redoc/bundles/redoc.standalone.js");
const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

/** Every operation of a document (paths, webhooks, and callbacks nested in them) with its title. */
export function* operationsOf(doc) {
  for (const [group, items] of [
    ["paths", doc.paths ?? {}],
    ["webhooks", doc.webhooks ?? {}],
  ]) {
    for (const [name, item] of Object.entries(items)) {
      for (const method of METHODS) {
        const op = item?.[method];
        if (!op) continue;
        yield { group, name, method, op };
        for (const [cbName, cb] of Object.entries(op.callbacks ?? {})) {
          for (const [expr, cbItem] of Object.entries(cb)) {
            for (const m of METHODS)
              if (cbItem?.[m])
                yield { group: "callbacks", name: `${cbName} ${expr}`, method: m, op: cbItem[m] };
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
    .map(
      (p) =>
        `<li><a href="${p.host}.html">${p.title}</a> <code>${p.host}</code> — ${p.operations} operation(s), version ${p.version}</li>`,
    )
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

function hostPage(doc, host) {
  // `<` is escaped so the JSON can never close the script element it sits in.
  const spec = JSON.stringify(doc).replace(/</g, "\\u003c");
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${doc.info.title} — reference</title>
    <style>body{margin:0;padding:0}</style>
  </head>
  <body>
    <div id="redoc"></div>
    <script id="spec" type="application/json">${spec}</script>
    <script src="redoc.standalone.js"></script>
    <script>
      Redoc.init(JSON.parse(document.getElementById("spec").textContent), ${JSON.stringify(REDOC_OPTIONS)}, document.getElementById("redoc"));
    </script>
    <noscript>This reference needs JavaScript; the contract itself is <a href="${host}.yaml">${host}.yaml</a>.</noscript>
  </body>
</html>
`;
}

const REDOC_OPTIONS = {
  showExtensions: true,
  expandResponses: "200,201",
  jsonSampleExpandLevel: 4,
  showWebhookVerb: true,
  sortTagsAlphabetically: false,
  pathInMiddlePanel: true,
  requiredPropsFirst: true,
  hideHostname: false,
};

/** Renders every host's page (with the bundle beside it for download) and the index into specs/dist/docs/. */
export async function buildDocs(hosts) {
  mkdirSync(docsDir, { recursive: true });
  copyFileSync(redocBundle, join(docsDir, "redoc.standalone.js"));
  const pages = hosts.map(({ host, title }) => {
    const doc = parse(readFileSync(join(distDir, `${host}.yaml`), "utf8"));
    const operations = [...operationsOf(doc)].length;
    copyFileSync(join(distDir, `${host}.yaml`), join(docsDir, `${host}.yaml`));
    writeFileSync(join(docsDir, `${host}.html`), hostPage(withRulesInDescriptions(doc), host));
    return { host, title, operations, version: doc.info.version };
  });
  writeFileSync(join(docsDir, "index.html"), indexPage(pages));
  console.log(`docs: ${pages.length} page(s) and an index in specs/dist/docs/`);
}
