// Which URL `pgi-mock trigger --to` registers: the interface demands https://, and a developer's endpoint on this
// machine usually speaks plain http, so a loopback http:// URL is registered as https:// (the mock reaches
// loopback endpoints over http; see transportUrl in the webhook dispatcher).
import { CliUsageError } from "./io.js";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * The webhook_url to register for `--to URL`; a CliUsageError naming the rule when the URL cannot be one.
 *
 * @example
 * registrationUrl("http://127.0.0.1:8080/hook"); // "https://127.0.0.1:8080/hook"
 * registrationUrl("https://hooks.example.com/pgi"); // "https://hooks.example.com/pgi"
 * registrationUrl("http://hooks.example.com/pgi"); // throws: https:// only, http:// for loopback
 */
export function registrationUrl(to: string): string {
  let url: URL;
  try {
    url = new URL(to);
  } catch {
    throw new CliUsageError(`--to ${to}: not an absolute URL, e.g. http://127.0.0.1:8080/webhooks/pgi`);
  }
  if (url.username !== "" || url.password !== "")
    throw new CliUsageError("--to: a URL without user information (user:password@)");
  if (url.protocol === "https:") return url.toString();
  if (url.protocol === "http:" && LOOPBACK.has(url.hostname)) {
    url.protocol = "https:";
    // An http URL without a port means port 80; keep it explicit so the mock reaches the same port over http.
    if (url.port === "") url.port = "80";
    return url.toString();
  }
  if (url.protocol === "http:")
    throw new CliUsageError(
      `--to ${to}: webhook URLs are https:// (the interface's rule); http:// is accepted for 127.0.0.1, localhost and [::1] only`,
    );
  throw new CliUsageError(`--to ${to}: an http:// or https:// URL`);
}
