// Attacks on the socket with raw TCP: blank-line connections, CONNECT, unparsable requests, bodies over the limit
// on reused connections. Each must end in an answer and a clean close, never a silent hang-up or a reset.
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RequestLogEntry } from "../../src/server/request-log.js";
import type { RunningMock } from "../../src/types.js";
import { startTestMock } from "../helpers.js";
import { portOf, rawExchange, readUntil, wholeResponse } from "./raw-socket.js";

const BODY_LIMIT = 64 * 1024;
let mock: RunningMock;
const entries: RequestLogEntry[] = [];
const logs: string[] = [];
beforeAll(async () => {
  mock = await startTestMock({
    bodyLimit: BODY_LIMIT,
    onRequest: (e) => void entries.push(e),
    log: (line) => void logs.push(line),
  });
});
afterAll(() => mock.close());

/** Status, headers (lower-cased names) and body of the first response in `text`. */
function parse(text: string) {
  const head = text.slice(0, text.indexOf("\r\n\r\n"));
  const [statusLine = "", ...lines] = head.split("\r\n");
  const headers = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
  );
  return { status: Number(statusLine.split(" ")[1]), headers, body: text.slice(head.length + 4) };
}

describe("a connection of only blank lines is answered 400 and closed", () => {
  it.each([
    ["CRLF CRLF, the connection left open", "\r\n\r\n", false],
    ["LF LF, the connection left open", "\n\n", false],
    ["one CRLF, then the client half-closes", "\r\n", true],
    ["64 KiB of blank lines", "\r\n".repeat(32 * 1024), false],
  ])("%s", async (_name, data, halfClose) => {
    const out = await rawExchange(portOf(mock.urls.otp), data, { halfClose, boundMs: 10_000 });
    expect(out.ending).toBe("closed");
    const res = parse(out.text);
    expect(res.status).toBe(400);
    expect(res.headers["content-type"]).toBe("application/problem+json");
    expect(res.headers.connection).toBe("close");
    expect(JSON.parse(res.body)).toMatchObject({
      status: 400,
      detail: expect.stringMatching(/^request\.line: /),
    });
    expect(JSON.parse(res.headers["x-pgi-mock-violations"] ?? "[]")).toEqual([
      expect.objectContaining({ field: "request.line", rule: "syntax" }),
    ]);
  });

  it("one blank line before a request is ignored, as RFC 9112 asks", async () => {
    const out = await rawExchange(
      portOf(mock.urls.otp),
      "\r\nGET /__mock/health HTTP/1.1\r\nHost: mock\r\nConnection: close\r\n\r\n",
      { boundMs: 10_000 },
    );
    expect(parse(out.text).status).toBe(200);
    expect(out.ending).toBe("closed");
  });

  it("the answer is in the request log as an invalid request", () => {
    expect(entries).toContainEqual(
      expect.objectContaining({ host: "otp", method: "-", status: 400, verdict: "invalid" }),
    );
  });
});

describe("CONNECT is answered 405 and closed: the mock is not a proxy", () => {
  it.each([
    ["otp", "POST"],
    ["payout", "POST, GET, PUT"],
  ] as const)("on the %s host (allow: %s)", async (host, allow) => {
    const out = await rawExchange(
      portOf(mock.urls[host]),
      "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n",
      { boundMs: 10_000 },
    );
    expect(out.ending).toBe("closed");
    const res = parse(out.text);
    expect(res.status).toBe(405);
    expect(res.headers.allow?.split(", ").sort()).toEqual(allow.split(", ").sort());
    expect(JSON.parse(res.body)).toMatchObject({
      status: 405,
      title: "Method not allowed",
      detail: expect.stringContaining("CONNECT example.com:443"),
    });
    expect(entries).toContainEqual(
      expect.objectContaining({ host, method: "CONNECT", path: "example.com:443", verdict: "unrouted" }),
    );
  });
});

describe("a request the HTTP parser refuses gets a problem answer naming the parser's reason", () => {
  it.each([
    ["an unknown method", "FROB /otp/send HTTP/1.1\r\nHost: mock\r\n\r\n", /HPE_INVALID_METHOD/],
    ["a header name with a space", "GET / HTTP/1.1\r\nHo st: mock\r\n\r\n", /HPE_INVALID_HEADER_TOKEN/],
    [
      "Content-Length with Transfer-Encoding",
      "POST /otp/send HTTP/1.1\r\nHost: mock\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
      /HPE_INVALID_TRANSFER_ENCODING|HPE_UNEXPECTED_CONTENT_LENGTH/,
    ],
  ])("%s", async (_name, data, reason) => {
    const out = await rawExchange(portOf(mock.urls.otp), data, { boundMs: 10_000 });
    const res = parse(out.text);
    expect(res.status).toBe(400);
    expect(res.headers["content-type"]).toBe("application/problem+json");
    expect(JSON.parse(res.body).detail).toMatch(reason);
    expect(out.ending).toBe("closed");
  });
});

