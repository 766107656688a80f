// The endpoint under grading: its URL checked (http or https), written with any password masked, and a reachability
// probe that opens a connection (TLS included for https) without sending a request.
import { connect as netConnect } from "node:net";
import { connect as tlsConnect } from "node:tls";
import { EndpointUnreachableError, UsageError } from "../errors.js";
import { transportError } from "./send-delivery.js";

/**
 * The URL of the endpoint, or a UsageError naming what is wrong with it.
 *
 * @example
 * endpointUrl("http://127.0.0.1:8080/pgi/webhook").port; // "8080"
 */
export function endpointUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(
      `receiver URL: ${maskUrlText(text)} is not a URL; give http://HOST:PORT/PATH or https://…`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new UsageError(`receiver URL: ${url.protocol} is not supported; give an http:// or https:// URL`);
  return url;
}

/**
 * The URL as reports print it: a password in it written as `****`.
 *
 * @example
 * shownUrl(new URL("https://me:pw@example.in/hook")); // "https://me:****@example.in/hook"
 */
export function shownUrl(url: URL): string {
  if (!url.password) return url.toString();
  const copy = new URL(url.toString());
  copy.password = "****";
  return copy.toString().replace("%2A%2A%2A%2A", "****");
}

/** A URL-looking text with the part between `//user:` and `@` masked (for text that does not parse). */
function maskUrlText(text: string): string {
  return text.replace(/(\/\/[^/:@]*:)[^@/]*@/, "$1****@");
}

const port = (url: URL) => Number(url.port || (url.protocol === "https:" ? 443 : 80));

/**
 * Resolves when a connection to the endpoint opens (and, for https, its TLS handshake completes), or rejects with
 * an EndpointUnreachableError naming the URL (password masked) and why it is unreachable. Sends no HTTP request.
 *
 * @example
 * await probeEndpoint(endpointUrl("http://127.0.0.1:8080/hook"), 5_000);
 */
export function probeEndpoint(url: URL, timeoutMs: number): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return new Promise((resolve, reject) => {
    const socket =
      url.protocol === "https:"
        ? tlsConnect({ host, port: port(url), servername: /^[\d.:]+$/.test(host) ? undefined : host })
        : netConnect({ host, port: port(url) });
    const fail = (why: string) => {
      socket.destroy();
      reject(new EndpointUnreachableError(`${shownUrl(url)} is unreachable: ${why}`));
    };
    const timer = setTimeout(() => fail(`no connection within ${timeoutMs / 1000} s`), timeoutMs);
    socket.once(url.protocol === "https:" ? "secureConnect" : "connect", () => {
      clearTimeout(timer);
      socket.end();
      socket.destroy();
      resolve();
    });
    socket.once("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      fail(transportError(error));
    });
  });
}
