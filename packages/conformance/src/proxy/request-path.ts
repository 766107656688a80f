// The proxy's request path, stage by stage: route, frame, guard, read the body, (enforce), take an upstream slot,
// forward, decode, judge and record. Every answer the proxy writes itself is recorded as a refused exchange.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { baseUrlName } from "../config/configuration.js";
import type { Finding } from "../model/finding.js";
import type { Host, Target } from "../model/target.js";
import type { Operation, SpecSet } from "../spec/spec-set.js";
import { decodeCaptured } from "./decode.js";
import { gate, tooLarge } from "./enforce.js";
import { type Agents, type ForwardOptions, forward, headerRecord, type SentRequest } from "./forward.js";
import { framingProblem } from "./framing.js";
import type { JudgeContext, Recorded } from "./judge.js";
import type { ProxyLimits } from "./limits.js";
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
import type { UpstreamSlots } from "./upstream-slots.js";

/** What the request path of one proxy shares across requests. */
export interface PathContext {
  specs: SpecSet;
  target: Target;
  limits: ProxyLimits;
  enforce: boolean;
  judging: JudgeContext;
  agents: Agents;
  slots: UpstreamSlots;
  /** Connections answered with `Connection: close`: a request pipelined behind the refused one is not served. */
  closing: WeakSet<Socket>;
  /** The proxy's listening ports (the relay's loop guard). */
  ports: ReadonlySet<number>;
  urls: Record<Host, string>;
  /** Judges and reports an exchange; `pre` are findings already made (enforce mode, refusals). */
  record(rec: Recorded, pre?: Finding[]): void;
  /** Counts a mock control request (forwarded, not checked). */
  countControl(): void;
}

/** One request on its way through the path. */
interface InFlight {
  pc: PathContext;
  host: Host;
  req: IncomingMessage;
  res: ServerResponse;
  startedAt: Date;
  t0: number;
  route: Route;
  upstream: URL | undefined;
}

const EMPTY = Buffer.alloc(0);
const text = (status: number, body: string): OwnAnswer => ({
  status,
  headers: { "content-type": "text/plain; charset=utf-8" },
  body: `${body}\n`,
});

/** Whether a request declares a body (a Content-Length above 0, or Transfer-Encoding). */
const declaresBody = (req: IncomingMessage) =>
  req.headers["transfer-encoding"] !== undefined ||
  (req.headers["content-length"] !== undefined && req.headers["content-length"] !== "0");

/** The body of a request the parser has read whole, from its stream's buffer. */
function readBuffered(req: IncomingMessage): Buffer {
  const chunks: Buffer[] = [];
  for (let chunk = req.read() as Buffer | null; chunk !== null; chunk = req.read() as Buffer | null)
    chunks.push(chunk);
  return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
}

/** Answers the request itself and records it as a refused exchange. */
function refuse(
  x: InFlight,
  answer: OwnAnswer,
  why: string,
  findings: Finding[],
  body?: SentRequest["body"],
) {
  if (answer.close) x.pc.closing.add(x.req.socket);
  writeOwn(x.res, answer);
  const rawPath = x.req.url ?? "/";
  const rec = refusedRecord({
    host: x.host,
    route: x.route,
    startedAt: x.startedAt,
    durationMs: performance.now() - x.t0,
    method: x.req.method ?? "GET",
    url: (x.upstream ?? new URL(rawPath, x.pc.urls[x.host])).toString(),
    headers: headerRecord(x.req.headers),
    answer,
    why,
    ...(body ? { body } : {}),
  });
  x.pc.record(rec, findings);
}

/** Answers what cannot go anywhere: a bad or looping relay, an unconfigured host. True when it answered. */
async function guard(x: InFlight): Promise<boolean> {
  const r = x.route;
  if (r.kind === "bad-relay") writeOwn(x.res, text(400, r.reason));
  else if (r.kind === "relay" && (await reachesProxy(r.to, x.pc.ports)))
    writeOwn(
      x.res,
      text(400, "/__proxy/relay: to must not be one of the proxy's own listeners (the callback would loop)"),
    );
  else if (!x.upstream)
    writeOwn(
      x.res,
      text(
        502,
        `pgi proxy: ${baseUrlName(x.host)} is not configured, so ${x.host} requests have nowhere to go`,
      ),
    );
  else return false;
  return true;
}

/**
 * Reads the body before an upstream connection is taken (so a slow client holds none): whole when it fits the
 * prefetch bound (the capture limit, or the --enforce limit), else streamed on under the same deadlines. Undefined
 * when the request was answered here (408, 413) or the client went away.
 */
async function readBody(
  x: InFlight,
  enforced: Operation | undefined,
): Promise<ForwardOptions["body"] | undefined> {
  const { req, pc } = x;
  const { limits } = pc;
  if (!declaresBody(req)) return { bytes: EMPTY };
  const declared = req.headers["content-length"];
  const tooBig = () => {
    const big = tooLarge(limits.bodyLimit, declared);
    refuse(x, big.answer, "--enforce", [big.finding]);
    return undefined;
  };
  if (enforced && Number(declared ?? 0) > limits.bodyLimit) return tooBig();
  const prefetch = enforced ? limits.bodyLimit : limits.captureLimit;
  // The usual case: the whole body came with the headers, so it is taken as it is, with no deadline to watch.
  const buffered = req.readableLength;
  if (buffered <= prefetch && (req.complete || (declared !== undefined && buffered === Number(declared))))
    return { bytes: readBuffered(req) };
  const reader = new RequestBody(req, {
    prefetch,
    idleMs: limits.bodyIdleTimeoutMs,
    totalMs: limits.requestTimeoutMs,
  });
  const state = await reader.ready();
  if (state === "gone") return undefined;
  if (state === "expired") {
    const detail = reader.expired ?? "the request body did not arrive in time";
    const cut = { bytes: EMPTY, size: reader.received, complete: false };
    const finding = timeoutFinding(detail, reader.received, limits);
    refuse(x, problem(408, "Request timeout", detail, { close: true }), "request timeout", [finding], cut);
    return undefined;
  }
  if (state === "more" && enforced) return tooBig();
  return state === "whole" ? { bytes: reader.bytes() } : { stream: reader };
}

