// The core control API under /__mock/: health, credentials, reset, clock, forced answers, state, and the routes index.

import { credentialsByName } from "../core/credentials.js";
import { documentedResponse, exampleNames, type HostSpec } from "../core/spec-index.js";
import { HOSTS } from "../generated/hosts.js";
import type { ControlRoute, HostBehaviour, HostContext, HostName, MockResponse } from "../types.js";
import { problem } from "./violations.js";

/** Shared state the core control routes act on. */
export interface ControlDeps {
  specs: Map<HostName, HostSpec>;
  behaviours: HostBehaviour[];
  ctx: HostContext;
  urls: () => Record<HostName, string>;
  reset(): Promise<void>;
  advance(ms: number): Promise<void>;
  offset(): number;
}

const ok = (body: unknown, status = 200): MockResponse => ({ status, body });
const bad = (detail: string) => problem(400, "Invalid control request", detail);

function objectBody(body: unknown): Record<string, unknown> | undefined {
  return body && typeof body === "object" && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : undefined;
}

/** The core routes; host behaviours add theirs. */
export function coreRoutes(deps: ControlDeps, host: HostName): ControlRoute[] {
  const routes: ControlRoute[] = [
    {
      method: "GET",
      path: "/__mock/health",
      description: "200 when the mock of this host is up",
      handle: () => ok({ status: "ok", host }),
    },
    {
      method: "GET",
      path: "/__mock/credentials",
      description:
        "base URLs and test credentials, keyed by the PGI_* configuration names (values other than the built-in test defaults masked)",
      handle: () => {
        const urls = deps.urls();
        const byEnv = Object.fromEntries(HOSTS.map((h) => [h.baseUrlName, urls[h.id]]));
        return ok({ ...byEnv, ...credentialsByName(deps.ctx.credentials, true) });
      },
    },
    {
      method: "POST",
      path: "/__mock/reset",
      description: "forget all state, forced answers, deliveries and the clock offset",
      handle: async () => {
        await deps.reset();
        return ok({ reset: true });
      },
    },
    {
      method: "GET",
      path: "/__mock/clock",
      description: "the mock's time and its offset from real time",
      handle: () => ok({ now: new Date(deps.ctx.clock.now()).toISOString(), offsetMs: deps.offset() }),
    },
    {
      method: "POST",
      path: "/__mock/clock/advance",
      description: "move the mock's time forward by {seconds}; due retries and expiries happen",
      handle: async (req) => {
        const seconds = objectBody(req.body)?.seconds;
        if (
          typeof seconds !== "number" ||
          !Number.isFinite(seconds) ||
          seconds < 0 ||
          seconds > 10 * 365 * 86_400
        ) {
          return bad("body.seconds: required, a number of seconds between 0 and ten years");
        }
        await deps.advance(seconds * 1000);
        return ok({ now: new Date(deps.ctx.clock.now()).toISOString(), offsetMs: deps.offset() });
      },
    },
    {
      method: "POST",
      path: "/__mock/force",
      description:
        "answer the next {times} valid calls of {operationId} with the documented {status} ({example})",
      handle: (req) => forceRoute(deps, req.body),
    },
    {
      method: "GET",
      path: "/__mock/state",
      description: "every host's state",
      handle: async () => {
        const now = deps.ctx.clock.now();
        const views = await Promise.all(deps.behaviours.map((b) => b.snapshot(now, deps.ctx)));
        return ok(Object.fromEntries(deps.behaviours.map((b, i) => [b.host, views[i]])));
      },
    },
  ];
  return routes;
}

async function forceRoute(deps: ControlDeps, raw: unknown): Promise<MockResponse> {
  const body = objectBody(raw);
  if (!body) return bad("body: a JSON object {operationId, status, example?, times?} is required");
  const { operationId, status, example, times = 1 } = body;
  if (typeof operationId !== "string") return bad('body.operationId: required string, e.g. "sendOtp"');
  if (typeof status !== "number" || !Number.isInteger(status)) return bad("body.status: required integer");
  if (example !== undefined && typeof example !== "string") return bad("body.example: must be a string");
  if (typeof times !== "number" || !Number.isInteger(times) || times < 1 || times > 1000) {
    return bad("body.times: an integer from 1 to 1000");
  }
  for (const spec of deps.specs.values()) {
    const op = spec.operations.find((o) => o.operationId === operationId);
    if (!op) continue;
    const res = documentedResponse(spec, op, status, example);
    if (!res) {
      const names = exampleNames(spec, op, status);
      return bad(
        `body.status/example: ${operationId} documents ${op.documentedStatuses.join(", ")}` +
          (names.length ? `; examples for ${status}: ${names.join(", ")}` : ""),
      );
    }
    const entry = example === undefined ? { status } : { status, example };
    await deps.ctx.state.forced.push(`${spec.host}:${operationId}`, entry, times);
    return ok({ forced: { host: spec.host, operationId, status, example: example ?? null, times } });
  }
  return bad(`body.operationId: no operation ${operationId} in any host`);
}

/** Matches a control path against a route pattern with :params. */
export function matchRoute(pattern: string, path: string): Record<string, string> | undefined {
  const a = pattern.split("/");
  const b = path.split("/");
  if (a.length !== b.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    const p = a[i] as string;
    const v = b[i] as string;
    if (p.startsWith(":")) {
      if (!v) return undefined;
      try {
        params[p.slice(1)] = decodeURIComponent(v);
      } catch {
        return undefined;
      }
    } else if (p !== v) return undefined;
  }
  return params;
}
