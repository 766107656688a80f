// The proxy's framing rule: a request whose body length could be read two ways is refused, never forwarded.
import type { IncomingMessage } from "node:http";

/** Methods whose requests carry no body unless their operation documents one. */
export const BODYLESS_METHODS = new Set(["GET", "HEAD", "DELETE", "OPTIONS", "TRACE"]);

/**
 * Why a request's framing is ambiguous, or undefined when it is not. Node's parser already refuses both
 * Content-Length and Transfer-Encoding, repeated or malformed Content-Length, and a Transfer-Encoding whose last
 * coding is not chunked; what reaches here is refused when:
 * - Transfer-Encoding is anything but exactly `chunked` (a coding before it, an empty value, repeated lines);
 * - Transfer-Encoding comes in an HTTP/1.0 request (it is not defined there);
 * - a GET, HEAD, DELETE, OPTIONS or TRACE request has a body (Content-Length above 0, or any Transfer-Encoding)
 *   and its operation documents none (no operation of the interface does).
 *
 * @example
 * framingProblem(req, false); // 'a GET request must not carry a body (it has Transfer-Encoding: chunked) …'
 */
export function framingProblem(req: IncomingMessage, documentsBody: boolean): string | undefined {
  const te = req.headers["transfer-encoding"];
  const cl = req.headers["content-length"];
  if (te === undefined && (cl === undefined || cl === "0")) return undefined;
  if (te !== undefined) {
    if (req.httpVersionMajor === 1 && req.httpVersionMinor === 0)
      return "Transfer-Encoding is not defined in HTTP/1.0, so the body's length is ambiguous";
    if (te.trim().toLowerCase() !== "chunked")
      return `Transfer-Encoding must be exactly "chunked", not ${JSON.stringify(te)}: the proxy forwards no other coding`;
  }
  const method = req.method ?? "GET";
  if (!documentsBody && BODYLESS_METHODS.has(method) && (te !== undefined || Number(cl) > 0))
    return `a ${method} request must not carry a body (it has ${te !== undefined ? "Transfer-Encoding: chunked" : `Content-Length: ${cl}`}): no ${method} operation of the interface documents one`;
  return undefined;
}