describe("bodies over the limit on reused connections", () => {
  const CONNECTIONS = 200;
  const CONCURRENCY = 20;
  /** An oversized body: 32 times the limit, more than the sockets' buffers hold, written in 8 pieces. */
  const OVERSIZED = 32 * BODY_LIMIT;
  const normal = () => {
    const body = JSON.stringify({
      mobileNumber: "9876543210",
      merchantName: "Shop",
      merchantDomain: "shop.in",
    });
    return (
      "POST /otp/send HTTP/1.1\r\nHost: mock\r\nclientType: WEB\r\ncontent-type: application/json\r\n" +
      `content-length: ${body.length}\r\n\r\n${body}`
    );
  };

  type Outcome = "clean" | "reset" | "kept open" | "wrong answer";
  /** A normal request and its answer, then an oversized one on the same connection; how the connection ended. */
  async function attack(i: number): Promise<Outcome> {
    const socket = connect(portOf(mock.urls.otp), "127.0.0.1");
    socket.on("error", () => {}); // counted through readUntil
    try {
      socket.write(normal());
      const first = await readUntil(socket, wholeResponse, 10_000);
      if (first.ending === "reset") return "reset";
      if (parse(first.text).status !== 200 || first.ending) return "wrong answer";
      const chunked = i % 2 === 1;
      socket.write(
        "POST /otp/send HTTP/1.1\r\nHost: mock\r\nclientType: WEB\r\ncontent-type: application/json\r\n" +
          (chunked ? "transfer-encoding: chunked\r\n\r\n" : `content-length: ${OVERSIZED}\r\n\r\n`),
      );
      const piece = "x".repeat(OVERSIZED / 8);
      const writing = (async () => {
        for (let k = 0; k < 8 && !socket.destroyed; k++) {
          socket.write(chunked ? `${piece.length.toString(16)}\r\n${piece}\r\n` : piece);
          await new Promise((r) => setTimeout(r, 1));
        }
        if (chunked && !socket.destroyed) socket.write("0\r\n\r\n");
      })();
      // The answer, then the server's close; a connection still open 5 s after the answer is not closed.
      const second = await readUntil(socket, () => false, 10_000);
      await writing;
      if (second.ending === "reset") return "reset";
      const res = parse(second.text);
      if (res.status !== 413 || !wholeResponse(second.text)) return "wrong answer";
      if (res.headers.connection !== "close" || second.ending !== "closed") return "kept open";
      return "clean";
    } finally {
      socket.destroy();
    }
  }

  it(`${CONNECTIONS} keep-alive connections, each a normal request then an oversized body: every one a clean 413 and close, 0 resets`, async () => {
    const counts: Record<Outcome, number> = { clean: 0, reset: 0, "kept open": 0, "wrong answer": 0 };
    let next = 0;
    const worker = async () => {
      while (next < CONNECTIONS) counts[await attack(next++)]++;
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    console.log(
      `oversized bodies on reused connections: ${counts.clean} clean 413+close, ${counts.reset} resets, ` +
        `${counts["kept open"]} kept open, ${counts["wrong answer"]} wrong answers (of ${CONNECTIONS})`,
    );
    expect(counts).toEqual({ clean: CONNECTIONS, reset: 0, "kept open": 0, "wrong answer": 0 });
  }, 120_000);

  it("a client that drops its connection in the middle of a body is no internal error", async () => {
    const before = entries.length;
    for (let i = 0; i < 5; i++) {
      const socket = connect(portOf(mock.urls.otp), "127.0.0.1");
      socket.on("error", () => {});
      socket.write(
        "POST /otp/send HTTP/1.1\r\nHost: mock\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{",
      );
      await readUntil(socket, () => false, 50);
      socket.destroy();
    }
    const health = await fetch(`${mock.urls.otp}/__mock/health`);
    expect(health.status).toBe(200);
    expect(entries.slice(before).filter((e) => e.verdict === "error")).toEqual([]);
    expect(logs.filter((l) => l.includes("internal-error"))).toEqual([]);
  });
});
