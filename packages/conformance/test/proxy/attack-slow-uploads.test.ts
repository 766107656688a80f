// Attack: slow uploads over raw sockets must not stop the proxy forwarding anything else to the same host, and a
// client that does not finish its request in time gets a 408 and a closed connection; a full pool answers 503.
import { request } from "node:http";
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { targetFromNames } from "../../src/config/targets.js";
import { rawExchange, until } from "./attack-helpers.js";
import { fakeUpstream, json, proxyFor, SECRETS } from "./helpers.js";

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function setup(answer: Parameters<typeof fakeUpstream>[0], extra: Parameters<typeof proxyFor>[1] = {}) {
  const upstream = await fakeUpstream(answer);
  const target = targetFromNames("a fake upstream", {
    PGI_GATEWAY_URL: upstream.url,
    PGI_MERCHANT_KEY: "Jx7Kq2",
    PGI_SALT: SECRETS.salt,
  });
  const { proxy, lines } = await proxyFor(target, extra);
  cleanup.push(upstream.close, proxy.close);
  return { upstream, proxy, lines, port: Number(new URL(proxy.urls.gateway).port) };
}

/** A POST of `path` with node:http on a fresh connection; resolves with its status, or 0 after `boundMs`. */
function ordinary(url: string, boundMs = 10_000): Promise<{ status: number; body: string; ms: number }> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const req = request(
      url,
      { method: "POST", agent: false, headers: { "content-type": "text/plain" } },
      (res) => {
        let body = "";
        res.on("data", (c: Buffer) => {
          body += c.toString();
        });
        res.on("end", () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - t0 });
        });
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      resolve({ status: 0, body: "", ms: performance.now() - t0 });
    }, boundMs);
    req.on("error", () => {
      clearTimeout(timer);
      resolve({ status: 0, body: "", ms: performance.now() - t0 });
    });
    req.end("a=1");
  });
}

const HEAD = "POST /_payment HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n";

