// A small static server for the rendered reference in specs/dist/docs, bound to 127.0.0.1 only.
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

export const DOCS_DIR = join(dirname(dirname(fileURLToPath(import.meta.url))), "dist", "docs");
const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".yaml": "text/yaml; charset=utf-8",
  ".css": "text/css",
};

/** Starts the server; resolves to `{ url, close }`. Port 0 picks a free port. */
export function startDocsServer({ port = 8080, host = "127.0.0.1", dir = DOCS_DIR } = {}) {
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    const rel = normalize(path === "/" ? "/index.html" : path).replace(/^(\.\.[/\\])+/, "");
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD" }).end("method not allowed\n");
      return;
    }
    try {
      const body = await readFile(join(dir, rel));
      const ext = rel.slice(rel.lastIndexOf("."));
      res.writeHead(200, { "content-type": TYPES[ext] ?? "application/octet-stream" });
      res.end(req.method === "HEAD" ? undefined : body);
    } catch {
      res.writeHead(404, { "content-type": "text/plain" }).end(`not found: ${path}\n`);
    }
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolve({
        url: `http://${host}:${address.port}`,
        close: () => new Promise((r) => server.close(() => r())),
      });
    });
  });
}
