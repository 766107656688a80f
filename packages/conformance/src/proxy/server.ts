// The contract proxy: one listener per host on 127.0.0.1; route, (enforce), forward, judge, record, in that order.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { baseUrlName, HOSTS } from "../config/configuration.js";
import { UsageError } from "../errors.js";
import type { Host, Target } from "../model/target.js";
import type { SpecSet } from "../spec/spec-set.js";
import { gate, type OwnAnswer } from "./enforce.js";
import { createAgents, forward } from "./forward.js";
import { type JudgeContext, judge, type Recorded, type Verdict } from "./judge.js";
import { route, upstreamUrl } from "./match.js";

/** Options of {@link startProxy}. */
export interface ProxyOptions {
  specs: SpecSet;
  target: Target;
  /** First port (the hosts, in the order of their default mock ports, take N..N+6); 0 gives every listener a free port. Default 4110. */
  portBase?: number;
  /** Answer a request that breaks the contract with the operation's documented refusal instead of forwarding it. */
  enforce?: boolean;
  /** Bytes of each body kept for validation; longer bodies are forwarded whole and reported unchecked. 1 MiB. */
  captureLimit?: number;
  /** Largest request body accepted in enforce mode (413 above it). 1 MiB. */
  bodyLimit?: number;
  /**
   * Keep each exchange's bodies after judging it (for a HAR or a report). Without them a long session holds only
   * the verdicts and the request lines. Default true.
   */
  retainBodies?: boolean;
  /** Called once per judged exchange, in the order the exchanges complete. */
  onExchange?: (rec: Recorded, verdict: Verdict) => void;
  /** Called when the proxy itself fails (never with a secret). */
  onError?: (message: string) => void;
}

/** A running proxy. */
export interface RunningProxy {
  /** The proxy's base URL per host: point the PGI_*_URL variables of your service here. */
  urls: Record<Host, string>;
  /** Every judged exchange so far. */
  exchanges: { rec: Recorded; verdict: Verdict }[];
  /** Mock control requests forwarded unchecked. */
  readonly control: number;
  close(): Promise<void>;
}

const MIB = 1024 * 1024;

const EMPTY = Buffer.alloc(0);
/** The exchange with its captured bodies dropped (their sizes kept). */
const withoutBodies = (rec: Recorded): Recorded => ({
  ...rec,
  request: { ...rec.request, body: { bytes: EMPTY, size: rec.request.body.size, complete: false } },
  answer: { ...rec.answer, body: { bytes: EMPTY, size: rec.answer.body.size, complete: false } },
});

function answerOwn(res: ServerResponse, a: OwnAnswer): void {
  res.writeHead(a.status, { ...a.headers, "content-length": String(Buffer.byteLength(a.body)) });
  res.end(a.body);
}

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
  const captureLimit = options.captureLimit ?? MIB;
  const bodyLimit = options.bodyLimit ?? MIB;
  const agents = createAgents();
  const ctx: JudgeContext = { specs, credentials: target.credentials };
  const exchanges: RunningProxy["exchanges"] = [];
  let control = 0;
  const record = (rec: Recorded, pre?: Verdict["findings"]) => {
    try {
      const verdict = judge(ctx, rec, pre);
      exchanges.push({ rec: options.retainBodies === false ? withoutBodies(rec) : rec, verdict });
      options.onExchange?.(rec, verdict);
    } catch (error) {
      options.onError?.(
        `pgi proxy: could not check ${rec.request.method} ${rec.host}: ${(error as Error).message}`,
      );
    }
  };

  const handle = async (host: Host, req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const startedAt = new Date();
    const t0 = performance.now();
    const method = req.method ?? "GET";
    const rawPath = req.url ?? "/";
    const r = route(specs, host, method, rawPath);
    if (r.kind === "bad-relay") {
      answerOwn(res, {
        status: 400,
        headers: { "content-type": "text/plain; charset=utf-8" },
        body: `${r.reason}\n`,
      });
      return;
    }
    if (r.kind === "relay" && Object.values(urls).some((u) => new URL(u).host === r.to.host)) {
      answerOwn(res, {
        status: 400,
        headers: { "content-type": "text/plain; charset=utf-8" },
        body: "/__proxy/relay: to must not be one of the proxy's own listeners (the callback would loop)\n",
      });
      return;
    }
    const base = target.urls[host];
    if (r.kind !== "relay" && !base) {
      answerOwn(res, {
        status: 502,
        headers: { "content-type": "text/plain; charset=utf-8" },
        body: `pgi proxy: ${baseUrlName(host)} is not configured, so ${host} requests have nowhere to go\n`,
      });
      return;
    }
    const upstream = r.kind === "relay" ? r.to : upstreamUrl(base as string, rawPath);
    let buffered: Buffer | undefined;
    let pre: Verdict["findings"] | undefined;
    if (options.enforce && r.kind === "operation") {
      const g = await gate(ctx, r.op, req, upstream, bodyLimit);
      if (!g.pass) {
        answerOwn(res, g.answer);
        const bytes = Buffer.from(g.answer.body);
        const answer = { ...g.answer, statusText: "", body: { bytes, size: bytes.length, complete: true } };
        const durationMs = performance.now() - t0;
        record(
          { host, route: r, startedAt, durationMs, request: g.request, answer, refused: true },
          g.findings,
        );
        return;
      }
      buffered = g.body;
      pre = g.findings;
    }
    const { request, answer } = await forward(req, res, upstream, {
      captureLimit,
      agents,
      ...(buffered ? { buffered } : {}),
    });
    if (answer.clientAborted) return;
    if (r.kind === "control") {
      control++;
      return;
    }
    record({ host, route: r, startedAt, durationMs: performance.now() - t0, request, answer }, pre);
  };

  const servers: Server[] = [];
  const urls = {} as Record<Host, string>;
  const portBase = options.portBase ?? 4110;
  try {
    for (const [i, host] of HOSTS.entries()) {
      const server = createServer((req, res) => {
        handle(host, req, res).catch((error: Error) => {
          options.onError?.(`pgi proxy: ${host}: ${error.message}`);
          if (!res.headersSent)
            answerOwn(res, {
              status: 502,
              headers: { "content-type": "text/plain" },
              body: "pgi proxy: the request could not be forwarded\n",
            });
          else res.destroy();
        });
      });
      servers.push(server);
      const port = await listen(server, portBase === 0 ? 0 : portBase + i, host);
      urls[host] = `http://127.0.0.1:${port}`;
    }
  } catch (error) {
    for (const s of servers) s.close();
    agents.destroy();
    throw error;
  }
  return {
    urls,
    exchanges,
    get control() {
      return control;
    },
    close: async () => {
      await Promise.all(
        servers.map(
          (s) =>
            new Promise<void>((resolve) => {
              s.close(() => resolve());
              s.closeAllConnections();
            }),
        ),
      );
      agents.destroy();
    },
  };
}
