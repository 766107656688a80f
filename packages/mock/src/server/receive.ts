// The first stage: read a request off the socket (headers lower-cased, body up to the limit) into one plain value.
import type { IncomingMessage } from "node:http";

/** A request as read from the socket. */
export interface IncomingMockRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Record<string, string>;
  rawBody: string;
  /**
   * The body limit in bytes, set when the body was over it (read and dropped): the answer is the documented 413,
   * and the connection is closed after it.
   */
  bodyTooLarge?: number;
}

/**
 * How many bytes of an oversized body are read and dropped before the 413: the answer then closes a connection
 * that has nothing unread, so the client sees the 413 and a clean close, not a reset. Beyond this the 413 is sent
 * at once (and the close may reach the client as a reset while it is still sending).
 */
export function drainLimit(bodyLimit: number): number {
  return Math.max(bodyLimit * 16, 64 * 1024 * 1024);
}

/**
 * Reads the body; resolves `undefined` when it is larger than `limit` bytes, after reading the rest of it (up to
 * drainLimit) without keeping it.
 */
function readBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"] ?? 0);
    const cap = drainLimit(limit);
    if (declared > cap) {
      req.resume();
      resolve(undefined);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let over = declared > limit;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (!over && size > limit) {
        over = true;
        chunks.length = 0;
      }
      if (!over) chunks.push(chunk);
      else if (size > cap) {
        req.off("data", onData);
        req.resume();
        resolve(undefined);
      }
    };
    req.on("data", onData);
    req.on("end", () => {
      if (over) resolve(undefined);
      else
        resolve(
          chunks.length === 1
            ? (chunks[0] as Buffer).toString("utf8")
            : Buffer.concat(chunks).toString("utf8"),
        );
    });
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
