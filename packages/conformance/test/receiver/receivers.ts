// Real webhook receivers for the grader's tests, each an HTTP server on a free port of 127.0.0.1: one built on
// @pgi/webhooks, and small ones that each get one thing wrong.
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { SigningError, webhookSignature } from "@pgi/signing";
import { createNodeHandler } from "@pgi/webhooks";

/** A receiver listening on 127.0.0.1, and how to stop it. */
export interface RunningReceiver {
  url: string;
  /** How many requests it received (complete or not). */
  received(): number;
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** Starts `handler` on a free port of 127.0.0.1. */
export async function listen(handler: Handler, path = "/pgi/webhook"): Promise<RunningReceiver> {
  let count = 0;
  const server = createServer((req, res) => {
    count++;
    handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received: () => count,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** A hand-written receiver's view of a complete request: its raw body and Authorization header. */
type Answer = (raw: string, authorization: string | undefined) => Promise<number> | number;

/** A handler that reads the whole body (an aborted request is dropped) and answers `answer`'s status. */
function simple(answer: Answer): Handler {
  return (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      let status: number;
      try {
        status = await answer(Buffer.concat(chunks).toString("utf8"), req.headers.authorization);
      } catch {
        status = 500; // what a framework answers when a handler throws
      }
      res.statusCode = status;
      res.end(status === 200 ? '{"ok":true}' : `{"ok":false,"status":${status}}`);
    });
  };
}

/** The duplicate key of a parsed payload. */
const keyOf = (p: Record<string, unknown>) =>
  JSON.stringify([p.merchant_uuid, p.change_timestamp, p.event_name]);

/** Parses a body into a payload object, or gives the 400 to answer. */
function parsed(raw: string): Record<string, unknown> | 400 {
  try {
    const p = JSON.parse(raw) as unknown;
    return p && typeof p === "object" && !Array.isArray(p) ? (p as Record<string, unknown>) : 400;
  } catch {
    return 400;
  }
}

/** Verifies like the interface says (over the raw body); 401 or 400 when it does not. */
function verified(raw: string, authorization: string | undefined, secret: string): true | 400 | 401 {
  try {
    return webhookSignature.verify(raw, authorization, secret) ? true : 401;
  } catch (error) {
    if (!(error instanceof SigningError)) throw error;
    return error.name === "MissingSignatureError" || error.name === "MalformedDigestError" ? 401 : 400;
  }
}

/** The right receiver: @pgi/webhooks' node:http handler. */
export const good = (secret: string) => listen(createNodeHandler({ secret, onEvent: () => {} }));

/** @pgi/webhooks' handler, answering every request `delayMs` late (after the answer time). */
export const late = (secret: string, delayMs: number) => {
  const handler = createNodeHandler({ secret, onEvent: () => {} });
  return listen((req, res) => {
    const end = res.end.bind(res);
    res.end = ((...args: Parameters<typeof end>) => {
      setTimeout(() => end(...args), delayMs);
      return res;
    }) as typeof res.end;
    handler(req, res);
  });
};

/** Never checks the signature; otherwise fine (parses, de-duplicates, 200). */
export const noSignatureCheck = () => {
  const seen = new Set<string>();
  return listen(
    simple((raw) => {
      const p = parsed(raw);
      if (p === 400) return 400;
      seen.add(keyOf(p));
      return 200;
    }),
  );
};

/** Verifies the signature over JSON.stringify(JSON.parse(body)) instead of the body received. */
export const reserialised = (secret: string) =>
  listen(
    simple((raw, authorization) => {
      const p = parsed(raw);
      if (p === 400) return 400;
      const v = verified(JSON.stringify(p), authorization, secret);
      return v === true ? 200 : v;
    }),
  );

/** Rebuilds the signed text from a typed model: mid (and every number) as text made from a JavaScript number. */
export const midAsText = (secret: string) =>
  listen(
    simple((raw, authorization) => {
      const p = parsed(raw);
      if (p === 400) return 400;
      if (!authorization) return 401;
      const model = { ...p, mid: String(p.mid), change_timestamp: String(p.change_timestamp) };
      const text = Object.keys(model)
        .sort()
        .map((k) => `${k}${String(model[k as keyof typeof model])}`)
        .join("");
      const want = createHmac("sha256", secret).update(text).digest();
      const got = Buffer.from(authorization.trim(), "hex");
      return got.length === want.length && timingSafeEqual(got, want) ? 200 : 401;
    }),
  );

/** Verifies correctly, and answers a delivery it has seen before with 500. */
export const fiveHundredOnDuplicate = (secret: string) => {
  const seen = new Set<string>();
  return listen(
    simple((raw, authorization) => {
      const v = verified(raw, authorization, secret);
      if (v !== true) return v;
      const p = parsed(raw) as Record<string, unknown>;
      if (seen.has(keyOf(p))) return 500;
      seen.add(keyOf(p));
      return 200;
    }),
  );
};

/** Parses the body before anything else, so an empty body throws: the framework answers 500. */
export const crashOnEmptyBody = (secret: string) =>
  listen(
    simple((raw, authorization) => {
      if (raw === "") JSON.parse(raw); // throws: "Unexpected end of JSON input"
      const v = verified(raw, authorization, secret);
      return v === true ? 200 : v;
    }),
  );

/** Drops the connection without an answer on an empty body (a worker that dies on it). */
export const dropOnEmptyBody = (secret: string) =>
  listen((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      if (raw === "") {
        req.socket.destroy();
        return;
      }
      const v = verified(raw, req.headers.authorization, secret);
      res.statusCode = v === true ? 200 : v;
      res.end();
    });
  });

/** Verifies correctly; the first delivery of each event fails with 503 (a transient error), later ones get 200. */
export const failsOnce = (secret: string) => {
  const seen = new Set<string>();
  return listen(
    simple((raw, authorization) => {
      const v = verified(raw, authorization, secret);
      if (v !== true) return v;
      const key = keyOf(parsed(raw) as Record<string, unknown>);
      if (seen.has(key)) return 200;
      seen.add(key);
      return 503;
    }),
  );
};

/** Claims each event on its first delivery, fails it with 503, then refuses every later delivery as in progress. */
export const stuckClaim = (secret: string) => {
  const claimed = new Set<string>();
  return listen(
    simple((raw, authorization) => {
      const v = verified(raw, authorization, secret);
      if (v !== true) return v;
      const key = keyOf(parsed(raw) as Record<string, unknown>);
      if (claimed.has(key)) return 409;
      claimed.add(key);
      return 503;
    }),
  );
};

/** Reads the request and never answers. */
export const hangs = () => listen((req) => req.resume());
