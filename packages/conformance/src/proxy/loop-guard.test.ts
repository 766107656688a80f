import { hostname } from "node:os";
import { describe, expect, it } from "vitest";
import { isLoopback, reachesProxy } from "./loop-guard.js";

describe("isLoopback", () => {
  it.each([
    ["127.0.0.1", true],
    ["127.255.3.4", true],
    ["0.0.0.0", true],
    ["::1", true],
    ["::", true],
    ["0:0:0:0:0:0:0:1", true],
    ["::ffff:127.0.0.1", true],
    ["::ffff:7f00:1", true],
    ["::ffff:0:0", true],
    ["::127.0.0.1", true],
    ["fe80::1%lo", false],
    ["::2", false],
    ["10.0.0.1", false],
    ["128.0.0.1", false],
    ["::ffff:10.0.0.1", false],
    ["2001:db8::7f00:1", false],
  ])("%s: %s", (address, expected) => {
    expect(isLoopback(address)).toBe(expected);
  });
});

describe("reachesProxy", () => {
  const ports = new Set([4111, 4113]);
  it.each([
    ["http://localhost:4111/x", true],
    ["http://127.1:4113/", true],
    ["http://[::ffff:127.0.0.1]:4111/", true],
    [`http://${hostname()}:4111/`, true],
    ["http://localhost:4112/x", false], // not a port of the proxy
    ["http://localhost/x", false], // port 80
    ["http://10.0.0.1:4111/x", false],
    ["http://no-such-host.invalid:4111/x", false], // does not resolve, so cannot be reached
  ])("%s: %s", async (url, expected) => {
    expect(await reachesProxy(new URL(url), ports)).toBe(expected);
  });

  it("counts the default port of the scheme", async () => {
    expect(await reachesProxy(new URL("https://localhost/x"), new Set([443]))).toBe(true);
    expect(await reachesProxy(new URL("http://localhost/x"), new Set([80]))).toBe(true);
  });
});
