import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { EndpointUnreachableError, UsageError } from "../errors.js";
import { endpointUrl, probeEndpoint, shownUrl } from "./endpoint.js";

describe("endpointUrl and shownUrl", () => {
  it.each([
    ["ftp://example.in/hook", /ftp: is not supported; give an http:\/\/ or https:\/\/ URL/],
    ["not a url", /not a URL/],
    ["//me:secret@host/x", /\/\/me:\*\*\*\*@host\/x is not a URL/],
  ])("refuses %s with a UsageError", (text, message) => {
    expect(() => endpointUrl(text)).toThrow(UsageError);
    expect(() => endpointUrl(text)).toThrow(message);
  });

  it("keeps http and https URLs and masks a password when printing one", () => {
    expect(endpointUrl("https://example.in/hook").host).toBe("example.in");
    expect(shownUrl(endpointUrl("https://me:s3cr%3At@example.in:8443/hook?x=1"))).toBe(
      "https://me:****@example.in:8443/hook?x=1",
    );
    expect(shownUrl(endpointUrl("http://127.0.0.1:8080/hook"))).toBe("http://127.0.0.1:8080/hook");
  });
});

describe("probeEndpoint", () => {
  it("resolves when a connection opens, and sends nothing", async () => {
    let bytes = 0;
    const server = createServer((socket) => socket.on("data", (d) => (bytes += d.length)));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as { port: number };
    await probeEndpoint(endpointUrl(`http://127.0.0.1:${port}/hook`), 5_000);
    await new Promise<void>((r) => server.close(() => r()));
    expect(bytes).toBe(0);
  });

  it("names the URL, password masked, when nothing listens", async () => {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as { port: number };
    await new Promise<void>((r) => server.close(() => r()));
    const probe = probeEndpoint(endpointUrl(`http://me:pw@127.0.0.1:${port}/hook`), 5_000);
    await expect(probe).rejects.toThrow(EndpointUnreachableError);
    await expect(probe).rejects.toThrow(
      `http://me:****@127.0.0.1:${port}/hook is unreachable: connection refused`,
    );
  });
});
