// startMock(): all seven hosts in one process, one node:http server per host, sharing state, clock and scheduler.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createClock } from "./core/clock.js";
import { credentialsByName, resolveCredentials, secretValues } from "./core/credentials.js";
import { createScheduler } from "./core/scheduler.js";
import { documentedResponse, findOperationObject, loadSpecs } from "./core/spec-index.js";
import { createHostBehaviours } from "./hosts/index.js";
import { type ControlDeps, coreRoutes, matchRoute } from "./server/control.js";
import { handleRequest, type PipelineDeps } from "./server/pipeline.js";
import { problem } from "./server/violations.js";
import {
  type ControlRoute,
  HOST_NAMES,
  type HostContext,
  type HostName,
  type MockOptions,
  type MockResponse,
  type RunningMock,
} from "./types.js";

/** Default port of each host (DESIGN.md). */
export const DEFAULT_PORTS: Readonly<Record<HostName, number>> = {
  otp: 4010,
  gateway: 4011,
  wallet: 4012,
  partner: 4013,
  accounts: 4014,
  payout: 4015,
  bbps: 4016,
};

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > limit) {
      req.resume();
      reject(new BodyTooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners("data");
        req.resume();
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, answer: MockResponse): void {
  if (res.headersSent) return;
  let payload: string;
  let type = answer.contentType;
  if (answer.body === undefined || answer.body === null) payload = "";
  else if (typeof answer.body === "string") {
    payload = answer.body;
    type ??= "text/plain; charset=utf-8";
  } else {
    payload = JSON.stringify(answer.body);
    type ??= "application/json";
  }
  // Hints and violations quote the caller's input: escape anything a header may not carry.
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(answer.headers ?? {})) {
    headers[k] = v.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  }
  if (payload.length > 0 && type) headers["content-type"] = type;
  headers["content-length"] = String(Buffer.byteLength(payload));
  res.writeHead(answer.status, headers);
  res.end(payload);
}

function lowerHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(", ") : v;
  }
  return out;
}

/**
 * Starts the mock of every host.
 *
 * @example
 * const mock = await startMock({ ports: { otp: 0, gateway: 0, wallet: 0, partner: 0, accounts: 0, payout: 0, bbps: 0 } });
 * const res = await fetch(`${mock.urls.otp}/__mock/health`);
 * await mock.close();
 */
