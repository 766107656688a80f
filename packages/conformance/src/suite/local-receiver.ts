// A tiny local HTTP receiver for flows (webhooks, surl callbacks) that records requests and answers from a script,
// and polling with a bound.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** A running receiver: what it got, its port, and how to stop it. */
export interface LocalReceiver {
  got: { body: string; headers: IncomingMessage["headers"] }[];
  port: number;
  close(): Promise<void>;
}

/**
 * Starts a receiver on a free port of 127.0.0.1 that answers each request with the next status of `answers`
 * (200 once they run out).
 *
 * @example
 * const rx = await receiver([500, 200]); // the first delivery fails, the retry succeeds
 */
export async function receiver(answers: number[]): Promise<LocalReceiver> {
  const got: LocalReceiver["got"] = [];
  const script = [...answers];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      got.push({ body, headers: req.headers });
      res.statusCode = script.shift() ?? 200;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    got,
    port,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/**
 * Polls `probe` every 20 ms until it gives a value, or `ms` pass (then undefined).
 *
 * @example
 * const first = await until(() => rx.got[0], 10_000);
 */
export async function until<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  ms = 5_000,
): Promise<T | undefined> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await probe();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
  return undefined;
}
