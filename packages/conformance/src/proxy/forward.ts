// Forwards one HTTP request to an upstream URL and streams the answer back unchanged, capturing both bodies (bounded).
import {
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { problem } from "./own-answers.js";
import type { RequestBody } from "./request-body.js";

/** Headers that belong to one connection and are never forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

/** A body captured up to a limit; `complete` is false when it was longer than the limit (or could not be decoded). */
export interface Captured {
  bytes: Buffer;
  size: number;
  complete: boolean;
  /** Why an incomplete body was not checked, when it is not simply longer than the capture limit. */
  note?: string;
}

/** A captured request: what the client sent, as it was sent. */
export interface SentRequest {
  method: string;
  /** The upstream URL the request was forwarded to. */
  url: string;
  /** Lower-cased header names (repeated headers joined with ", "). */
  headers: Record<string, string>;
  body: Captured;
}

/** A captured answer. */
export interface ReceivedAnswer {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: Captured;
  /** Set when no answer came back (the proxy then answered 502 or 504 itself). */
  transportError?: string;
  /** True when the client closed its connection before the answer was complete. */
  clientAborted?: boolean;
  /** Set when the request body did not arrive in time (the proxy answered 408): which deadline passed. */
  bodyExpired?: string;
}

/** Options of {@link forward}. */
export interface ForwardOptions {
  /** Bytes of each body kept for validation (the whole body is always forwarded). */
  captureLimit: number;
  /** Keep-alive agents shared by every request of a proxy. */
  agents: Agents;
  /** The request body: read whole already, or streamed on from what was read so far. */
  body: { bytes: Buffer } | { stream: RequestBody };
  /** Upstream socket idle limit, ms. */
  timeoutMs?: number;
  /** How long the client may leave the answer unread, ms; then its connection is closed. */
  clientIdleMs?: number;
}

/** Keep-alive agents for http and https upstreams. */
export interface Agents {
  http: HttpAgent;
  https: HttpsAgent;
  destroy(): void;
}

/**
 * Keep-alive agents for the upstream connections of one proxy. They never queue a request: the proxy's own
 * per-origin slots bound the connections (a bounded wait, then 503); up to `idle` free sockets are kept per origin.
 *
 * @example
 * const agents = createAgents(64);
 * agents.destroy(); // on close
 */
export function createAgents(idle: number): Agents {
  const http = new HttpAgent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY, maxFreeSockets: idle });
  const https = new HttpsAgent({
    keepAlive: true,
    maxSockets: Number.POSITIVE_INFINITY,
    maxFreeSockets: idle,
  });
  return {
    http,
    https,
    destroy: () => {
      http.destroy();
      https.destroy();
    },
  };
}

/**
 * Collects chunks up to `limit` bytes while counting every byte.
 *
 * @example
 * const c = new Capture(4);
 * c.push(Buffer.from("abcdef"));
 * c.result(); // { bytes: <abcd>, size: 6, complete: false }
 */
export class Capture {
  private chunks: Buffer[] = [];
  private kept = 0;
  size = 0;
  constructor(private readonly limit: number) {}
  push(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.kept >= this.limit) return;
    const part = chunk.length + this.kept > this.limit ? chunk.subarray(0, this.limit - this.kept) : chunk;
    this.chunks.push(part);
    this.kept += part.length;
  }
  result(): Captured {
    return { bytes: Buffer.concat(this.chunks), size: this.size, complete: this.size <= this.limit };
  }
}

/**
 * Lower-cased header map of a node message (repeated headers joined).
 *
 * @example
 * headerRecord(req.headers)["content-type"]; // "application/x-www-form-urlencoded"
 */
export function headerRecord(headers: IncomingMessage["headers"]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers))
    if (v !== undefined) out[k] = Array.isArray(v) ? v.join(", ") : v;
  return out;
}

/** Raw header pairs without hop-by-hop headers (and without those named in Connection). */
function endToEnd(raw: string[], drop: Set<string> = new Set()): string[] {
  const connection = new Set<string>();
  for (let i = 0; i < raw.length; i += 2)
    if (raw[i]?.toLowerCase() === "connection")
      for (const t of (raw[i + 1] ?? "").split(",")) connection.add(t.trim().toLowerCase());
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] ?? "";
    const lower = name.toLowerCase();
    if (HOP_BY_HOP.has(lower) || connection.has(lower) || drop.has(lower)) continue;
    out.push(name, raw[i + 1] ?? "");
  }
  return out;
}