export async function startMock(options: MockOptions = {}): Promise<RunningMock> {
  const hostname = options.hostname ?? "127.0.0.1";
  const bodyLimit = options.bodyLimit ?? 1024 * 1024;
  const timeFactor = options.timeFactor ?? 1;
  const clock = options.clock ?? createClock();
  const credentials = resolveCredentials(options.credentials);
  const secrets = secretValues(credentials);
  const mask = (line: string) =>
    secrets.reduce((l, s) => (l.includes(s) ? l.split(s).join("****") : l), line);
  const logSink = options.log;
  const log = (event: string, data: Record<string, unknown> = {}) => {
    if (logSink) logSink(mask(`${new Date(clock.now()).toISOString()} ${event} ${JSON.stringify(data)}`));
  };
  const scheduler = createScheduler(clock, {
    timeFactor,
    onError: (error) => log("scheduled-task-failed", { error: String(error) }),
  });
  (clock as { attach?: (s: typeof scheduler) => void }).attach?.(scheduler);

  const specs = await loadSpecs();
  const behaviours = createHostBehaviours();
  const forced = new Map<string, MockResponse[]>();
  const urls = {} as Record<HostName, string>;

  const ctx: HostContext = {
    clock,
    scheduler,
    credentials,
    random: options.random ?? Math.random,
    fetch: options.fetch ?? ((url, init) => fetch(url, init)),
    timeFactor,
    log,
    documentedResponse(operationId, status, exampleName) {
      for (const spec of specs.values()) {
        const op = spec.operations.find((o) => o.operationId === operationId);
        if (op) return documentedResponse(spec, op, status, exampleName);
      }
      return undefined;
    },
    operationRule(operationId) {
      for (const spec of specs.values()) {
        const op = findOperationObject(spec, operationId);
        if (op) return op["x-pgi-rule"] as Record<string, unknown> | undefined;
      }
      return undefined;
    },
  };

  const reset = () => {
    scheduler.clear();
    forced.clear();
    for (const b of behaviours) b.reset();
    (clock as { resetOffset?: () => void }).resetOffset?.();
  };
  const controlDeps: ControlDeps = {
    specs,
    behaviours,
    ctx,
    urls: () => urls,
    forced,
    reset,
    advance: (ms) => clock.advance(ms),
    offset: () => (clock as { offset?: () => number }).offset?.() ?? 0,
  };
  const forcedAnswers = {
    take(host: string, operationId: string) {
      const list = forced.get(`${host}:${operationId}`);
      const next = list?.shift();
      if (list && list.length === 0) forced.delete(`${host}:${operationId}`);
      return next;
    },
    putBack(host: string, operationId: string, answer: MockResponse) {
      const key = `${host}:${operationId}`;
      forced.set(key, [answer, ...(forced.get(key) ?? [])]);
    },
  };

  const servers: Server[] = [];
  for (const host of HOST_NAMES) {
    const spec = specs.get(host);
    if (!spec) throw new Error(`bundle for ${host} is missing; run pnpm build`);
    const routes: ControlRoute[] = [
      ...coreRoutes(controlDeps, host),
      ...behaviours.flatMap((b) => b.control ?? []),
    ];
    const index: ControlRoute = {
      method: "GET",
      path: "/__mock/",
      description: "this index",
      handle: () => ({
        status: 200,
        body: { routes: routes.map((r) => ({ method: r.method, path: r.path, description: r.description })) },
      }),
    };
    routes.push(index);
    const deps: PipelineDeps = {
      spec,
      behaviour: behaviours.find((b) => b.host === host),
      ctx,
      forced: forcedAnswers,
    };
    const server = createServer(async (req, res) => {
      try {
        const url = new URL(req.url ?? "/", "http://mock.local");
        let rawBody: string;
        try {
          rawBody = await readBody(req, bodyLimit);
        } catch (error) {
          if (error instanceof BodyTooLarge) {
            send(
              res,
              problem(413, "Body too large", `body: larger than the mock's limit of ${bodyLimit} bytes`),
            );
            return;
          }
          throw error;
        }
        const method = (req.method ?? "GET").toUpperCase();
        if (url.pathname === "/__mock" || url.pathname.startsWith("/__mock/")) {
          const path = url.pathname === "/__mock" ? "/__mock/" : url.pathname;
          for (const r of routes) {
            const params = r.method === method ? matchRoute(r.path, path) : undefined;
            if (!params) continue;
            let body: unknown;
            if (rawBody.length > 0) {
              try {
                body = JSON.parse(rawBody);
              } catch {
                send(res, problem(400, "Malformed JSON body", "body: control calls take a JSON object"));
                return;
              }
            }
            const query = Object.fromEntries(url.searchParams);
            send(res, await r.handle({ params, query, body }, ctx));
            return;
          }
          send(
            res,
            problem(404, "Unknown control route", `${method} ${url.pathname}; GET /__mock/ lists them`),
          );
          return;
        }
        const answer = await handleRequest(deps, {
          method,
          path: url.pathname,
          search: url.searchParams,
          headers: lowerHeaders(req),
          rawBody,
        });
        log("request", { host, method, path: url.pathname, status: answer.status });
        send(res, answer);
      } catch (error) {
        log("internal-error", { host, error: error instanceof Error ? error.stack : String(error) });
        send(
          res,
          problem(500, "Mock internal error", "the mock failed on this request; this is a bug in the mock"),
        );
      }
    });
    server.keepAliveTimeout = 5_000;
    const port = options.ports?.[host] ?? DEFAULT_PORTS[host];
    await new Promise<void>((resolve, reject) => {
      server.once("error", (e: NodeJS.ErrnoException) =>
        reject(
          e.code === "EADDRINUSE"
            ? new Error(`port ${port} (${host}) is in use; pick another with --port ${host}=N`)
            : e,
        ),
      );
      server.listen(port, hostname, () => resolve());
    }).catch(async (e) => {
      await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
      throw e;
    });
    servers.push(server);
    const address = server.address() as AddressInfo;
    urls[host] = `http://${hostname}:${address.port}`;
  }

  const env: Record<string, string> = {
    ...Object.fromEntries(HOST_NAMES.map((h) => [`PGI_${h.toUpperCase()}_URL`, urls[h]])),
    ...credentialsByName(credentials),
  };
  return {
    urls,
    env,
    credentials,
    clock,
    scheduler,
    reset,
    async close() {
      scheduler.clear();
      await Promise.all(
        servers.map(
          (s) =>
            new Promise<void>((resolve) => {
              s.close(() => resolve());
              s.closeAllConnections();
            }),
        ),
      );
    },
  };
}
