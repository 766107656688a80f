// Requests the proxy answers itself (ambiguous framing, a request too slow, a busy upstream, an unparsable request):
// their answers, their findings, and their record as refused exchanges.
import type { Finding } from "../model/finding.js";
import type { Host } from "../model/target.js";
import type { Captured, SentRequest } from "./forward.js";
import type { Recorded } from "./judge.js";
import type { Route } from "./match.js";
import type { OwnAnswer } from "./own-answers.js";

/** What the framing rule expects, in the words of a finding. */
const FRAMING_RULE =
  "one unambiguous body length: Content-Length, or Transfer-Encoding: chunked alone (HTTP/1.1); no body on GET, HEAD, DELETE, OPTIONS or TRACE";

/**
 * The finding of a request refused for its framing (by the proxy's rule or node's parser).
 *
 * @example
 * framingFinding("a GET request must not carry a body …");
 */
export const framingFinding = (reason: string): Finding => ({
  check: "request_valid",
  ok: false,
  pointer: "request framing",
  expected: FRAMING_RULE,
  actual: reason,
});

/**
 * The finding of a request that did not arrive within the proxy's deadlines.
 *
 * @example
 * timeoutFinding("no byte of the request body arrived for 10000 ms", 12, { requestTimeoutMs: 30000, bodyIdleTimeoutMs: 10000 });
 */
export const timeoutFinding = (
  detail: string,
  received: number | undefined,
  limits: { requestTimeoutMs: number; bodyIdleTimeoutMs: number },
): Finding => ({
  check: "request_valid",
  ok: false,
  pointer: received === undefined ? "request headers" : "request body",
  expected: `the headers within ${limits.requestTimeoutMs} ms, then the body within ${limits.requestTimeoutMs} ms with no pause over ${limits.bodyIdleTimeoutMs} ms`,
  actual: received === undefined ? detail : `${detail} (${received} bytes received)`,
});

/**
 * The finding of a request not forwarded because every upstream connection stayed busy.
 *
 * @example
 * busyFinding("all 64 connections to sandbox.example.in were busy for 10000 ms");
 */
export const busyFinding = (reason: string): Finding => ({
  check: "not_a_server_error",
  ok: false,
  expected: "an answer from the host",
  actual: `503 from the proxy (${reason})`,
});

/** What a refused exchange is recorded with. */
export interface Refused {
  host: Host;
  route: Route;
  startedAt: Date;
  durationMs: number;
  method: string;
  /** The upstream URL the request would have gone to. */
  url: string;
  headers: Record<string, string>;
  /** What was read of the body, if anything. */
  body?: Captured;
  answer: OwnAnswer;
  /** Why, in a few words (see {@link Recorded.refused}). */
  why: string;
}

const EMPTY: Captured = { bytes: Buffer.alloc(0), size: 0, complete: true };

/**
 * The record of an exchange the proxy answered itself.
 *
 * @example
 * record(refusedRecord({ host, route, startedAt, durationMs, method, url, headers, answer, why: "ambiguous framing" }), [finding]);
 */
export function refusedRecord(r: Refused): Recorded {
  const bytes = Buffer.from(r.answer.body);
  const request: SentRequest = { method: r.method, url: r.url, headers: r.headers, body: r.body ?? EMPTY };
  return {
    host: r.host,
    route: r.route,
    startedAt: r.startedAt,
    durationMs: r.durationMs,
    request,
    answer: {
      status: r.answer.status,
      statusText: "",
      headers: r.answer.headers,
      body: { bytes, size: bytes.length, complete: true },
    },
    refused: r.why,
  };
}

/** A parser error of node's HTTP server, as `clientError` gives it. */
export interface ParserError extends Error {
  code?: string;
  reason?: string;
  rawPacket?: Buffer;
}

/**
 * The proxy's answer to a request node's parser refused or timed out, with its finding and the request line it
 * could read; undefined for a connection error (nothing to answer).
 *
 * @example
 * server.on("clientError", (error, socket) => { const a = parserRefusal(error, 30000); … });
 */
export function parserRefusal(
  error: ParserError,
  requestTimeoutMs: number,
): { status: number; title: string; detail: string; why: string; finding: Finding } | undefined {
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    const detail = `the request's headers did not arrive within ${requestTimeoutMs} ms`;
    return {
      status: 408,
      title: "Request timeout",
      detail,
      why: "request timeout",
      finding: timeoutFinding(detail, undefined, { requestTimeoutMs, bodyIdleTimeoutMs: requestTimeoutMs }),
    };
  }
  // A connection closed mid-request (HPE_INVALID_EOF_STATE) has nobody left to answer.
  if (!error.code?.startsWith("HPE_") || error.code === "HPE_INVALID_EOF_STATE") return undefined;
  const reason = error.reason ?? error.message;
  if (error.code === "HPE_HEADER_OVERFLOW")
    return {
      status: 431,
      title: "Request headers too large",
      detail: `the request's headers are larger than node's limit (${reason})`,
      why: "unparsable request",
      finding: { check: "request_valid", ok: false, pointer: "request headers", actual: reason },
    };
  const framing = /Content-Length|Transfer-Encoding|chunk/i.test(reason);
  return {
    status: 400,
    title: framing ? "Ambiguous request framing" : "Unparsable request",
    detail: `the request could not be parsed: ${reason} (${error.code})`,
    why: framing ? "ambiguous framing" : "unparsable request",
    finding: framing
      ? framingFinding(reason)
      : {
          check: "request_valid",
          ok: false,
          pointer: "request",
          expected: "an HTTP/1.1 request",
          actual: reason,
        },
  };
}

/**
 * The method and target of the request line at the start of a raw packet, when it has one.
 *
 * @example
 * requestLine(Buffer.from("POST /_payment HTTP/1.1\r\n…")); // { method: "POST", path: "/_payment" }
 */
export function requestLine(raw: Buffer | undefined): { method: string; path: string } | undefined {
  const m = /^([A-Z]{1,20}) (\/\S{0,2000}) HTTP\/1\.[01]\r?\n/.exec(
    raw?.subarray(0, 2100).toString("latin1") ?? "",
  );
  return m ? { method: m[1] as string, path: m[2] as string } : undefined;
}
