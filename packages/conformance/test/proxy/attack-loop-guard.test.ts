// Attack: a callback relay whose destination is one of the proxy's own listeners, spelled every way a name or an
// address can reach it, is refused; a destination elsewhere on this machine is relayed.
import { hostname } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { targetFromNames } from "../../src/config/targets.js";
import { fakeUpstream, json, proxyFor, type TestProxy } from "./helpers.js";

let upstream: Awaited<ReturnType<typeof fakeUpstream>>;
let receiver: Awaited<ReturnType<typeof fakeUpstream>>;
let proxy: TestProxy;

beforeAll(async () => {
  upstream = await fakeUpstream((_req, _body, res) => json(res, 200, {}));
  receiver = await fakeUpstream((_req, _body, res) => json(res, 200, { received: true }));
  ({ proxy } = await proxyFor(
    targetFromNames("loop", { PGI_PARTNER_URL: upstream.url, PGI_GATEWAY_URL: upstream.url }),
  ));
});
afterAll(async () => {
  await proxy.close();
  await receiver.close();
  await upstream.close();
});

const relay = (to: string) =>
  fetch(`${proxy.urls.partner}/__proxy/relay?to=${encodeURIComponent(to)}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });

describe("the relay's loop guard", () => {
  const port = () => new URL(proxy.urls.gateway).port;
  const own = () => new URL(proxy.urls.partner).port;
  it.each([
    ["127.0.0.1", (p: string) => `http://127.0.0.1:${p}/x`],
    ["localhost", (p: string) => `http://localhost:${p}/x`],
    ["LOCALHOST. (upper case, trailing dot)", (p: string) => `http://LOCALHOST.:${p}/x`],
    ["a name under .localhost", (p: string) => `http://callbacks.localhost:${p}/x`],
    ["[::1]", (p: string) => `http://[::1]:${p}/x`],
    ["127.1", (p: string) => `http://127.1:${p}/x`],
    ["127.0.0.2", (p: string) => `http://127.0.0.2:${p}/x`],
    ["2130706433 (127.0.0.1 as a number)", (p: string) => `http://2130706433:${p}/x`],
    ["0x7f.1", (p: string) => `http://0x7f.1:${p}/x`],
    ["0.0.0.0", (p: string) => `http://0.0.0.0:${p}/x`],
    ["0", (p: string) => `http://0:${p}/x`],
    ["[::]", (p: string) => `http://[::]:${p}/x`],
    ["[::ffff:127.0.0.1]", (p: string) => `http://[::ffff:127.0.0.1]:${p}/x`],
    ["[::ffff:0:0]", (p: string) => `http://[::ffff:0.0.0.0]:${p}/x`],
    ["the machine's host name", (p: string) => `http://${hostname()}:${p}/x`],
    ["https to the same port", (p: string) => `https://localhost:${p}/x`],
  ])("to %s is refused with 400", async (_name, to) => {
    for (const p of [port(), own()]) {
      const res = await relay(to(p));
      expect(res.status, to(p)).toBe(400);
      expect(await res.text()).toMatch(/must not be one of the proxy's own listeners/);
    }
  });

  it("a destination on this machine that is not a listener of the proxy is relayed", async () => {
    const before = receiver.seen.length;
    const res = await relay(`http://localhost:${new URL(receiver.url).port}/hook`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    expect(receiver.seen.slice(before).map((s) => s.url)).toEqual(["/hook"]);
  });
});