describe("slow uploads", () => {
  it("80 uploads sending a byte a second do not stop 6 ordinary requests to the same host", async () => {
    const { port } = await setup((_req, _body, res) => json(res, 200, { ok: true }));
    const slow: Socket[] = [];
    cleanup.push(() => {
      for (const s of slow) s.destroy();
    });
    await Promise.all(
      Array.from(
        { length: 80 },
        () =>
          new Promise<void>((resolve) => {
            const s = connect(port, "127.0.0.1", () => {
              s.write(`${HEAD}Content-Length: 1000\r\n\r\nk`, () => resolve());
            });
            s.on("error", () => {});
            slow.push(s);
          }),
      ),
    );
    const trickle = setInterval(() => {
      for (const s of slow) if (!s.destroyed) s.write("e");
    }, 1000);
    cleanup.push(() => clearInterval(trickle));
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => ordinary(`http://127.0.0.1:${port}/_payment`)),
    );
    console.log(
      `ordinary requests during 80 slow uploads: ${answers.map((a) => `${a.status} in ${a.ms.toFixed(1)} ms`).join(", ")}`,
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
  }, 30_000);

  it("a body that stops arriving gets 408 after the idle limit and the connection is closed", async () => {
    const { upstream, port, lines } = await setup((_req, _body, res) => json(res, 200, {}), {
      bodyIdleTimeoutMs: 300,
      requestTimeoutMs: 5000,
    });
    const got = await rawExchange(port, `${HEAD}Content-Length: 100\r\n\r\nkey=Jx7`);
    expect(got.status).toBe(408);
    expect(got.closed).toBe(true);
    expect(got.text).toMatch(/no byte of the request body arrived for 300 ms/);
    expect(upstream.seen).toHaveLength(0);
    expect(await until(() => lines.find((l) => / 408 /.test(l)))).toMatch(
      /^FAIL gateway initiateHostedCheckoutPayment 408 .*\(refused: /,
    );
  });

  it("a body trickling in under the idle limit gets 408 once the request limit passed", async () => {
    const { upstream, port } = await setup((_req, _body, res) => json(res, 200, {}), {
      bodyIdleTimeoutMs: 2000,
      requestTimeoutMs: 1500,
    });
    const s = connect(port, "127.0.0.1");
    cleanup.push(() => {
      s.destroy();
    });
    let text = "";
    s.on("data", (d: Buffer) => {
      text += d.toString();
    });
    s.on("error", () => {});
    const closed = new Promise<boolean>((resolve) => s.on("close", () => resolve(true)));
    s.write(`${HEAD}Content-Length: 1000\r\n\r\nk`);
    const trickle = setInterval(() => s.write("e"), 100);
    cleanup.push(() => clearInterval(trickle));
    const bounded = await Promise.race([closed, new Promise((r) => setTimeout(() => r(false), 10_000))]);
    expect(bounded).toBe(true);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text).toMatch(/did not arrive within 1500 ms/);
    expect(upstream.seen).toHaveLength(0);
  });

  it("headers that trickle in get 408 and the connection is closed", async () => {
    const { port } = await setup((_req, _body, res) => json(res, 200, {}), { requestTimeoutMs: 1000 });
    const s = connect(port, "127.0.0.1");
    cleanup.push(() => {
      s.destroy();
    });
    let text = "";
    s.on("data", (d: Buffer) => {
      text += d.toString();
    });
    s.on("error", () => {});
    const closed = new Promise<boolean>((resolve) => s.on("close", () => resolve(true)));
    s.write("POST /_payment HTTP/1.1\r\nHost: x\r\nX-Slow: ");
    const trickle = setInterval(() => s.write("a"), 100);
    cleanup.push(() => clearInterval(trickle));
    const bounded = await Promise.race([closed, new Promise((r) => setTimeout(() => r(false), 10_000))]);
    expect(bounded).toBe(true);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("a large body streamed upstream that stalls gets 408 and the upstream never gets a whole request", async () => {
    const { upstream, port } = await setup((_req, _body, res) => json(res, 200, {}), {
      bodyIdleTimeoutMs: 300,
      requestTimeoutMs: 5000,
    });
    const part = Buffer.alloc(1536 * 1024, "a");
    const got = await rawExchange(
      port,
      Buffer.concat([Buffer.from(`${HEAD}Content-Length: 2097152\r\n\r\n`), part]),
    );
    expect(got.status).toBe(408);
    expect(got.text).toMatch(/no byte of the request body arrived for 300 ms/);
    expect(got.closed).toBe(true);
    expect(upstream.seen).toHaveLength(0);
  });
});

describe("a full upstream pool", () => {
  it("queues with a bound and a timeout, answering 503 with the reason; freed connections serve again", async () => {
    const held: (() => void)[] = [];
    const { upstream, port, lines } = await setup(
      (_req, _body, res) => {
        held.push(() => json(res, 200, { ok: true }));
      },
      { upstreamConnections: 2, queueLimit: 1, queueTimeoutMs: 400 },
    );
    const url = `http://127.0.0.1:${port}/_payment`;
    const first = [ordinary(url), ordinary(url)];
    expect(await until(() => upstream.seen.length === 2)).toBe(true);
    const queued = await ordinary(url);
    expect(queued.status).toBe(503);
    expect(queued.body).toMatch(/all 2 connections to 127\.0\.0\.1:\d+ were busy for 400 ms/);
    const [a, b] = await Promise.all([ordinary(url), ordinary(url)]);
    expect([a?.status, b?.status]).toEqual([503, 503]);
    expect(`${a?.body}${b?.body}`).toMatch(/1 request\(s\) already waiting/);
    for (const release of held.splice(0)) release();
    expect((await Promise.all(first)).map((r) => r.status)).toEqual([200, 200]);
    const again = ordinary(url);
    expect(await until(() => held.length === 1)).toBe(true);
    held[0]?.();
    expect((await again).status).toBe(200);
    expect(
      lines.filter((l) =>
        /^FAIL gateway initiateHostedCheckoutPayment 503 .*\(refused: upstream busy\)$/.test(l),
      ),
    ).toHaveLength(3);
  });
});

describe("a client that stops reading its answer", () => {
  it("is disconnected after the idle limit, so the upstream connection it held serves others", async () => {
    const big = Buffer.alloc(64 * 1024 * 1024, "z");
    const { port } = await setup(
      (req, _body, res) => {
        if (req.url === "/big") {
          res.writeHead(200, { "content-type": "application/octet-stream" });
          res.end(big);
        } else json(res, 200, { ok: true });
      },
      { upstreamConnections: 1, queueTimeoutMs: 5000, bodyIdleTimeoutMs: 300 },
    );
    const reader = connect(port, "127.0.0.1");
    cleanup.push(() => {
      reader.destroy();
    });
    reader.on("error", () => {});
    let received = 0;
    const closed = new Promise<boolean>((resolve) => reader.on("close", () => resolve(true)));
    const began = new Promise<void>((resolve) =>
      reader.once("data", (d: Buffer) => {
        received += d.length;
        reader.pause(); // the answer began; nothing more is read for now
        resolve();
      }),
    );
    reader.write("POST /big HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n");
    await began;
    // The only upstream connection is held by the stalled answer until the proxy gives up on its reader.
    const next = await ordinary(`http://127.0.0.1:${port}/_payment`);
    expect(next.status).toBe(200);
    reader.on("data", (d: Buffer) => {
      received += d.length;
    });
    reader.resume();
    const bounded = await Promise.race([closed, new Promise((r) => setTimeout(() => r(false), 10_000))]);
    expect(bounded).toBe(true);
    expect(received).toBeLessThan(big.length);
  });
});
