// The contract proxy: one listener per host on 127.0.0.1; route, frame, read, (enforce), forward, judge, record.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { baseUrlName, HOSTS } from "../config/configuration.js";
import { UsageError } from "../errors.js";
import type { Finding } from "../model/finding.js";
import type { Host, Target } from "../model/target.js";
import type { SpecSet } from "../spec/spec-set.js";
import { decodeCaptured } from "./decode.js";
import { gate, tooLarge } from "./enforce.js";
import { createAgents, forward, headerRecord, type SentRequest } from "./forward.js";
import { framingProblem } from "./framing.js";
import { type JudgeContext, judge, type Recorded, type Verdict } from "./judge.js";
import { limitsOf, type ProxyLimits } from "./limits.js";
import { reachesProxy } from "./loop-guard.js";
import { type Route, route, upstreamUrl } from "./match.js";
import { type OwnAnswer, problem, writeOnSocket, writeOwn } from "./own-answers.js";
import {
  busyFinding,
  framingFinding,
  type ParserError,
  parserRefusal,
  refusedRecord,
  requestLine,
  timeoutFinding,
} from "./refusals.js";
import { RequestBody } from "./request-body.js";
import { UpstreamSlots } from "./upstream-slots.js";

/** Options of {@link startProxy}; the limits ({@link ProxyLimits}) default to `DEFAULT_LIMITS`. */
export interface ProxyOptions extends Partial<ProxyLimits> {
  specs: SpecSet;
  target: Target;
  /** First port (the hosts, in the order of their default mock ports, take N..N+6); 0 gives every listener a free port. Default 4110. */
  portBase?: number;
  /** Answer a request that breaks the contract with the operation's documented refusal instead of forwarding it. */
  enforce?: boolean;
  /**
   * Called once per judged exchange, in the order the exchanges complete. The proxy keeps nothing of an exchange
   * after this call: whatever a caller needs later (a HAR, a report, counts), it takes here.
   */
  onExchange?: (rec: Recorded, verdict: Verdict) => void;
  /** Called when the proxy itself fails (never with a secret). */
  onError?: (message: string) => void;
}

/** A running proxy. */
export interface RunningProxy {
  /** The proxy's base URL per host: point the PGI_*_URL variables of your service here. */
  urls: Record<Host, string>;
  /** Mock control requests forwarded unchecked. */
  readonly control: number;
  close(): Promise<void>;
}

const EMPTY = Buffer.alloc(0);
const text = (status: number, body: string): OwnAnswer => ({
  status,
  headers: { "content-type": "text/plain; charset=utf-8" },
  body: `${body}\n`,
});

function listen(server: Server, port: number, host: Host): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "EADDRINUSE"
          ? new UsageError(`port ${port} (${host}) is in use: pick another --port-base`)
          : error,
      ),
    );
    server.listen(port, "127.0.0.1", () => resolve((server.address() as AddressInfo).port));
  });
}

/** Whether a request declares a body (a Content-Length above 0, or Transfer-Encoding). */
const declaresBody = (req: IncomingMessage) =>
  req.headers["transfer-encoding"] !== undefined ||
  (req.headers["content-length"] !== undefined && req.headers["content-length"] !== "0");

/**
 * Starts the proxy in front of `target`'s hosts.
 *
 * @example
 * const proxy = await startProxy({ specs: loadSpecSet(), target, portBase: 4110, onExchange: print });
 * // PGI_GATEWAY_URL=http://127.0.0.1:4111 ... run your service ...
 * await proxy.close();
 */
