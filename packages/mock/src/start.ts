// startMock(): all seven hosts in one process, one node:http server per host, sharing the store and the clock.
// It only wires the stages (src/server/) together and listens; the request path is in server/pipeline.ts.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { DEFAULT_STATE_LIMITS, type StateLimits } from "./core/bounded-store.js";
import { createClock } from "./core/clock.js";
import { credentialsByName, resolveCredentials, secretValues } from "./core/credentials.js";
import {
  documentedResponse,
  findOperationObject,
  type HostSpec,
  loadSpecs,
  type OperationInfo,
} from "./core/spec-index.js";
import { StoreUnavailableError } from "./errors.js";
import { HOSTS } from "./generated/hosts.js";
import { createHostBehaviours } from "./hosts/index.js";
import { send } from "./server/answer.js";
import { type ControlApi, createControlApi, isControlPath } from "./server/control-api.js";
import { coreRoutes } from "./server/core-control-routes.js";
import { forcedAnswers } from "./server/forced.js";
import { handleRequest, type PipelineDeps } from "./server/pipeline.js";
import { receive } from "./server/receive.js";
import { requestEntry } from "./server/request-log.js";
import { buildRouteTable } from "./server/route-table.js";
import { guardSockets, isClosing } from "./server/socket-guards.js";
import { storeUnavailable } from "./server/store-unavailable.js";
import { problem } from "./server/violations.js";
import { openStore } from "./state/open-store.js";
import type { Job } from "./state/types.js";
import {
  HOST_NAMES,
  type HostBehaviour,
  type HostContext,
  type HostName,
  type MockOptions,
  type MockResponse,
  type RunningMock,
} from "./types.js";

/** Default port of each host: the port of its spec's default server (the local mock). */
export const DEFAULT_PORTS: Readonly<Record<HostName, number>> = Object.fromEntries(
  HOSTS.map((h) => [h.id, h.port]),
) as Record<HostName, number>;

function hostContext(
  options: MockOptions,
  base: Pick<HostContext, "clock" | "state" | "credentials" | "log" | "timeFactor">,
  specs: Map<HostName, HostSpec>,
): HostContext {
  // Operations by id, indexed once: behaviours look up documented answers on every request.
  const byId = new Map<string, { spec: HostSpec; op: OperationInfo }>();
  for (const spec of specs.values()) {
    for (const op of spec.operations) if (!byId.has(op.operationId)) byId.set(op.operationId, { spec, op });
  }
  const rules = new Map<string, Record<string, unknown> | undefined>();
  return {
    ...base,
    random: options.random ?? Math.random,
    fetch: options.fetch ?? ((url, init) => fetch(url, init)),
    documentedResponse(operationId, status, exampleName) {
      const found = byId.get(operationId);
      return found ? documentedResponse(found.spec, found.op, status, exampleName) : undefined;
    },
    operationRule(operationId) {
      if (!rules.has(operationId)) {
        let rule: Record<string, unknown> | undefined;
        for (const spec of specs.values()) {
          const op = findOperationObject(spec, operationId);
          if (op) {
            rule = op["x-pgi-rule"] as Record<string, unknown> | undefined;
            break;
          }
        }
        rules.set(operationId, rule);
      }
      return rules.get(operationId);
    },
  };
}

/** Adds a header to an answer (a copy: prepared answers are shared). */
const withHeader = (answer: MockResponse, name: string, value: string): MockResponse => ({
  ...answer,
  headers: { ...(answer.headers ?? {}), [name]: value },
});

/** One host's node:http server: control API or pipeline, then the answer and the request hook. */
function hostServer(
  host: HostName,
  deps: PipelineDeps,
  control: ControlApi,
  options: MockOptions,
  bodyLimit: number,
): Server {
  const { ctx } = deps;
  const server = createServer(async (req, res) => {
    // A socket the guards answered and are closing: nothing more is answered on it.
    if (isClosing(req.socket)) return;
    let method = (req.method ?? "GET").toUpperCase();
    let path = (req.url ?? "/").split("?")[0] ?? "/";
    let answer: MockResponse;
    try {
      const incoming = await receive(req, bodyLimit);
      ({ method, path } = incoming);
      if (isControlPath(path)) {
        // A shared sandbox reads the clock's offset first: an advance or reset on another instance shows here.
        if (ctx.state.sync) await ctx.state.sync();
        answer = await control(incoming);
      } else {
        answer = await handleRequest(deps, incoming);
        ctx.log("request", { host, method, path, status: answer.status });
      }
      // The oversized body was read to its end: the 413 closes a connection with nothing left unread.
      if (incoming.bodyTooLarge) answer = withHeader(answer, "connection", "close");
    } catch (error) {
      // The client went away in the middle of its request: there is no one to answer, and no bug.
      if (req.socket.destroyed) return;
      if (error instanceof StoreUnavailableError) {
        ctx.log("store-unavailable", { host, method, path, reason: error.reason });
        answer = storeUnavailable(error);
      } else {
        ctx.log("internal-error", { host, error: error instanceof Error ? error.stack : String(error) });
        answer = problem(
          500,
          "Mock internal error",
          "the mock failed on this request; this is a bug in the mock",
        );
      }
    }
    // Request log hook (issue 13): one entry per finished request.
    options.onRequest?.(requestEntry(host, method, path, answer, ctx.clock.now()));
    send(res, answer);
  });
  guardSockets(server, {
    allow: [...new Set(deps.spec.operations.map((o) => o.method.toUpperCase()))].join(", "),
    now: () => ctx.clock.now(),
    onAnswer: (method, target, answer) =>
      options.onRequest?.(requestEntry(host, method, target, answer, ctx.clock.now())),
  });
  return server;
}

