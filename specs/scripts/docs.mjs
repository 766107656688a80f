// `pnpm docs`: builds the reference if needed, then serves it on 127.0.0.1 until interrupted.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { buildDocs } from "./docs-build.mjs";
import { DOCS_DIR, startDocsServer } from "./docs-server.mjs";
import { HOSTS } from "./hosts.mjs";

const { values } = parseArgs({
  options: {
    port: { type: "string", short: "p" },
    rebuild: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  },
});
if (values.help) {
  console.log(`Usage: pnpm docs [--port N] [--rebuild]

Serves the Redoc reference (one page per host and an index) on http://127.0.0.1:PORT.
  --port N     port to listen on (default: PGI_DOCS_PORT or 8080; 0 picks a free one)
  --rebuild    render the pages again from specs/dist/*.yaml before serving
Run \`pnpm build\` first: it lints and bundles the specs and renders the pages.`);
  process.exit(0);
}
const missing = HOSTS.filter((h) => !existsSync(join(DOCS_DIR, `${h.host}.html`)));
if (values.rebuild || missing.length > 0) await buildDocs(HOSTS);
const port = Number(values.port ?? process.env.PGI_DOCS_PORT ?? 8080);
const { url } = await startDocsServer({ port });
console.log(`Reference docs on ${url}/  (Ctrl-C to stop)`);
for (const h of HOSTS) console.log(`  ${h.title.padEnd(28)} ${url}/${h.host}.html`);
