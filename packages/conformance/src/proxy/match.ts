// Routes a request arriving at a host's listener: a documented operation, a relayed callback, mock control, or none.
import type { Host } from "../model/target.js";
import { findOperation, type Operation, type SpecSet } from "../spec/spec-set.js";

/** The path of the callback relay: `/__proxy/relay?to=<URL-encoded destination>`. */
export const RELAY_PATH = "/__proxy/relay";

/** Which callback a relay listener carries, by host. */
export const RELAY_KINDS: Partial<Record<Host, "collectFinalResponse" | "merchantStatusUpdate">> = {
  gateway: "collectFinalResponse",
  partner: "merchantStatusUpdate",
};

/** What a request is. */
export type Route =
  | { kind: "operation"; op: Operation }
  | { kind: "relay"; callback: "collectFinalResponse" | "merchantStatusUpdate"; to: URL }
  | { kind: "control" }
  | { kind: "unmatched" }
  | { kind: "bad-relay"; reason: string };

/**
 * Matches a request on `host`'s listener by method and path (the path as the client sent it, before the
 * upstream base path is prepended).
 *
 * @example
 * route(specs, "gateway", "POST", "/_payment"); // { kind: "operation", op }
 * route(specs, "partner", "POST", "/__proxy/relay?to=https%3A%2F%2Fpartner.example.in%2Fhook");
 */
export function route(specs: SpecSet, host: Host, method: string, rawPath: string): Route {
  const q = rawPath.indexOf("?");
  const path = q === -1 ? rawPath : rawPath.slice(0, q);
  if (path === RELAY_PATH) return relay(host, method, rawPath.slice(q + 1));
  if (path.startsWith("/__mock/")) return { kind: "control" };
  const op = findOperation(specs, method, path, host);
  return op ? { kind: "operation", op } : { kind: "unmatched" };
}

function relay(host: Host, method: string, query: string): Route {
  const callback = RELAY_KINDS[host];
  if (!callback)
    return {
      kind: "bad-relay",
      reason: `${RELAY_PATH} is served on the gateway (Collect final responses) and partner (webhooks) listeners only, not on ${host}`,
    };
  if (method !== "POST")
    return { kind: "bad-relay", reason: `${RELAY_PATH}: method must be POST, not ${method}` };
  const to = new URLSearchParams(query).get("to");
  if (!to)
    return {
      kind: "bad-relay",
      reason: `${RELAY_PATH}: query parameter to (the destination URL) is required`,
    };
  let url: URL;
  try {
    url = new URL(to);
  } catch {
    return {
      kind: "bad-relay",
      reason: `${RELAY_PATH}: to must be an absolute URL, not ${JSON.stringify(to)}`,
    };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return {
      kind: "bad-relay",
      reason: `${RELAY_PATH}: to must be an http or https URL, not ${url.protocol}`,
    };
  return { kind: "relay", callback, to: url };
}

/**
 * The upstream URL of a request: the host's configured base URL (its path kept) followed by the request's path
 * and query exactly as sent.
 *
 * @example
 * upstreamUrl("https://sandbox.example.in/pg", "/_payment?x=1"); // https://sandbox.example.in/pg/_payment?x=1
 */
export function upstreamUrl(base: string, rawPath: string): URL {
  const b = new URL(base);
  return new URL(
    `${b.origin}${b.pathname.replace(/\/$/, "")}${rawPath.startsWith("/") ? "" : "/"}${rawPath}`,
  );
}
