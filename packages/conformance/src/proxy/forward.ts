// Forwards one HTTP request to an upstream URL and streams the answer back unchanged, capturing both bodies (bounded).
import {
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";

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

/** A body captured up to a limit; `complete` is false when it was longer than the limit. */
export interface Captured {
  bytes: Buffer;
  size: number;
  complete: boolean;
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
}

/** Options of {@link forward}. */
export interface ForwardOptions {
  /** Bytes of each body kept for validation (the whole body is always forwarded). */
  captureLimit: number;
  /** Keep-alive agents shared by every request of a proxy. */
  agents: Agents;
  /** A body already read (enforce mode); otherwise the request is streamed. */
  buffered?: Buffer;
  /** Upstream socket idle limit, ms. */
  timeoutMs?: number;
}

/** Keep-alive agents for http and https upstreams. */
export interface Agents {
  http: HttpAgent;
  https: HttpsAgent;
  destroy(): void;
}

/**
 * Keep-alive agents for the upstream connections of one proxy.
 *
 * @example
 * const agents = createAgents();
 * agents.destroy(); // on close
 */
export function createAgents(): Agents {
  const http = new HttpAgent({ keepAlive: true, maxSockets: 64 });
  const https = new HttpsAgent({ keepAlive: true, maxSockets: 64 });
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

/**
 * The text of a captured body, decompressed when the answer was gzip, deflate or br encoded.
 *
 * @example
 * bodyText(answer.body, answer.headers["content-encoding"]);
 */
export function bodyText(body: Captured, encoding: string | undefined): string {
  const enc = (encoding ?? "").trim().toLowerCase();
  try {
    if (enc === "gzip" || enc === "x-gzip") return gunzipSync(body.bytes).toString("utf8");
    if (enc === "deflate") return inflateSync(body.bytes).toString("utf8");
    if (enc === "br") return brotliDecompressSync(body.bytes).toString("utf8");
  } catch {
    return "";
  }
  return body.bytes.toString("utf8");
}

const problem = (status: number, title: string, detail: string) => ({
  status,
  body: JSON.stringify({ type: `https://pgi.dev/proxy/problems/${status}`, title, status, detail }),
});

/**
 * Forwards `req` to `upstream` (the full upstream URL of this request) and pipes the answer into `res`,
 * byte for byte: status, end-to-end headers (Host rewritten to the upstream) and body. Resolves once the
 * answer is complete with what was captured; an unreachable upstream is answered 502 (504 on a timeout).
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
    const headers = endToEnd(req.rawHeaders, new Set(["host"]));
    headers.push("Host", upstream.host);
    const secure = upstream.protocol === "https:";
    const out = (secure ? httpsRequest : httpRequest)(upstream, {
      method: req.method ?? "GET",
      headers,
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
    const fail = (status: number, detail: string) => {
      if (settled) return;
      settled = true;
      const p =
        status === 504
          ? problem(504, "Upstream timeout", detail)
          : problem(502, "Upstream unreachable", detail);
      if (!res.headersSent) {
        res.writeHead(p.status, { "content-type": "application/problem+json" });
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
        },
      });
    };
    out.on("timeout", () => out.destroy(new Error(`no answer from ${upstream.origin} within the timeout`)));
    out.on("error", (error) => {
      const timeout = /within the timeout/.test(error.message);
      fail(timeout ? 504 : 502, `pgi proxy: ${upstream.origin}: ${error.message}`);
    });
    out.on("response", (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.rawHeaders));
      answer.on("data", (chunk: Buffer) => {
        resCapture.push(chunk);
        res.write(chunk);
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
    if (options.buffered) {
      reqCapture.push(options.buffered);
      out.end(options.buffered);
      return;
    }
    req.on("data", (chunk: Buffer) => {
      reqCapture.push(chunk);
      if (!out.write(chunk)) {
        req.pause();
        out.once("drain", () => req.resume());
      }
    });
    req.on("end", () => out.end());
    req.on("error", () => out.destroy());
  });
}