export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const { specs, target } = options;
  const limits = limitsOf(options);
  const agents = createAgents(limits.upstreamConnections);
  const slots = new UpstreamSlots({
    connections: limits.upstreamConnections,
    queueLimit: limits.queueLimit,
    queueTimeoutMs: limits.queueTimeoutMs,
  });
  const ctx: JudgeContext = { specs, credentials: target.credentials };
  /** Connections answered with `Connection: close`: a request pipelined behind the refused one is not served. */
  const closing = new WeakSet<Socket>();
  const ports = new Set<number>();
  /** Requests being handled: close() waits for them, so an answer already sent is still judged and recorded. */
  const pending = new Set<Promise<void>>();
  const servers: Server[] = [];
  const urls = {} as Record<Host, string>;
  let control = 0;

  const record = (rec: Recorded, pre?: Finding[]) => {
    try {
      options.onExchange?.(rec, judge(ctx, rec, pre));
    } catch (error) {
      options.onError?.(
        `pgi proxy: could not check ${rec.request.method} ${rec.host}: ${(error as Error).message}`,
      );
    }
  };

  const handle = async (host: Host, req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (closing.has(req.socket)) {
      res.destroy();
      return;
    }
    const startedAt = new Date();
    const t0 = performance.now();
    const method = req.method ?? "GET";
    const rawPath = req.url ?? "/";
    const r = route(specs, host, method, rawPath);
    const base = target.urls[host];
    const upstream = r.kind === "relay" ? r.to : base ? upstreamUrl(base, rawPath) : undefined;
    /** Answers the request itself and records it as a refused exchange. */
    const refuse = (answer: OwnAnswer, why: string, findings: Finding[], body?: SentRequest["body"]) => {
      if (answer.close) closing.add(req.socket);
      writeOwn(res, answer);
      const url = (upstream ?? new URL(rawPath, urls[host])).toString();
      const headers = headerRecord(req.headers);
      const durationMs = performance.now() - t0;
      record(
        refusedRecord({
          host,
          route: r,
          startedAt,
          durationMs,
          method,
          url,
          headers,
          answer,
          why,
          ...(body ? { body } : {}),
        }),
        findings,
      );
    };

    const framing = framingProblem(req, r.kind === "operation" && r.op.raw.requestBody !== undefined);
    if (framing)
      return refuse(
        problem(400, "Ambiguous request framing", framing, { close: true }),
        "ambiguous framing",
        [framingFinding(framing)],
      );
    if (r.kind === "bad-relay") return writeOwn(res, text(400, r.reason));
    if (r.kind === "relay" && (await reachesProxy(r.to, ports)))
      return writeOwn(
        res,
        text(
          400,
          "/__proxy/relay: to must not be one of the proxy's own listeners (the callback would loop)",
        ),
      );
    if (!upstream)
      return writeOwn(
        res,
        text(
          502,
          `pgi proxy: ${baseUrlName(host)} is not configured, so ${host} requests have nowhere to go`,
        ),
      );

    // The body is read (up to the capture limit, or the --enforce limit) before an upstream connection is taken,
    // so a slow client holds none; a longer body is streamed on under the same deadlines.
    const enforced = options.enforce && r.kind === "operation" ? r.op : undefined;
    const prefetch = enforced ? limits.bodyLimit : limits.captureLimit;
    let body: { bytes: Buffer } | { stream: RequestBody } = { bytes: EMPTY };
    if (declaresBody(req)) {
      if (enforced && Number(req.headers["content-length"] ?? 0) > limits.bodyLimit) {
        const big = tooLarge(limits.bodyLimit, req.headers["content-length"]);
        return refuse(big.answer, "--enforce", [big.finding]);
      }
      const reader = new RequestBody(req, {
        prefetch,
        idleMs: limits.bodyIdleTimeoutMs,
        totalMs: limits.requestTimeoutMs,
      });
      const state = await reader.ready();
      if (state === "gone") return;
      if (state === "expired") {
        const detail = reader.expired ?? "the request body did not arrive in time";
        const cut = { bytes: EMPTY, size: reader.received, complete: false };
        return refuse(
          problem(408, "Request timeout", detail, { close: true }),
          "request timeout",
          [timeoutFinding(detail, reader.received, limits)],
          cut,
        );
      }
      if (state === "more" && enforced) {
        const big = tooLarge(limits.bodyLimit, req.headers["content-length"]);
        return refuse(big.answer, "--enforce", [big.finding]);
      }
      body = state === "whole" ? { bytes: reader.bytes() } : { stream: reader };
    }

    let pre: Finding[] | undefined;
    if (enforced && "bytes" in body) {
      const bytes = body.bytes;
      const request: SentRequest = {
        method,
        url: upstream.toString(),
        headers: headerRecord(req.headers),
        body: { bytes, size: bytes.length, complete: true },
      };
      const g = gate(ctx, enforced, request);
      if (!g.pass) return refuse(g.answer, "--enforce", g.findings, request.body);
      pre = g.findings;
    }

    const slot = slots.tryAcquire(upstream.host) ?? (await slots.acquire(upstream.host));
    if (typeof slot === "string")
      return refuse(
        problem(503, "Upstream busy", `pgi proxy: ${slot}; the request was not forwarded`, {
          close: "stream" in body,
        }),
        "upstream busy",
        [busyFinding(slot)],
      );
    let result: Awaited<ReturnType<typeof forward>>;
    try {
      result = await forward(req, res, upstream, {
        captureLimit: limits.captureLimit,
        agents,
        body,
        timeoutMs: limits.upstreamTimeoutMs,
        clientIdleMs: limits.bodyIdleTimeoutMs,
      });
    } finally {
      slot();
    }
    const { request, answer } = result;
    if (answer.clientAborted) return;
    if (answer.bodyExpired !== undefined) {
      closing.add(req.socket);
      const rec: Recorded = {
        host,
        route: r,
        startedAt,
        durationMs: performance.now() - t0,
        request,
        answer,
      };
      return record({ ...rec, refused: "request timeout" }, [
        timeoutFinding(answer.bodyExpired, request.body.size, limits),
      ]);
    }
    if (r.kind === "control") {
      control++;
      return;
    }
    if (answer.headers["content-encoding"] !== undefined && answer.transportError === undefined)
      answer.body = await decodeCaptured(
        answer.body,
        answer.headers["content-encoding"],
        limits.captureLimit,
      );
    record({ host, route: r, startedAt, durationMs: performance.now() - t0, request, answer }, pre);
  };

  /** A request node's parser refused (or whose headers timed out): answered, closed, recorded. */
  const onClientError = (host: Host, error: ParserError, socket: Socket) => {
    const inFlight = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
    const refusal = parserRefusal(error, limits.requestTimeoutMs);
    if (!refusal || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const answer = problem(refusal.status, refusal.title, refusal.detail, { close: true });
    writeOnSocket(socket, answer);
    const line = requestLine(error.rawPacket);
    const r: Route = line ? route(specs, host, line.method, line.path) : { kind: "unmatched" };
    const base = target.urls[host];
    const path = line?.path ?? "/";
    const url = (r.kind !== "relay" && base ? upstreamUrl(base, path) : new URL(path, urls[host])).toString();
    const rec = refusedRecord({
      host,
      route: r,
      startedAt: new Date(),
      durationMs: 0,
      method: line?.method ?? "?",
      url,
      headers: {},
      answer,
      why: refusal.why,
    });
    record(rec, [refusal.finding]);
  };

  try {
    for (const [i, host] of HOSTS.entries()) {
      const server = createServer(
        {
          headersTimeout: limits.requestTimeoutMs,
          // A backstop only: the proxy's own deadlines answer a slow body first (see RequestBody).
          requestTimeout: 2 * limits.requestTimeoutMs + 1000,
          connectionsCheckingInterval: Math.min(1000, limits.requestTimeoutMs),
        },
        (req, res) => {
          const p = handle(host, req, res)
            .catch((error: Error) => {
              options.onError?.(`pgi proxy: ${host}: ${error.message}`);
              if (!res.headersSent)
                writeOwn(res, problem(502, "Proxy error", "pgi proxy: the request could not be forwarded"));
              else res.destroy();
            })
            .finally(() => pending.delete(p));
          pending.add(p);
        },
      );
      server.on("clientError", (error: ParserError, socket: Socket) => onClientError(host, error, socket));
      servers.push(server);
      const port = await listen(server, portBase(options) === 0 ? 0 : portBase(options) + i, host);
      ports.add(port);
      urls[host] = `http://127.0.0.1:${port}`;
    }
  } catch (error) {
    for (const s of servers) s.close();
    agents.destroy();
    throw error;
  }
  return {
    urls,
    get control() {
      return control;
    },
    close: async () => {
      slots.close();
      await Promise.all(
        servers.map(
          (s) =>
            new Promise<void>((resolve) => {
              s.close(() => resolve());
              s.closeAllConnections();
            }),
        ),
      );
      await Promise.all(pending);
      agents.destroy();
    },
  };
}

const portBase = (options: ProxyOptions) => options.portBase ?? 4110;
