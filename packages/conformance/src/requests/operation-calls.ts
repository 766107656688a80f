// Calling operations by id for flows and case setups (build, send, parse), and the mock's control API.
import type { Exchange } from "../model/finding.js";
import type { Host, Target } from "../model/target.js";
import { type Operation, operationById, type SpecSet } from "../spec/spec-set.js";
import { type BuildOptions, type BuiltRequest, buildRequest } from "./build-request.js";
import { send } from "./send.js";

type Json = Record<string, unknown>;

/** One sent operation: the request, the exchange, and the answer's body parsed as JSON where it is JSON. */
export interface Sent {
  op: Operation;
  req: BuiltRequest;
  ex: Exchange;
  body: unknown;
}

/**
 * Builds the request of `operationId` with `build` and the target's credentials, sends it, and parses the answer.
 *
 * @example
 * const { ex, body } = await sendOperation(specs, target, "sendOtp", { body: exampleOf(specs, "sendOtp") });
 */
export async function sendOperation(
  specs: SpecSet,
  target: Target,
  operationId: string,
  build: BuildOptions,
  fetchImpl?: typeof fetch,
): Promise<Sent> {
  const op = operationById(specs, operationId);
  const req = buildRequest(specs, op, target, build);
  const ex = await send(req, 15_000, fetchImpl);
  let body: unknown = ex.response.body;
  try {
    body = JSON.parse(ex.response.body);
  } catch {}
  return { op, req, ex, body };
}

/**
 * Calls the mock's control API on `host` (GET without a body, POST with one), bounded to 5 s; the JSON answer, or
 * undefined when it is not a 2xx.
 *
 * @example
 * const otps = (await mockControl(target, "otp", "otps"))?.otps;
 */
export async function mockControl(
  target: Target,
  host: Host,
  path: string,
  body?: unknown,
  fetchImpl: typeof fetch = fetch,
): Promise<Json | undefined> {
  const res = await fetchImpl(`${target.urls[host]}/__mock/${path}`, {
    method: body === undefined ? "GET" : "POST",
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
    signal: AbortSignal.timeout(5_000),
  });
  return res.ok ? ((await res.json()) as Json) : undefined;
}
