// Adapters of the receiving core: node:http, Express/Fastify-style middleware, and the Fetch API.
import type { IncomingMessage, ServerResponse } from "node:http";
import { RawBodyRequiredError } from "./errors.js";
import { createWebhookHandler, type WebhookAnswer, type WebhookHandlerOptions } from "./handler.js";

/** Largest body accepted (merchant status payloads are a few hundred bytes). */
export const BODY_LIMIT = 64 * 1024;

function readRaw(req: IncomingMessage): Promise<Buffer | "too-large"> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > BODY_LIMIT) {
        req.removeAllListeners("data");
        req.resume();
        resolve("too-large");
        return;
      }
      chunks.push(c);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function write(res: ServerResponse, answer: WebhookAnswer): void {
  const body = JSON.stringify(answer.body);
  res.writeHead(answer.status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
  });
  res.end(body);
}

const tooLarge: WebhookAnswer = {
  status: 413,
  body: { ok: false, error: "body_too_large", message: `body: over ${BODY_LIMIT} bytes` },
};
const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

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
      res
        .writeHead(405, { allow: "POST", "content-type": "application/json" })
        .end('{"ok":false,"error":"method_not_allowed"}');
      return;
    }
    const raw = await readRaw(req);
    write(res, raw === "too-large" ? tooLarge : await core.handle(raw, header(req.headers.authorization)));
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
      let raw: Buffer | string | "too-large";
      if (Buffer.isBuffer(req.body) || typeof req.body === "string") raw = req.body;
      else if (
        req.body !== undefined &&
        req.body !== null &&
        typeof req.body === "object" &&
        Object.keys(req.body).length > 0
      ) {
        next(new RawBodyRequiredError());
        return;
      } else raw = await readRaw(req);
      write(res, raw === "too-large" ? tooLarge : await core.handle(raw, header(req.headers.authorization)));
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
  return async (request: Request): Promise<Response> => {
    if (request.method !== "POST")
      return Response.json(
        { ok: false, error: "method_not_allowed" },
        { status: 405, headers: { allow: "POST" } },
      );
    const raw = new Uint8Array(await request.arrayBuffer());
    const answer =
      raw.byteLength > BODY_LIMIT ? tooLarge : await core.handle(raw, request.headers.get("authorization"));
    return Response.json(answer.body, { status: answer.status });
  };
}