function listen(server: Server, host: HostName, port: number, hostname: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once("error", (e: NodeJS.ErrnoException) =>
      reject(
        e.code === "EADDRINUSE"
          ? new Error(`port ${port} (${host}) is in use; pick another with --port ${host}=N`)
          : e,
      ),
    );
    server.listen(port, hostname, () => resolve());
  });
}

const closeAll = (servers: Server[]) =>
  Promise.all(
    servers.map(
      (s) =>
        new Promise<void>((resolve) => {
          s.close(() => resolve());
          s.closeAllConnections();
        }),
    ),
  );

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
  const timeFactor = options.timeFactor ?? 1;
  const credentials = resolveCredentials(options.credentials);
  const secrets = secretValues(credentials);
  const mask = (line: string) =>
    secrets.reduce((l, s) => (l.includes(s) ? l.split(s).join("****") : l), line);
  const sink = options.log;
  let now = () => Date.now();
  const log = (event: string, data: Record<string, unknown> = {}) => {
    if (sink) sink(mask(`${new Date(now()).toISOString()} ${event} ${JSON.stringify(data)}`));
  };
  const limits = stateLimits(options.stateLimits);
  const opened = await openStore({
    limits,
    clock: options.clock ?? createClock(),
    timeFactor,
    redis: options.redis,
    log,
  });
  const { store, clock, scheduler } = opened;
  now = () => clock.now();

  const servers: Server[] = [];
  try {
    const specs = await loadSpecs();
    const behaviours: HostBehaviour[] = createHostBehaviours();
    const urls = {} as Record<HostName, string>;
    const ctx = hostContext(options, { clock, state: store, credentials, log, timeFactor }, specs);
    store.jobs.start((job) => runJob(behaviours, ctx, job));
    const controlDeps = {
      specs,
      behaviours,
      ctx,
      urls: () => urls,
      reset: () => store.reset(),
      advance: (ms: number) => clock.advance(ms),
      offset: () => clock.offset(),
    };
    for (const host of HOST_NAMES) {
      const spec = specs.get(host);
      if (!spec) throw new Error(`bundle for ${host} is missing; run pnpm build`);
      const deps: PipelineDeps = {
        spec,
        route: buildRouteTable(spec),
        behaviour: behaviours.find((b) => b.host === host),
        ctx,
        forced: forcedAnswers(store.forced, spec),
      };
      const control = createControlApi(
        [...coreRoutes(controlDeps, host), ...behaviours.flatMap((b) => b.control ?? [])],
        ctx,
      );
      const server = hostServer(host, deps, control, options, options.bodyLimit ?? 1024 * 1024);
      server.keepAliveTimeout = 5_000;
      const port = options.ports?.[host] ?? DEFAULT_PORTS[host];
      servers.push(server);
      await listen(server, host, port, hostname);
      urls[host] = `http://${hostname}:${(server.address() as AddressInfo).port}`;
    }
    const env: Record<string, string> = {
      ...Object.fromEntries(HOSTS.map((h) => [h.baseUrlName, urls[h.id]])),
      ...credentialsByName(credentials),
    };
    return {
      urls,
      env,
      credentials,
      clock,
      scheduler,
      store: store.kind,
      reset: () => store.reset(),
      async close() {
        scheduler.clear();
        await closeAll(servers);
        await store.close();
      },
    };
  } catch (error) {
    await closeAll(servers);
    await store.close();
    throw error;
  }
}

/** The state limits with the defaults filled in; pending deliveries are at most the deliveries kept. */
function stateLimits(given: Partial<StateLimits> | undefined): StateLimits {
  const limits = { ...DEFAULT_STATE_LIMITS, ...(given ?? {}) };
  limits.maxPendingDeliveries = Math.min(limits.maxPendingDeliveries, limits.maxDeliveries);
  return limits;
}

/** Runs a due job with the handler the behaviour declared for its kind. */
async function runJob(behaviours: readonly HostBehaviour[], ctx: HostContext, job: Job): Promise<void> {
  for (const b of behaviours) {
    const handler = b.jobs?.[job.kind];
    if (handler) return handler(job, ctx);
  }
  ctx.log("unknown-job", { kind: job.kind, id: job.id });
}
