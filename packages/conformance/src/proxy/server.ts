// The contract proxy: one listener per host on 127.0.0.1, each request taken down the request path (request-path.ts).
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { HOSTS } from "../config/configuration.js";
import { UsageError } from "../errors.js";
import type { Host, Target } from "../model/target.js";
import type { SpecSet } from "../spec/spec-set.js";
import { createAgents } from "./forward.js";
import { type JudgeContext, judge, type Recorded, type Verdict } from "./judge.js";
import { limitsOf, type ProxyLimits } from "./limits.js";
import { problem, writeOwn } from "./own-answers.js";
import type { ParserError } from "./refusals.js";
import { handleClientError, handleRequest, type PathContext } from "./request-path.js";
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
  const limits = limitsOf(options);
  const agents = createAgents(limits.upstreamConnections);
  const slots = new UpstreamSlots({
    connections: limits.upstreamConnections,
    queueLimit: limits.queueLimit,
    queueTimeoutMs: limits.queueTimeoutMs,
  });
  const judging: JudgeContext = { specs, credentials: target.credentials };
  const ports = new Set<number>();
  /** Requests being handled: close() waits for them, so an answer already sent is still judged and recorded. */
  const pending = new Set<Promise<void>>();
  const servers: Server[] = [];
  const urls = {} as Record<Host, string>;
  let control = 0;

  const pc: PathContext = {
    specs,
    target,
    limits,
    enforce: options.enforce === true,
    judging,
    agents,
    slots,
    closing: new WeakSet<Socket>(),
    ports,
    urls,
    record: (rec, pre) => {
      try {
        options.onExchange?.(rec, judge(judging, rec, pre));
      } catch (error) {
        options.onError?.(
          `pgi proxy: could not check ${rec.request.method} ${rec.host}: ${(error as Error).message}`,
        );
      }
    },
    countControl: () => {
      control++;
    },
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
          const p = handleRequest(pc, host, req, res)
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
      server.on("clientError", (error: ParserError, socket: Socket) =>
        handleClientError(pc, host, error, socket),
      );
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
