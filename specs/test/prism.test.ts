// Each bundle loads in the plain Prism CLI (`prism mock`), which answers every documented example request.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { HOSTS, type Host } from "./helpers.js";
import { exampleRequests } from "./request-from-examples.js";

const prismBin = fileURLToPath(new URL("../node_modules/.bin/prism", import.meta.url));
const running: ChildProcess[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function startPrism(host: Host): Promise<string> {
  const port = await freePort();
  const file = fileURLToPath(new URL(`../dist/${host}.yaml`, import.meta.url));
  const child = spawn(prismBin, ["mock", file, "-h", "127.0.0.1", "-p", String(port), "-v", "silent"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.push(child);
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  // Prism's CLI starts in about a second alone, but much slower while other suites load both cores.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`prism exited on ${host}: ${output}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(5_000) });
      return url;
    } catch {
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  throw new Error(`prism did not start on ${host} within 180 s: ${output}`);
}

afterAll(() => {
  for (const child of running) child.kill("SIGTERM");
});

describe.each(HOSTS)("prism mock on the %s bundle", (host) => {
  const requests = exampleRequests(host);
  let baseUrl: Promise<string> | undefined;
  it.each(requests.map((r) => [r.operationId, r] as const))(
    "answers %s's documented example with a 2xx",
    async (_id, req) => {
      baseUrl ??= startPrism(host);
      const res = await fetch(`${await baseUrl}${req.path}`, {
        method: req.method,
        headers: req.headers,
        body: req.body,
      });
      const text = await res.text();
      expect(
        res.status,
        `${req.method} ${req.path} -> ${res.status} ${res.headers.get("sl-violations") ?? text}`,
      ).toBeGreaterThanOrEqual(200);
      expect(
        res.status,
        `${req.method} ${req.path} -> ${res.status} ${res.headers.get("sl-violations") ?? text}`,
      ).toBeLessThan(300);
    },
    300_000,
  );
});
