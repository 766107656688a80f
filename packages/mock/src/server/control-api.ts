// The control API of one port: matches /__mock/ requests against the core and behaviour routes and answers them.
import type { ControlRoute, HostContext, MockResponse } from "../types.js";
import { matchRoute } from "./core-control-routes.js";
import type { IncomingMockRequest } from "./receive.js";
import { problem } from "./violations.js";

/** True for paths served by the control API rather than the host's operations. */
export const isControlPath = (path: string) => path === "/__mock" || path.startsWith("/__mock/");

/** Answers control requests of one port. */
export type ControlApi = (req: IncomingMockRequest) => Promise<MockResponse>;

/**
 * Builds the control API of one port from its routes; `GET /__mock/` lists them.
 *
 * @example
 * const control = createControlApi([...coreRoutes(deps, "otp")], ctx);
 * const answer = await control(incoming); // for a path under /__mock/
 */
export function createControlApi(routes: readonly ControlRoute[], ctx: HostContext): ControlApi {
  const all: ControlRoute[] = [...routes];
  all.push({
    method: "GET",
    path: "/__mock/",
    description: "this index",
    handle: () => ({
      status: 200,
      body: { routes: all.map((r) => ({ method: r.method, path: r.path, description: r.description })) },
    }),
  });
  return async (req) => {
    if (req.bodyTooLarge) {
      return problem(
        413,
        "Body too large",
        `body: larger than the mock's limit of ${req.bodyTooLarge} bytes`,
      );
    }
    const path = req.path === "/__mock" ? "/__mock/" : req.path;
    for (const r of all) {
      const params = r.method === req.method ? matchRoute(r.path, path) : undefined;
      if (!params) continue;
      let body: unknown;
      if (req.rawBody.length > 0) {
        try {
          body = JSON.parse(req.rawBody);
        } catch {
          return problem(400, "Malformed JSON body", "body: control calls take a JSON object");
        }
      }
      return r.handle({ params, query: Object.fromEntries(req.search), body }, ctx);
    }
    return problem(404, "Unknown control route", `${req.method} ${req.path}; GET /__mock/ lists them`);
  };
}
