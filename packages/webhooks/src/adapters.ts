// Adapters of the receiving core: node:http, Express/Fastify-style middleware, and the Fetch API.
import type { IncomingMessage, ServerResponse } from "node:http";
import { refuse, type WebhookAnswer } from "./answers.js";
import { BODY_LIMIT, readFetchBody, readNodeBody, TOO_LARGE, UNREADABLE } from "./body.js";
import { RawBodyRequiredError } from "./errors.js";
import { createWebhookHandler, type WebhookHandler } from "./handler.js";
import type { WebhookHandlerOptions } from "./options.js";

export { BODY_LIMIT } from "./body.js";

const NOT_POST = refuse(405, "method_not_allowed", "method: webhooks are delivered with POST");
const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Writes an answer; a refused body closes the connection so the rest of it is not read. Never throws. */
function write(res: ServerResponse, answer: WebhookAnswer): void {
  if (res.headersSent || res.destroyed) return;
  const body = JSON.stringify(answer.body);
  const headers: Record<string, string | number> = {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
  };
  if (answer.status === 405) headers.allow = "POST";
  if (answer === TOO_LARGE || answer === UNREADABLE) headers.connection = "close";
  try {
    res.writeHead(answer.status, headers);
    res.end(body);
  } catch {
    res.destroy();
  }
}

/** Answers a raw body through the core, or the body reader's refusal. */
const through = async (core: WebhookHandler, raw: Uint8Array | string | WebhookAnswer, signature?: string) =>
  raw instanceof Uint8Array || typeof raw === "string" ? core.handle(raw, signature) : raw;

/**
 * A node:http request listener. Aborted or erroring uploads are answered (or dropped) without a rejection.
 *
 * @example
 * http.createServer(createNodeHandler({ secret, onEvent: (e) => db.save(e) })).listen(8080);
 */
export function createNodeHandler(options: WebhookHandlerOptions) {
  const core = createWebhookHandler(options);
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      if (req.method !== "POST") {
        req.resume();
        return write(res, NOT_POST);
      }
      write(res, await through(core, await readNodeBody(req), header(req.headers.authorization)));
    } catch {
      res.destroy(); // unreachable in practice: the core and the reader never throw
    }
  };
}

/** The request shape of Express/Fastify-style middleware (req.body set by express.raw, or the stream unread). */
type MiddlewareRequest = IncomingMessage & { body?: unknown };

/** True for the `{}` body parsers leave when they skipped the request (its stream is then still unread). */
const isEmptyObject = (v: unknown) =>
  v !== null &&
  typeof v === "object" &&
  Object.getPrototypeOf(v) === Object.prototype &&
  Object.keys(v).length === 0;

/**
 * Express-style middleware `(req, res, next)`. Mount it with `express.raw({ type: "application/json" })` or
 * before any body parser. Every other body shape (parsed JSON of any kind, or a stream already consumed) is
 * refused through `next(error)` with a RawBodyRequiredError; it never hangs.
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
      const body = req.body;
      let raw: Uint8Array | string | WebhookAnswer;
      if (body instanceof Uint8Array || typeof body === "string") {
        raw = Buffer.byteLength(body) > BODY_LIMIT ? TOO_LARGE : body;
      } else if ((body === undefined || isEmptyObject(body)) && !req.readableEnded && !req.destroyed) {
        raw = await readNodeBody(req);
      } else {
        return next(new RawBodyRequiredError());
      }
      write(res, await through(core, raw, header(req.headers.authorization)));
    } catch (error) {
      next(error);
    }
  };
}

/**
 * A Fetch-API handler `(Request) => Response` for Workers, Deno, Bun, Next.js route handlers and Hono. The body
 * is read chunk by chunk and refused as soon as it is over BODY_LIMIT.
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
    return respond(
      await through(core, await readFetchBody(request), request.headers.get("authorization") ?? undefined),
    );
  };
}
