// Sends a built request, records the exchange, and renders it as a curl line with secrets masked.
import type { Exchange } from "./checks.js";
import type { BuiltRequest, Target } from "./request-builder.js";

/** Masks every configured secret value in `text`. */
export function maskSecrets(text: string, target: Target): string {
  const secrets = Object.entries(target.creds)
    .filter(([name, v]) => v && v.length >= 4 && /SALT|SECRET|TOKEN|AUTHORIZATION/.test(name))
    .map(([, v]) => v as string);
  let out = text;
  for (const s of secrets) out = out.split(s).join("****");
  return out.replace(/\b[0-9a-f]{128}\b/g, (h) => `${h.slice(0, 8)}…`);
}

const quote = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;

/** A curl line reproducing the request, secrets masked. */
export function curlLine(req: BuiltRequest, target: Target): string {
  const parts = ["curl", "-X", req.method, quote(req.url)];
  for (const [k, v] of Object.entries(req.headers)) parts.push("-H", quote(`${k}: ${v}`));
  if (req.body !== undefined) parts.push("--data-raw", quote(req.body));
  return maskSecrets(parts.join(" "), target);
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