/** --enforce: the request's checks before it leaves; its findings, or undefined when it was refused. */
function enforceContract(x: InFlight, op: Operation, bytes: Buffer): Finding[] | undefined {
  const request: SentRequest = {
    method: x.req.method ?? "GET",
    url: (x.upstream as URL).toString(),
    headers: headerRecord(x.req.headers),
    body: { bytes, size: bytes.length, complete: true },
  };
  const g = gate(x.pc.judging, op, request);
  if (g.pass) return g.findings;
  refuse(x, g.answer, "--enforce", g.findings, request.body);
  return undefined;
}

/** Forwards within an upstream slot (or answers 503 when none frees in time), then decodes, judges and records. */
async function forwardAndRecord(x: InFlight, upstream: URL, body: ForwardOptions["body"], pre?: Finding[]) {
  const { pc, req, res } = x;
  const slot = pc.slots.tryAcquire(upstream.host) ?? (await pc.slots.acquire(upstream.host));
  if (typeof slot === "string") {
    const busy = problem(503, "Upstream busy", `pgi proxy: ${slot}; the request was not forwarded`, {
      close: "stream" in body,
    });
    return refuse(x, busy, "upstream busy", [busyFinding(slot)]);
  }
  let result: Awaited<ReturnType<typeof forward>>;
  try {
    result = await forward(req, res, upstream, {
      captureLimit: pc.limits.captureLimit,
      agents: pc.agents,
      body,
      timeoutMs: pc.limits.upstreamTimeoutMs,
      clientIdleMs: pc.limits.bodyIdleTimeoutMs,
    });
  } finally {
    slot();
  }
  const { request, answer } = result;
  if (answer.clientAborted) return;
  const rec: Recorded = {
    host: x.host,
    route: x.route,
    startedAt: x.startedAt,
    durationMs: 0,
    request,
    answer,
  };
  if (answer.bodyExpired !== undefined) {
    pc.closing.add(req.socket);
    const finding = timeoutFinding(answer.bodyExpired, request.body.size, pc.limits);
    return pc.record({ ...rec, durationMs: performance.now() - x.t0, refused: "request timeout" }, [finding]);
  }
  if (x.route.kind === "control") return pc.countControl();
  const coding = answer.headers["content-encoding"];
  if (coding !== undefined && answer.transportError === undefined)
    answer.body = await decodeCaptured(answer.body, coding, pc.limits.captureLimit);
  pc.record({ ...rec, durationMs: performance.now() - x.t0 }, pre);
}

/**
 * Handles one request on `host`'s listener.
 *
 * @example
 * createServer((req, res) => void handleRequest(pc, "gateway", req, res));
 */
export async function handleRequest(
  pc: PathContext,
  host: Host,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (pc.closing.has(req.socket)) {
    res.destroy();
    return;
  }
  const startedAt = new Date();
  const t0 = performance.now();
  const rawPath = req.url ?? "/";
  const r = route(pc.specs, host, req.method ?? "GET", rawPath);
  const base = pc.target.urls[host];
  const upstream = r.kind === "relay" ? r.to : base ? upstreamUrl(base, rawPath) : undefined;
  const x: InFlight = { pc, host, req, res, startedAt, t0, route: r, upstream };

  const framing = framingProblem(req, r.kind === "operation" && r.op.raw.requestBody !== undefined);
  if (framing) {
    const answer = problem(400, "Ambiguous request framing", framing, { close: true });
    return refuse(x, answer, "ambiguous framing", [framingFinding(framing)]);
  }
  if ((await guard(x)) || !upstream) return;
  const enforced = pc.enforce && r.kind === "operation" ? r.op : undefined;
  const body = await readBody(x, enforced);
  if (!body) return;
  let pre: Finding[] | undefined;
  if (enforced && "bytes" in body) {
    pre = enforceContract(x, enforced, body.bytes);
    if (!pre) return;
  }
  await forwardAndRecord(x, upstream, body, pre);
}

/**
 * A request node's parser refused, or whose headers did not arrive in time: answered (400, 408 or 431) and closed,
 * and recorded with the request line when one could be read. Connection errors are only closed.
 *
 * @example
 * server.on("clientError", (error, socket) => handleClientError(pc, "gateway", error, socket));
 */
export function handleClientError(pc: PathContext, host: Host, error: ParserError, socket: Socket): void {
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
  const refusal = parserRefusal(error, pc.limits.requestTimeoutMs);
  if (!refusal || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const answer = problem(refusal.status, refusal.title, refusal.detail, { close: true });
  writeOnSocket(socket, answer);
  const line = requestLine(error.rawPacket);
  const r: Route = line ? route(pc.specs, host, line.method, line.path) : { kind: "unmatched" };
  const base = pc.target.urls[host];
  const path = line?.path ?? "/";
  const url = r.kind !== "relay" && base ? upstreamUrl(base, path) : new URL(path, pc.urls[host]);
  const rec = refusedRecord({
    host,
    route: r,
    startedAt: new Date(),
    durationMs: 0,
    method: line?.method ?? "?",
    url: url.toString(),
    headers: {},
    answer,
    why: refusal.why,
  });
  pc.record(rec, [refusal.finding]);
}
