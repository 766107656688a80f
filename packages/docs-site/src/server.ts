// A small static server for the built site, bound to 127.0.0.1, with the right content type per file.
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { extname, join, normalize, sep } from "node:path";
import { SITE_DIR } from "./paths.js";

/** Content type of each file extension the site contains. */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".yaml": "application/yaml; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};

/** A running docs server. */
export interface DocsServer {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/** Options of {@link startDocsServer}. */
export interface DocsServerOptions {
  /** Port to listen on; 0 picks a free one. */
  readonly port: number;
  readonly host?: string;
  readonly dir?: string;
}

/** The file a request path maps to inside `dir`, or undefined when it would leave it. */
export function resolveRequestPath(dir: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const rel = decoded === "/" || decoded === "" ? "/index.html" : decoded;
  if (rel.includes("\0")) return undefined;
  const file = normalize(join(dir, rel));
  return file.startsWith(dir + sep) ? file : undefined;
}

function handler(dir: string): Parameters<typeof createServer>[1] {
  return async (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD", "content-type": "text/plain" }).end("method not allowed\n");
      return;
    }
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    const file = resolveRequestPath(dir, path);
    const body = file ? await readFile(file).catch(() => undefined) : undefined;
    if (!file || !body) {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end(`not found: ${path}\n`);
      return;
    }
    res.writeHead(200, {
      "content-type": CONTENT_TYPES[extname(file)] ?? "application/octet-stream",
      "content-length": body.length,
      "x-content-type-options": "nosniff",
      "cache-control": "no-cache",
    });
    res.end(req.method === "HEAD" ? undefined : body);
  };
}

/**
 * Serves the built site; rejects with the listen error (e.g. `EADDRINUSE`) when the port is taken.
 *
 * @example
 * const server = await startDocsServer({ port: 0 });
 * console.log(server.url); // http://127.0.0.1:PORT
 * await server.close();
 */
export function startDocsServer(options: DocsServerOptions): Promise<DocsServer> {
  const host = options.host ?? "127.0.0.1";
  const server: Server = createServer(handler(options.dir ?? SITE_DIR));
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, host, () => {
      server.off("error", reject);
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : options.port;
      resolve({
        url: `http://${host}:${port}`,
        port,
        close: () =>
          new Promise<void>((r) => {
            server.close(() => r());
            server.closeAllConnections();
          }),
      });
    });
  });
}
