// Sends a built request and records the exchange; a transport failure becomes a synthetic 599.
import type { Exchange } from "../model/finding.js";

import type { BuiltRequest } from "./build-request.js";

/**
 * Sends `req` and records the exchange; transport failures become a synthetic 599 with the error in the body.
 *
 * @example
 * const ex = await send(req, 10_000);
 */
export async function send(
  req: BuiltRequest,
  timeoutMs = 15_000,
  fetchImpl: typeof fetch = fetch,
): Promise<Exchange> {
  const request = {
    method: req.method,
    url: req.url,
    headers: req.headers,
    ...(req.body !== undefined ? { body: req.body } : {}),
  };
  try {
    const res = await fetchImpl(req.url, {
      method: req.method,
      headers: req.headers,
      ...(req.body !== undefined ? { body: req.body } : {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const headers: Record<string, string> = {};
    res.headers.forEach((v, k) => {
      headers[k] = v;
    });
    return { request, response: { status: res.status, headers, body: await res.text() } };
  } catch (error) {
    return {
      request,
      response: { status: 599, headers: {}, body: `transport error: ${(error as Error).message}` },
    };
  }
}
