// Every adapter against aborted, erroring, oversized and already-parsed bodies: always an answer, never a hang.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { connect } from "node:net";
import { PassThrough } from "node:stream";
import { webhookSignature } from "@pgi/signing";
import { afterEach, describe, expect, it } from "vitest";
import { BODY_LIMIT, createFetchHandler, createMiddleware, createNodeHandler } from "../../src/adapters.js";
import { RawBodyRequiredError } from "../../src/errors.js";

const SECRET = "body-secret";
const signed = webhookSignature.sign(
  {
    previous_status: "Pending",
    current_status: "Approved",
    change_timestamp: 1,
    mid: 1,
    merchant_uuid: "m-body",
    event_name: "Website status update",
    error: "NA",
    remarks: "NA",
  },
  SECRET,
);
const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

async function listen(listener: (req: IncomingMessage, res: ServerResponse) => void): Promise<number> {
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return (server.address() as { port: number }).port;
}

/** Sends headers and part of a body over a raw socket, then closes it. */
function abortedUpload(port: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(
        `POST / HTTP/1.1\r\nHost: x\r\nAuthorization: ${signed.digest}\r\nContent-Length: 5000\r\n\r\n{"previous_status":`,
      );
      setTimeout(() => socket.destroy(), 20);
    });
    socket.on("close", () => resolve());
    socket.on("error", () => {});
  });
}

const post = (port: number) =>
  fetch(`http://127.0.0.1:${port}/`, {
    method: "POST",
    body: signed.body,
    headers: { authorization: signed.digest },
  }).then((r) => r.status);

describe("aborted uploads", () => {
  it.each([
    ["createNodeHandler", (o: Parameters<typeof createNodeHandler>[0]) => createNodeHandler(o)],
    [
      "createMiddleware",
      (o: Parameters<typeof createMiddleware>[0]) => {
        const mw = createMiddleware(o);
        return (req: IncomingMessage, res: ServerResponse) => void mw(req, res, () => res.destroy());
      },
    ],
  ])("%s survives uploads closed mid-body and answers the next delivery", async (_n, make) => {
    const seen: unknown[] = [];
    const port = await listen(make({ secret: SECRET, onEvent: (e) => void seen.push(e) }));
    await Promise.all(Array.from({ length: 20 }, () => abortedUpload(port)));
    expect(await post(port)).toBe(200);
    expect(seen).toHaveLength(1);
  });
});

describe("middleware after a body parser", () => {
  /** Runs the middleware on a request whose stream a parser already consumed, leaving `body`. */
  const consumed = async (body: unknown) => {
    const req = new PassThrough() as unknown as IncomingMessage & { body?: unknown };
    req.headers = { authorization: signed.digest };
    (req as unknown as PassThrough).end(signed.body);
    (req as unknown as PassThrough).resume();
    await new Promise((r) => (req as unknown as PassThrough).once("end", r));
    req.body = body;
    let status: number | undefined;
    const res = { writeHead: (s: number) => (status = s), end: () => {}, headersSent: false } as never;
    const error = await new Promise<unknown>((resolve) => {
      void createMiddleware({ secret: SECRET, onEvent: () => {} })(req, res, resolve).then(() =>
        resolve(status),
      );
    });
    return error;
  };

  it.each([
    ["{}", {}],
    ["an object", { a: 1 }],
    ["an array", [1]],
    ["an empty array", []],
    ["null", null],
    ["a number", 0],
    ["false", false],
    ["undefined (the stream was read by someone else)", undefined],
  ])("a parsed body that is %s is refused through next() with RawBodyRequiredError", async (_n, body) => {
    expect(await consumed(body)).toBeInstanceOf(RawBodyRequiredError);
  });

  it.each([
    ["a Buffer", Buffer.from(signed.body)],
    ["a string", signed.body],
    ["a Uint8Array", new TextEncoder().encode(signed.body)],
  ])("a raw body given as %s is answered", async (_n, body) => {
    expect(await consumed(body)).toBe(200);
  });

  it("the {} a parser leaves when it skipped the request is read from the still unread stream", async () => {
    const mw = createMiddleware({ secret: SECRET, onEvent: () => {} });
    const port = await listen((req, res) => {
      (req as IncomingMessage & { body?: unknown }).body = {};
      void mw(req, res, () => res.destroy());
    });
    expect(await post(port)).toBe(200);
  });
});

describe("Fetch handler bodies", () => {
  const handle = createFetchHandler({ secret: SECRET, onEvent: () => {} });
  const streamed = (body: ReadableStream<Uint8Array>) =>
    new Request("http://x/", {
      method: "POST",
      body,
      headers: { authorization: signed.digest },
      duplex: "half",
    } as RequestInit);

  it("stops reading an endless body just past the limit instead of buffering it", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(c) {
        pulled += 4096;
        c.enqueue(new Uint8Array(4096));
      },
    });
    const answer = await handle(streamed(endless));
    expect(answer.status).toBe(413);
    expect(pulled).toBeLessThan(BODY_LIMIT + 4 * 4096);
  });

  it("answers 400 body_unreadable when the body stream errors", async () => {
    const broken = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode("{"));
        c.error(new Error("connection reset"));
      },
    });
    const answer = await handle(streamed(broken));
    expect([answer.status, ((await answer.json()) as { error: string }).error]).toEqual([
      400,
      "body_unreadable",
    ]);
  });

  it("answers a body that arrives in many small chunks", async () => {
    const bytes = new TextEncoder().encode(signed.body);
    let at = 0;
    const trickle = new ReadableStream<Uint8Array>({
      pull(c) {
        if (at >= bytes.length) return c.close();
        c.enqueue(bytes.slice(at, at + 7));
        at += 7;
      },
    });
    expect((await handle(streamed(trickle))).status).toBe(200);
  });
});
