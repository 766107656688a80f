// Reading a request body with a size limit while it streams, for node:http and the Fetch API; never rejects.
import type { IncomingMessage } from "node:http";
import { refuse, type WebhookAnswer } from "./answers.js";

/** Largest body accepted (merchant status payloads are a few hundred bytes). */
export const BODY_LIMIT = 64 * 1024;

export const TOO_LARGE = refuse(413, "body_too_large", `body: over ${BODY_LIMIT} bytes`);
export const UNREADABLE = refuse(
  400,
  "body_unreadable",
  "body: the request stream failed or ended before its end",
);

/**
 * The raw body the core can verify: a string or bytes as received (an ArrayBuffer or any typed-array view is
 * taken as its bytes), or undefined for anything else, such as the object a JSON body parser leaves.
 *
 * @example
 * asRawBody(Buffer.from("{}")); // the same bytes
 * asRawBody({ mid: 1 }); // undefined: parsed already, the signed bytes are gone
 */
export function asRawBody(value: unknown): string | Uint8Array | undefined {
  if (typeof value === "string" || value instanceof Uint8Array) return value;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  return undefined;
}

const declaredTooLarge = (length: string | null | undefined) => Number(length ?? 0) > BODY_LIMIT;

/**
 * Reads a node:http request body, at most BODY_LIMIT bytes, stopping as soon as it is over. An aborted, erroring or
 * already consumed stream gives the UNREADABLE answer; the promise never rejects.
 *
 * @example
 * const raw = await readNodeBody(req);
 * if (!(raw instanceof Uint8Array)) return write(res, raw);
 */
export function readNodeBody(req: IncomingMessage): Promise<Uint8Array | WebhookAnswer> {
  const length = req.headers["content-length"];
  if (declaredTooLarge(Array.isArray(length) ? length[0] : length)) return Promise.resolve(TOO_LARGE);
  if (req.readableEnded || req.destroyed) return Promise.resolve(UNREADABLE);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (result: Uint8Array | WebhookAnswer) => {
      req.off("data", onData);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) done(TOO_LARGE);
      else chunks.push(chunk);
    };
    req.on("data", onData);
    req.once("end", () => done(Buffer.concat(chunks)));
    req.once("error", () => done(UNREADABLE));
    req.once("aborted", () => done(UNREADABLE));
    req.once("close", () => done(UNREADABLE)); // resolved already when the body ended: a no-op then
  });
}

/**
 * Reads a Fetch API request body chunk by chunk, at most BODY_LIMIT bytes: an oversized body is cancelled as soon
 * as it is over the limit, never buffered whole. Never rejects.
 *
 * @example
 * const raw = await readFetchBody(request);
 * if (!(raw instanceof Uint8Array)) return respond(raw);
 */
export async function readFetchBody(request: Request): Promise<Uint8Array | WebhookAnswer> {
  if (declaredTooLarge(request.headers.get("content-length"))) return TOO_LARGE;
  if (request.bodyUsed) return UNREADABLE;
  if (request.body === null) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > BODY_LIMIT) {
        reader.cancel().catch(() => {});
        return TOO_LARGE;
      }
      chunks.push(value);
    }
  } catch {
    return UNREADABLE;
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
