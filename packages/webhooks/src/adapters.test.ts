import { Readable } from "node:stream";
import { webhookSignature } from "@pgi/signing";
import { describe, expect, it } from "vitest";
import { BODY_LIMIT, createFetchHandler, createMiddleware } from "./adapters.js";
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
