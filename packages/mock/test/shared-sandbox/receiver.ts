// A webhook receiver for the shared-sandbox tests: records every request it gets (time, body) and answers each
// delivery's attempts from a plan (a status per attempt, by the payload's merchant_uuid; 200 once it runs out).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One request the receiver got. */
export interface Received {
  at: number;
  merchant: string;
  body: string;
  /** The Authorization header (the webhook's signature). */
  authorization: string;
  status: number;
}

/** A running receiver. */
export interface Receiver {
  port: number;
  /** The URL to register (https: the mock reaches a loopback https URL over http). */
  url: string;
  got: Received[];
  /** The requests for one merchant_uuid, in order. */
  of(merchant: string): Received[];
  close(): Promise<void>;
}

/**
 * Starts a receiver on 127.0.0.1 and a free port.
 *
 * @example
 * const rx = await startReceiver((merchant) => [500, 200]); // each delivery: fail once, then accept
 */
export async function startReceiver(plan: (merchant: string) => readonly number[]): Promise<Receiver> {
  const got: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let merchant = "";
      try {
        merchant = String((JSON.parse(body) as { merchant_uuid?: unknown }).merchant_uuid ?? "");
      } catch {
        // not a webhook
      }
      const n = got.filter((g) => g.merchant === merchant).length;
      const status = plan(merchant)[n] ?? 200;
      got.push({ at: Date.now(), merchant, body, authorization: req.headers.authorization ?? "", status });
      res.writeHead(status, { "content-type": "application/json" });
      res.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `https://127.0.0.1:${port}/hook`,
    got,
    of: (merchant) => got.filter((g) => g.merchant === merchant),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
