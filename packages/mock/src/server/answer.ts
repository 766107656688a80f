// The last stage: write a MockResponse to the socket (JSON with exact integers, header values made safe).
import { type ServerResponse, STATUS_CODES } from "node:http";
import { exactJson } from "../core/exact-json.js";
import type { MockResponse } from "../types.js";

const UNSAFE = /[^\x20-\x7e]/g;
const escapeHeader = (v: string) =>
  v.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

const rendered = new WeakMap<MockResponse, { payload: string; type: string | undefined }>();

function render(answer: MockResponse): { payload: string; type: string | undefined } {
  const known = rendered.get(answer);
  if (known) return known;
  let payload: string;
  let type = answer.contentType;
  if (answer.body === undefined || answer.body === null) payload = "";
  else if (typeof answer.body === "string") {
    payload = answer.body;
    type ??= "text/plain; charset=utf-8";
  } else {
    // Identifiers held as ExactInteger (64-bit payout merchant ids) are written from their digits.
    payload = exactJson(answer.body);
    type ??= "application/json";
  }
  return { payload, type };
}

/**
 * Marks an answer that is sent again and again unchanged (a stored example): its body is written out once, here.
 * The answer must not be changed afterwards.
 *
 * @example
 * const stored = prepare({ status: 200, body: example });
 */
export function prepare(answer: MockResponse): MockResponse {
  rendered.set(answer, render(answer));
  return answer;
}

/**
 * Sends an answer: an object body as JSON (ExactInteger identifiers written from their digits), a string as is.
 * Hints and violations quote the caller's input, so header values are escaped to what a header may carry.
 *
 * @example
 * send(res, { status: 200, body: { ok: true } }); // content-type application/json
 */
export function send(res: ServerResponse, answer: MockResponse): void {
  if (res.headersSent) return;
  const { payload, type } = render(answer);
  const headers: Record<string, string> = {};
  if (answer.headers) for (const k in answer.headers) headers[k] = escapeHeader(answer.headers[k] as string);
  if (payload.length > 0 && type) headers["content-type"] = type;
  headers["content-length"] = String(Buffer.byteLength(payload));
  res.writeHead(answer.status, headers);
  res.end(payload);
}

/**
 * An answer as the raw bytes of an HTTP/1.1 response that closes the connection, for a socket no request handler
 * owns (a CONNECT, a connection of blank lines, a request the parser refused).
 *
 * @example
 * socket.end(rawAnswer(problem(405, "Method not allowed", "CONNECT: the mock is not a proxy")));
 */
export function rawAnswer(answer: MockResponse, date = new Date()): string {
  const { payload, type } = render(answer);
  const lines = [`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? "Unknown"}`];
  if (answer.headers)
    for (const k in answer.headers) lines.push(`${k}: ${escapeHeader(answer.headers[k] as string)}`);
  if (payload.length > 0 && type) lines.push(`content-type: ${type}`);
  lines.push(
    `content-length: ${Buffer.byteLength(payload)}`,
    `date: ${date.toUTCString()}`,
    "connection: close",
  );
  return `${lines.join("\r\n")}\r\n\r\n${payload}`;
}