/** The request's header pairs to send upstream, its framing made explicit (`Content-Length` or chunked). */
function upstreamHeaders(req: IncomingMessage, upstream: URL, body: ForwardOptions["body"]): string[] {
  const headers = endToEnd(req.rawHeaders, new Set(["host", "content-length"]));
  headers.push("Host", upstream.host);
  if ("bytes" in body) {
    // Read whole: its length is known (kept as sent when the client sent one, none added to an empty body).
    if (body.bytes.length || req.headers["content-length"] !== undefined)
      headers.push("Content-Length", String(body.bytes.length));
  } else if (req.headers["content-length"] !== undefined)
    headers.push("Content-Length", req.headers["content-length"]);
  else headers.push("Transfer-Encoding", "chunked");
  return headers;
}

/**
 * Forwards the request to `upstream` (the full upstream URL of this request) and pipes the answer into `res`,
 * byte for byte: status, end-to-end headers (Host rewritten to the upstream) and body, with backpressure on both
 * legs. Resolves once the answer is complete with what was captured; an unreachable upstream is answered 502 (504
 * on a timeout), a streamed body that misses its deadline 408 (the connection closed), and a client that leaves the
 * answer unread for `clientIdleMs` is disconnected.
 *
 * @example
 * const { request, answer } = await forward(req, res, new URL("https://sandbox.example.in/_payment"), options);
 */
export function forward(
  req: IncomingMessage,
  res: ServerResponse,
  upstream: URL,
  options: ForwardOptions,
): Promise<{ request: SentRequest; answer: ReceivedAnswer }> {
  return new Promise((resolve) => {
    const reqCapture = new Capture(options.captureLimit);
    const resCapture = new Capture(options.captureLimit);
    const secure = upstream.protocol === "https:";
    const out = (secure ? httpsRequest : httpRequest)(upstream, {
      method: req.method ?? "GET",
      headers: upstreamHeaders(req, upstream, options.body),
      agent: secure ? options.agents.https : options.agents.http,
      timeout: options.timeoutMs ?? 60_000,
    });
    const request = (): SentRequest => ({
      method: req.method ?? "GET",
      url: upstream.toString(),
      headers: headerRecord(req.headers),
      body: reqCapture.result(),
    });
    let settled = false;
    let clientGone = false;
    let expired: string | undefined;
    const fail = (status: number, detail: string) => {
      if (settled) return;
      settled = true;
      const p =
        status === 408
          ? problem(408, "Request timeout", detail, { close: true })
          : status === 504
            ? problem(504, "Upstream timeout", detail)
            : problem(502, "Upstream unreachable", detail);
      if (!res.headersSent) {
        const headers: Record<string, string> = { ...p.headers };
        if (p.close) headers.connection = "close";
        res.writeHead(p.status, headers);
        res.end(p.body);
      } else res.destroy();
      const body = Buffer.from(p.body);
      resolve({
        request: request(),
        answer: {
          status: p.status,
          statusText: "",
          headers: { "content-type": "application/problem+json" },
          body: { bytes: body, size: body.length, complete: true },
          transportError: detail,
          ...(clientGone ? { clientAborted: true } : {}),
          ...(expired ? { bodyExpired: expired } : {}),
        },
      });
    };
    out.on("timeout", () => out.destroy(new Error(`no answer from ${upstream.origin} within the timeout`)));
    out.on("error", (error) => {
      if (expired) return fail(408, expired);
      const timeout = /within the timeout/.test(error.message);
      fail(timeout ? 504 : 502, `pgi proxy: ${upstream.origin}: ${error.message}`);
    });
    out.on("response", (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.rawHeaders));
      answer.on("data", (chunk: Buffer) => {
        resCapture.push(chunk);
        if (!res.write(chunk)) {
          // The client reads slower than the upstream sends: wait for it, but not forever (it holds a slot).
          answer.pause();
          const stalled = setTimeout(() => res.destroy(), options.clientIdleMs ?? 10_000);
          res.once("drain", () => {
            clearTimeout(stalled);
            answer.resume();
          });
        }
      });
      answer.on("error", (error) => fail(502, `pgi proxy: the answer broke off: ${error.message}`));
      answer.on("end", () => {
        res.end();
        if (settled) return;
        settled = true;
        resolve({
          request: request(),
          answer: {
            status: answer.statusCode ?? 0,
            statusText: answer.statusMessage ?? "",
            headers: headerRecord(answer.headers),
            body: resCapture.result(),
          },
        });
      });
    });
    // The client went away before the answer was complete: stop the upstream exchange too.
    res.on("close", () => {
      if (res.writableFinished) return;
      clientGone = true;
      out.destroy(new Error("the client closed the connection"));
    });
    if ("bytes" in options.body) {
      reqCapture.push(options.body.bytes);
      out.end(options.body.bytes);
      return;
    }
    options.body.stream.pipe({
      write: (chunk) => {
        reqCapture.push(chunk);
        return out.write(chunk);
      },
      onDrain: (resume) => out.once("drain", resume),
      end: () => out.end(),
      abort: (detail, isExpiry) => {
        if (isExpiry) expired = detail;
        else clientGone = true;
        out.destroy(new Error(detail));
      },
    });
  });
}
