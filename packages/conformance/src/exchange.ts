// Sends a built request, records the exchange, and renders it as a curl line with secrets as variable references.
import type { Exchange } from "./checks.js";
import { type RequestLine, reproduceLine } from "./reproduce.js";
import type { BuiltRequest, Target } from "./request-builder.js";

/**
 * A complete curl line reproducing the request, every secret written as a `$PGI_*` reference.
 *
 * @example
 * curlLine(req, target); // curl -sS -X GET 'http://…' -H "Authorization: Bearer $PGI_BBPS_TOKEN"
 */
export function curlLine(req: RequestLine, target: Pick<Target, "creds">): string {
  return reproduceLine(req, target);
}

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
