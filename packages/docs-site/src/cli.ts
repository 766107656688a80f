// `pnpm reference`: serves the built docs site on 127.0.0.1; one-line errors for misuse and a busy port.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { HOST_PAGES } from "./html.js";
import { SITE_DIR } from "./paths.js";
import { startDocsServer } from "./server.js";

const HELP = `Usage: pnpm reference [--port N]

Serves the docs site (landing page, guides, reference per host, hash debugger) on http://127.0.0.1:PORT.
  --port N, -p N   port to listen on (default: PGI_DOCS_PORT or 8080; 0 picks a free one)
  --help, -h       this text
\`pnpm reference\` builds what is missing first; the site is in packages/docs-site/dist/site/.`;

/** Input/output of the CLI (injected by tests). */
export interface CliIo {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly siteDir?: string;
}

/** Parses a port value; returns an error message naming the rule when it is not one. */
export function parsePort(raw: string, source: string): number | string {
  if (!/^\d{1,5}$/.test(raw) || Number(raw) > 65535) {
    return `${source} must be a whole number from 0 to 65535, got "${raw}"`;
  }
  return Number(raw);
}

/**
 * Runs the CLI; resolves to an exit code, or to a `close` function while serving.
 *
 * @example
 * const result = await main(["--port", "0"], { out: console.log, err: console.error, env: process.env });
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number | (() => Promise<void>)> {
  let values: { port?: string | undefined; help?: boolean | undefined };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { port: { type: "string", short: "p" }, help: { type: "boolean", short: "h" } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    io.err(`pgi-reference: ${(error as Error).message.split("\n")[0]} (see --help)`);
    return 2;
  }
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const port =
    values.port !== undefined
      ? parsePort(values.port, "--port")
      : parsePort(io.env.PGI_DOCS_PORT || "8080", "PGI_DOCS_PORT");
  if (typeof port === "string") {
    io.err(`pgi-reference: ${port}`);
    return 2;
  }
  const dir = io.siteDir ?? SITE_DIR;
  if (!existsSync(join(dir, "index.html"))) {
    io.err("pgi-reference: the site is not built; run `pnpm build` (or `pnpm reference`, which builds it)");
    return 2;
  }
  try {
    const server = await startDocsServer({ port, dir });
    io.out(`Docs site on ${server.url}/  (Ctrl-C to stop)`);
    io.out(`  guides and landing page  ${server.url}/index.html`);
    for (const h of HOST_PAGES) io.out(`  ${h.title.padEnd(27)} ${server.url}/reference-${h.host}.html`);
    io.out(`  hash debugger            ${server.url}/debugger.html`);
    return server.close;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE")
      io.err(`pgi-reference: port ${port} is already in use; choose another with --port N`);
    else if (code === "EACCES")
      io.err(`pgi-reference: no permission to listen on port ${port}; use --port N above 1023`);
    else io.err(`pgi-reference: cannot listen on 127.0.0.1:${port} (${code ?? (error as Error).message})`);
    return 1;
  }
}
