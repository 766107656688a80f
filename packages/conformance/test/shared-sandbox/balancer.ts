// A round-robin TCP balancer (node:net) in front of the shared-sandbox instances: one listening port per host on
// 127.0.0.1, each new connection handed to the next instance in turn. The turn is shared by every host, so the
// first connections of different hosts land on different instances and a flow's steps cross instances.

import type { AddressInfo } from "node:net";
import { connect, createServer, type Server, type Socket } from "node:net";
import { HOST_NAMES, type HostName } from "@pgi/mock";

/** A running balancer: the URL of each host, and how many connections went to each instance. */
export interface Balancer {
  urls: Record<HostName, string>;
  /** Connections of `host` per instance, in the order of the upstream ports given. */
  upstreamCounts(host: HostName): number[];
  close(): Promise<void>;
}

/**
 * Listens on a free port per host and forwards each connection to `upstreams[host][i]`, i taking turns.
 *
 * @example
 * const lb = await startBalancer({ otp: [4010, 5010, 6010], ... });
 * await fetch(`${lb.urls.otp}/__mock/health`);
 */
export async function startBalancer(upstreams: Record<HostName, number[]>): Promise<Balancer> {
  const servers: Server[] = [];
  const sockets = new Set<Socket>();
  const counts = Object.fromEntries(HOST_NAMES.map((h) => [h, upstreams[h].map(() => 0)])) as Record<
    HostName,
    number[]
  >;
  const urls = {} as Record<HostName, string>;
  let turn = 0;
  for (const host of HOST_NAMES) {
    const ports = upstreams[host];
    const server = createServer((client) => {
      const i = turn++ % ports.length;
      const port = ports[i] as number;
      counts[host][i] = (counts[host][i] ?? 0) + 1;
      const upstream = connect(port, "127.0.0.1");
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.once("close", () => sockets.delete(s));
        s.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    servers.push(server);
    urls[host] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  return {
    urls,
    upstreamCounts: (host) => [...counts[host]],
    async close() {
      for (const s of sockets) s.destroy();
      await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
    },
  };
}
