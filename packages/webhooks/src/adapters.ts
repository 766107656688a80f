// Adapters of the receiving core: node:http, Express/Fastify-style middleware, and the Fetch API.
import type { IncomingMessage, ServerResponse } from "node:http";
import { RawBodyRequiredError } from "./errors.js";
import { createWebhookHandler, type WebhookAnswer, type WebhookHandlerOptions } from "./handler.js";

/** Largest body accepted (merchant status payloads are a few hundred bytes). */
export const BODY_LIMIT = 64 * 1024;

const TOO_LARGE: WebhookAnswer = {
  status: 413,
  body: { ok: false, error: "body_too_large", message: `body: over ${BODY_LIMIT} bytes` },
};
const NOT_POST: WebhookAnswer = {
  status: 405,
  body: { ok: false, error: "method_not_allowed", message: "method: webhooks are delivered with POST" },
};
const UNREADABLE: WebhookAnswer = {
  status: 400,
  body: { ok: false, error: "body_unreadable", message: "body: the request stream failed before its end" },
};
const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const declaredTooLarge = (length: string | null | undefined) => Number(length ?? 0) > BODY_LIMIT;

/** Reads the raw body, at most BODY_LIMIT bytes; never rejects. */
function readRaw(req: IncomingMessage): Promise<Buffer | WebhookAnswer> {
  if (declaredTooLarge(header(req.headers["content-length"]))) {
    req.resume();
    return Promise.resolve(TOO_LARGE);
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > BODY_LIMIT) {
        req.removeAllListeners("data");
        req.resume();
        resolve(TOO_LARGE);
        return;
      }
      chunks.push(c);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", () => resolve(UNREADABLE));
  });
}

function write(res: ServerResponse, answer: WebhookAnswer): void {
  const body = JSON.stringify(answer.body);
  const headers: Record<string, string | number> = {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
  };
  if (answer.status === 405) headers.allow = "POST";
  res.writeHead(answer.status, headers);
  res.end(body);
}

/**
 * A node:http request listener.
 *
 * @example
 * http.createServer(createNodeHandler({ secret, onEvent: (e) => db.save(e) })).listen(8080);
 */
export function createNodeHandler(options: WebhookHandlerOptions) {
  const core = createWebhookHandler(options);
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== "POST") {
      req.resume();
      write(res, NOT_POST);
      return;
    }
    const raw = await readRaw(req);
    write(res, Buffer.isBuffer(raw) ? await core.handle(raw, header(req.headers.authorization)) : raw);
  };
}

/** The request shape of Express/Fastify-style middleware (req.body set by express.raw, or the stream unread). */
type MiddlewareRequest = IncomingMessage & { body?: unknown };

/**
 * Express-style middleware `(req, res, next)`. Mount it with `express.raw({ type: "application/json" })` or
 * before any body parser; a parsed body is refused through `next(error)` with a RawBodyRequiredError.
 *
 * @example
 * app.post("/pgi/webhook", express.raw({ type: "application/json" }), createMiddleware({ secret, onEvent }));
 */
export function createMiddleware(options: WebhookHandlerOptions) {
  const core = createWebhookHandler(options);
  return async (
    req: MiddlewareRequest,
    res: ServerResponse,
    next: (error?: unknown) => void,
  ): Promise<void> => {
    try {
      let raw: Buffer | string | WebhookAnswer;
      const body = req.body;
      if (Buffer.isBuffer(body) || typeof body === "string") {
        raw = Buffer.byteLength(body) > BODY_LIMIT ? TOO_LARGE : body;
      } else if (
        body !== undefined &&
        body !== null &&
        typeof body === "object" &&
        Object.keys(body).length > 0
      ) {
        next(new RawBodyRequiredError());
        return;
      } else raw = await readRaw(req);
      const answer =
        Buffer.isBuffer(raw) || typeof raw === "string"
          ? await core.handle(raw, header(req.headers.authorization))
          : raw;
      write(res, answer);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * A Fetch-API handler `(Request) => Response` for Workers, Deno, Bun, Next.js route handlers and Hono.
 *
 * @example
 * export const POST = createFetchHandler({ secret: process.env.PGI_WEBHOOK_SECRET!, onEvent: save });
 */
export function createFetchHandler(options: WebhookHandlerOptions) {
  const core = createWebhookHandler(options);
  const respond = (a: WebhookAnswer) =>
    Response.json(a.body, { status: a.status, headers: a.status === 405 ? { allow: "POST" } : {} });
  return async (request: Request): Promise<Response> => {
    if (request.method !== "POST") return respond(NOT_POST);
    if (declaredTooLarge(request.headers.get("content-length"))) return respond(TOO_LARGE);
    let raw: Uint8Array;
    try {
      raw = new Uint8Array(await request.arrayBuffer());
    } catch {
      return respond(UNREADABLE);
    }
    if (raw.byteLength > BODY_LIMIT) return respond(TOO_LARGE);
    return respond(await core.handle(raw, request.headers.get("authorization")));
  };
}
