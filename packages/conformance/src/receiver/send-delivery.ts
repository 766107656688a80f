// Sends one webhook delivery over node:http(s) on a fresh connection, bounded in time, and records what came back:
// the status and when it arrived, the answer's first bytes, or why nothing came back. Never throws.
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { Attempt, Delivery } from "./types.js";

/** How many bytes of an answer's body are kept for reports. */
export const HEAD_BYTES = 300;
/** An answer body is read up to this many bytes, then the connection is closed. */
const READ_LIMIT = 64 * 1024;

/** A transport error in a reader's words. */
export function transportError(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case "ECONNREFUSED":
      return "connection refused";
    case "ECONNRESET":
    case "EPIPE":
      return "the connection was closed without an answer";
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `host not found (${error.code})`;
    case "ETIMEDOUT":
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return `host unreachable (${error.code})`;
    default:
      return error.code ? `${error.message} (${error.code})` : error.message;
  }
}

const seconds = (ms: number) => `${ms < 10_000 ? (ms / 1000).toFixed(2) : Math.round(ms / 1000)} s`;

/**
 * Sends `d` as a POST to `url` and resolves with what came back within `timeoutMs`.
 *
 * @example
 * const attempt = await sendDelivery("http://127.0.0.1:8080/hook", delivery, 1_300);
 * attempt.status; // 200
 */
export function sendDelivery(url: URL, d: Delivery, timeoutMs: number, userAgent: string): Promise<Attempt> {
  const body = Buffer.from(d.body, "utf8");
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "content-length": String(body.length),
    "user-agent": userAgent,
  };
  if (d.authorization !== null) headers.authorization = d.authorization;
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  const t0 = performance.now();
  const elapsed = () => performance.now() - t0;
  return new Promise<Attempt>((resolve) => {
    let settled = false;
    let answered: { status: number; ms: number } | undefined;
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (extra: Partial<Attempt> = {}) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const head = Buffer.concat(chunks).subarray(0, HEAD_BYTES).toString("utf8");
      resolve({
        ms: answered?.ms ?? elapsed(),
        head,
        ...(answered ? { status: answered.status } : {}),
        ...extra,
      });
      req.destroy();
    };
    const req = send(url, { method: "POST", headers, agent: false });
    const timer = setTimeout(
      () =>
        finish(
          answered ? {} : { error: `no answer within ${seconds(timeoutMs)}`, ms: elapsed(), timedOut: true },
        ),
      timeoutMs,
    );
    req.on("response", (res: IncomingMessage) => {
      answered = { status: res.statusCode ?? 0, ms: elapsed() };
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (chunks.reduce((n, c) => n + c.length, 0) < HEAD_BYTES) chunks.push(chunk);
        if (size > READ_LIMIT) finish();
      });
      res.on("end", () => finish());
      res.on("error", () => finish());
      res.on("close", () => finish());
    });
    // After an answer, a failing write (the endpoint closed early, e.g. a 413 before the whole body) is not an error.
    req.on("error", (error: NodeJS.ErrnoException) =>
      finish(answered ? {} : { error: transportError(error), ms: elapsed() }),
    );
    if (d.cutAfter !== undefined) {
      const cut = Math.min(d.cutAfter, body.length);
      req.write(body.subarray(0, cut), () => {
        // Give the bytes a moment on the wire, then drop the connection before the body is complete.
        setTimeout(
          () => finish({ error: `the grader closed the connection after ${cut} of ${body.length} bytes` }),
          20,
        );
      });
      return;
    }
    req.end(body);
  });
}
