// Shared by the proxy tests: the embedded mock with distinctive secrets, a scripted fake upstream, and the proxy.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { HOST_NAMES, type RunningMock, startMock } from "@pgi/mock";
import { targetFromNames } from "../../src/config/targets.js";
import type { Target } from "../../src/model/target.js";
import type { judge, Recorded, Verdict } from "../../src/proxy/judge.js";
import { masker } from "../../src/proxy/mask.js";
import { exchangeLines } from "../../src/proxy/output.js";
import { type ProxyOptions, type RunningProxy, startProxy } from "../../src/proxy/server.js";
import { loadSpecSet, type SpecSet } from "../../src/spec/spec-set.js";

/** Secrets no default shares, so a grep for them in any output means a leak. */
export const SECRETS = {
  salt: "S4lt-proxy-test-7f3a91",
  walletSecret: "W4llet-proxy-test-52bd0e",
  otpAuthorization: "0tpAuth-proxy-test-c19e44",
  partnerToken: "P4rtner-proxy-test-a07d13",
  webhookSecret: "Wh00k-proxy-test-6be2f8",
  accountsToken: "Acc0unts-proxy-test-90c4d1",
  payoutToken: "P4yout-proxy-test-3e5f77",
  bbpsToken: "Bbp5-proxy-test-d40a26",
} as const;

let specs: SpecSet | undefined;
/** The spec set, loaded once per test file. */
export const getSpecs = (): SpecSet => {
  specs ??= loadSpecSet();
  return specs;
};

/** Every secret value that must never appear in what the proxy prints or writes. */
export const secretValues = (): string[] => Object.values(SECRETS);

/** Starts the embedded mock on free ports with {@link SECRETS}, 100x faster clocks. */
export async function startSecretMock(): Promise<{ mock: RunningMock; target: Target }> {
  const mock = await startMock({
    ports: Object.fromEntries(HOST_NAMES.map((h) => [h, 0])),
    credentials: SECRETS,
    timeFactor: 0.01,
  });
  const target = targetFromNames("the embedded mock", mock.env);
  target.isMock = true;
  return { mock, target };
}

/** A running proxy with every exchange it judged, kept by the test (the proxy itself keeps none). */
export type TestProxy = RunningProxy & { exchanges: { rec: Recorded; verdict: Verdict }[] };

/** A proxy on free ports whose printed lines and judged exchanges are collected. */
export async function proxyFor(
  target: Target,
  extra: Omit<Partial<ProxyOptions>, "specs" | "target" | "onExchange" | "onError"> = {},
): Promise<{ proxy: TestProxy; lines: string[] }> {
  const lines: string[] = [];
  const seen: TestProxy["exchanges"] = [];
  const mask = masker(target);
  const proxy = await startProxy({
    specs: getSpecs(),
    target,
    portBase: 0,
    ...extra,
    onExchange: (rec, verdict) => {
      seen.push({ rec, verdict });
      lines.push(...exchangeLines(rec, verdict, mask));
    },
    onError: (message) => lines.push(`ERROR ${message}`),
  });
  return { proxy: Object.assign(proxy, { exchanges: seen }), lines };
}

/** Waits until `n` exchanges were judged (bounded: 30 s, for a loaded machine; it takes milliseconds alone). */
export async function exchanges(proxy: TestProxy, n: number) {
  const until = Date.now() + 30_000;
  while (proxy.exchanges.length < n && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
  return proxy.exchanges;
}

/** The failed check names of an exchange. */
export const failedChecks = (e: { verdict: ReturnType<typeof judge> }) =>
  e.verdict.findings.filter((f) => !f.ok && !f.warning).map((f) => f.check);

/** A scripted upstream: each request is answered by `answer`; every request is kept with its raw body. */
export async function fakeUpstream(
  answer: (req: IncomingMessage, body: Buffer, res: ServerResponse) => void,
) {
  const seen: { method: string; url: string; headers: string[]; body: Buffer; remotePort: number }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      seen.push({
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.rawHeaders,
        body,
        remotePort: req.socket.remotePort ?? 0,
      });
      answer(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Answers JSON with a status. */
export const json = (res: ServerResponse, status: number, body: unknown, type = "application/json") => {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, { "content-type": type, "content-length": String(Buffer.byteLength(text)) });
  res.end(text);
};
