import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { webhookSignature } from "@pgi/signing";
import { describe, expect, it } from "vitest";
import { BODY_LIMIT, createFetchHandler, createMiddleware, createNodeHandler } from "./adapters.js";
import { RawBodyRequiredError } from "./errors.js";

const SECRET = "adapter-secret";
const PAYLOAD = {
  previous_status: "Pending",
  current_status: "Approved",
  change_timestamp: 1,
  mid: 1,
  merchant_uuid: "m-1",
  event_name: "Document status update",
  error: "NA",
  remarks: "NA",
};

describe("Fetch API handler", () => {
  it("answers 200 to a signed delivery, 401 to a tampered one, 405 to GET and 413 to a huge body", async () => {
    const seen: unknown[] = [];
    const handle = createFetchHandler({ secret: SECRET, onEvent: (e) => void seen.push(e) });
    const { body, digest } = webhookSignature.sign(PAYLOAD, SECRET);
    const post = (b: string, sig = digest) =>
      new Request("http://x/hook", { method: "POST", body: b, headers: { authorization: sig } });
    expect((await handle(post(body))).status).toBe(200);
    expect((await handle(post(body.replace("Approved", "Declined")))).status).toBe(401);
    expect((await handle(new Request("http://x/hook"))).status).toBe(405);
    expect((await handle(post("x".repeat(BODY_LIMIT + 1)))).status).toBe(413);
    const declared = new Request("http://x/hook", {
      method: "POST",
      body: "{}",
      headers: { authorization: digest, "content-length": String(BODY_LIMIT + 1) },
    });
    expect((await handle(declared)).status).toBe(413);
    expect(seen).toHaveLength(1);
  });
});

describe("middleware", () => {
  const response = () => {
    const out: { status?: number; body?: string } = {};
    return {
      out,
      res: {
        writeHead(status: number) {
          out.status = status;
          return this;
        },
        end(body: string) {
          out.body = body;
        },
      } as never,
    };
  };

  it("takes a Buffer body from express.raw and answers", async () => {
    const mw = createMiddleware({ secret: SECRET, onEvent: () => {} });
    const { body, digest } = webhookSignature.sign(PAYLOAD, SECRET);
    const req = Object.assign(Readable.from([]), {
      body: Buffer.from(body),
      headers: { authorization: digest },
    });
    const { out, res } = response();
    await mw(req as never, res, () => {});
    expect(out.status).toBe(200);
  });

  it.each([
    ["an unread stream (no body parser)", "stream", 200],
    ["an express.raw Buffer over the limit", "huge", 413],
    ["express.json's empty object for a non-JSON type, stream unread", "empty", 200],
  ])("takes %s and answers %i", async (_n, kind, status) => {
    const seen: unknown[] = [];
    const mw = createMiddleware({ secret: SECRET, onEvent: (e) => void seen.push(e) });
    const { body, digest } = webhookSignature.sign(PAYLOAD, SECRET);
    const req = Object.assign(Readable.from(kind === "huge" ? [] : [Buffer.from(body)]), {
      headers: { authorization: digest },
      ...(kind === "huge" ? { body: Buffer.alloc(BODY_LIMIT + 1) } : kind === "empty" ? { body: {} } : {}),
    });
    const { out, res } = response();
    await mw(req as never, res, (e) => {
      throw e;
    });
    expect(out.status).toBe(status);
    expect(seen).toHaveLength(status === 200 ? 1 : 0);
  });

  it("refuses an already-parsed body through next() with a RawBodyRequiredError that says what to do", async () => {
    const mw = createMiddleware({ secret: SECRET, onEvent: () => {} });
    const req = Object.assign(Readable.from([]), { body: PAYLOAD, headers: {} });
    let error: unknown;
    await mw(req as never, response().res, (e) => {
      error = e;
    });
    expect(error).toBeInstanceOf(RawBodyRequiredError);
    expect((error as Error).message).toMatch(/express\.raw/);
  });
});

describe("node:http handler", () => {
  it("answers each case over a real socket", async () => {
    const seen: unknown[] = [];
    const server = createServer(createNodeHandler({ secret: SECRET, onEvent: (e) => void seen.push(e) }));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as AddressInfo;
    const { body, digest } = webhookSignature.sign(PAYLOAD, SECRET);
    const send = (method: string, b: string, sig = digest) =>
      fetch(`http://127.0.0.1:${port}/pgi/webhook`, {
        method,
        headers: { authorization: sig, "content-type": "application/json" },
        ...(method === "POST" ? { body: b } : {}),
      }).then(async (r) => [
        r.status,
        ((await r.json()) as { error?: string }).error,
        r.headers.get("allow"),
      ]);
    try {
      const rows: [string, string, number, string | undefined][] = [
        ["POST", body, 200, undefined],
        ["POST", body, 200, undefined],
        ["POST", body.replace("Approved", "Declined"), 401, "invalid_signature"],
        ["POST", "x".repeat(BODY_LIMIT + 1), 413, "body_too_large"],
        ["GET", "", 405, "method_not_allowed"],
      ];
      for (const [method, b, status, error] of rows) {
        const [gotStatus, gotError, allow] = await send(method, b);
        expect([gotStatus, gotError]).toEqual([status, error]);
        if (status === 405) expect(allow).toBe("POST");
      }
      // A chunked body (no content-length) over the limit is cut off while streaming.
      const chunked = await new Promise<number | undefined>((resolve, reject) => {
        const req = httpRequest(
          { host: "127.0.0.1", port, method: "POST", path: "/", headers: { authorization: digest } },
          (res) => {
            res.resume();
            resolve(res.statusCode);
          },
        );
        req.on("error", reject);
        for (let i = 0; i < 5; i++) req.write("y".repeat(BODY_LIMIT / 4));
        req.end();
      });
      expect(chunked).toBe(413);
      expect(seen).toHaveLength(1);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
