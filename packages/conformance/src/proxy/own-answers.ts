// Answers the proxy writes itself (refusals, timeouts, a busy or unreachable upstream), as problem+json.
import type { ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** An answer the proxy writes itself. */
export interface OwnAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Close the connection after this answer (the rest of the request is not read). */
  close?: boolean;
}

/** A text fit for a header value: printable ASCII only, at most 300 characters. */
export const headerSafe = (text: string): string => text.replace(/[^\x20-\x7e]/g, "?").slice(0, 300);

/**
 * A problem+json answer of the proxy; `detail` also goes in the `x-pgi-proxy-violation` header (HEAD answers have
 * no body).
 *
 * @example
 * problem(408, "Request timeout", "the request body did not arrive within 30000 ms", { close: true });
 */
export function problem(
  status: number,
  title: string,
  detail: string,
  options: { close?: boolean } = {},
): OwnAnswer {
  return {
    status,
    headers: { "content-type": "application/problem+json", "x-pgi-proxy-violation": headerSafe(detail) },
    body: JSON.stringify({ type: `https://pgi.dev/proxy/problems/${status}`, title, status, detail }),
    ...(options.close ? { close: true } : {}),
  };
}

/**
 * Writes an own answer on a response (with `Connection: close` when it closes the connection).
 *
 * @example
 * writeOwn(res, problem(400, "Ambiguous request framing", reason, { close: true }));
 */
export function writeOwn(res: ServerResponse, a: OwnAnswer): void {
  const headers: Record<string, string> = {
    ...a.headers,
    "content-length": String(Buffer.byteLength(a.body)),
  };
  if (a.close) headers.connection = "close";
  res.writeHead(a.status, headers);
  res.end(a.body);
}

const REASONS: Record<number, string> = {
  400: "Bad Request",
  408: "Request Timeout",
  431: "Request Header Fields Too Large",
};

/**
 * Writes an own answer straight on a socket whose request could not be parsed, then closes it.
 *
 * @example
 * server.on("clientError", (error, socket) => writeOnSocket(socket, problem(400, "Unparsable request", "…")));
 */
export function writeOnSocket(socket: Socket, a: OwnAnswer): void {
  const head = [
    `HTTP/1.1 ${a.status} ${REASONS[a.status] ?? "Error"}`,
    ...Object.entries(a.headers).map(([k, v]) => `${k}: ${v}`),
    `content-length: ${Buffer.byteLength(a.body)}`,
    "connection: close",
  ];
  socket.end(`${head.join("\r\n")}\r\n\r\n${a.body}`, () => socket.destroy());
}
