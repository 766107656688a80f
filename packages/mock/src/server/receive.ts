// The first stage: read a request off the socket (headers lower-cased, body up to the limit) into one plain value.
import type { IncomingMessage } from "node:http";

/** A request as read from the socket. */
export interface IncomingMockRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Record<string, string>;
  rawBody: string;
  /** The body limit in bytes, set when the body was over it (and not read): the answer is the documented 413. */
  bodyTooLarge?: number;
}

/** Reads the body; resolves `undefined` (and drains the socket) when it is larger than `limit` bytes. */
function readBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > limit) {
      req.resume();
      resolve(undefined);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners("data");
        req.resume();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () =>
      resolve(
        chunks.length === 1 ? (chunks[0] as Buffer).toString("utf8") : Buffer.concat(chunks).toString("utf8"),
      ),
    );
    req.on("error", reject);
  });
}

function lowerHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(", ") : v;
  }
  return out;
}

/**
 * Reads a request: method, path, query, lower-cased headers and the body (at most `bodyLimit` bytes).
 *
 * @example
 * const incoming = await receive(req, 1024 * 1024);
 * if (incoming.bodyTooLarge) console.log("over the limit");
 */
export async function receive(req: IncomingMessage, bodyLimit: number): Promise<IncomingMockRequest> {
  const url = new URL(req.url ?? "/", "http://mock.local");
  const rawBody = await readBody(req, bodyLimit);
  return {
    method: (req.method ?? "GET").toUpperCase(),
    path: url.pathname,
    search: url.searchParams,
    headers: lowerHeaders(req),
    rawBody: rawBody ?? "",
    ...(rawBody === undefined ? { bodyTooLarge: bodyLimit } : {}),
  };
}
