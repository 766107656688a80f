import { createHash } from "node:crypto";
import { Agent, request } from "node:http";
import { connect } from "node:net";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { targetFromNames } from "../../src/config/targets.js";
import { buildRequest } from "../../src/requests/build-request.js";
import { requestBody } from "../../src/spec/request-body.js";
import { deref } from "../../src/spec/spec-set.js";
import { exchanges, failedChecks, fakeUpstream, getSpecs, json, proxyFor, SECRETS } from "./helpers.js";

const specs = getSpecs();
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
/** Deterministic bytes covering every value 0..255 (not valid UTF-8). */
const bytes = (n: number, seed: number) => {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = (i * 31 + seed) & 0xff;
  return b;
};

const cleanup: (() => Promise<void>)[] = [];
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
  return { upstream, proxy, lines, target };
}

/** POSTs raw bytes through the proxy with node:http and collects the answer bytes. */
function post(url: string, body: Buffer, headers: Record<string, string>, agent?: Agent) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer; reused: boolean }>(
    (resolve, reject) => {
      const req = request(url, { method: "POST", headers, ...(agent ? { agent } : {}) }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            reused: req.reusedSocket,
          }),
        );
      });
      req.on("error", reject);
      req.end(body);
    },
  );
}

describe("forwarding", () => {
  it("forwards a 3 MiB body and a 2 MiB answer byte for byte, headers kept, Host rewritten", async () => {
    const answer = bytes(2 * 1024 * 1024, 7);
    const { upstream, proxy } = await setup((_req, _body, res) => {
      res.writeHead(200, { "content-type": "application/octet-stream", "X-Upstream-Case": "Kept" });
      res.end(answer);
    });
    const body = bytes(3 * 1024 * 1024, 3);
    const res = await post(`${proxy.urls.gateway}/_payment?x=1&x=2`, body, {
      "content-type": "application/octet-stream",
      "X-Merchant-Trace": "t-42",
    });
    expect(res.status).toBe(200);
    expect(sha(res.body)).toBe(sha(answer));
    expect(res.headers["x-upstream-case"]).toBe("Kept");
    const seen = upstream.seen[0];
    expect(seen?.url).toBe("/_payment?x=1&x=2");
    expect(sha(seen?.body ?? Buffer.alloc(0))).toBe(sha(body));
    expect(seen?.headers).toEqual(
      expect.arrayContaining(["X-Merchant-Trace", "t-42", "Host", new URL(upstream.url).host]),
    );
    const [exchange] = await exchanges(proxy, 1);
    expect(exchange?.verdict.findings.find((f) => f.warning)?.message).toMatch(
      /longer than the capture limit/,
    );
  });

  it("passes a gzip answer through compressed and checks it decompressed", async () => {
    const op = specs.operations.find((o) => o.operationId === "generateWalletToken");
    const doc = specs.docs.get("wallet");
    const media =
      op &&
      Object.values(
        (
          deref(doc, (op.raw.responses as Record<string, unknown>)["200"]) as {
            content: Record<string, { examples: Record<string, unknown> }>;
          }
        ).content,
      )[0];
    const example = (deref(doc, media?.examples.invalidOtp) as { value: unknown }).value;
    const zipped = gzipSync(JSON.stringify(example));
    const upstream = await fakeUpstream((_req, _body, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
      res.end(zipped);
    });
    const { proxy } = await proxyFor(targetFromNames("gzip upstream", { PGI_WALLET_URL: upstream.url }));
    cleanup.push(upstream.close, proxy.close);
    const res = await post(`${proxy.urls.wallet}/tokengenerate`, Buffer.from("mid=M"), {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(sha(res.body)).toBe(sha(zipped));
    expect(res.headers["content-encoding"]).toBe("gzip");
    const [exchange] = await exchanges(proxy, 1);
    const schema = exchange?.verdict.findings.filter((f) => f.check === "response_schema") ?? [];
    expect(schema).toEqual([{ check: "response_schema", ok: true }]);
  });

  it("keeps connections alive on both legs", async () => {
    const { upstream, proxy } = await setup((_req, _body, res) => json(res, 418, { n: 1 }));
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    cleanup.push(async () => agent.destroy());
    const results = [];
    for (let i = 0; i < 3; i++)
      results.push(await post(`${proxy.urls.gateway}/_payment`, Buffer.from("a=1"), {}, agent));
    expect(results.map((r) => r.reused)).toEqual([false, true, true]);
    expect(new Set(upstream.seen.map((s) => s.remotePort)).size).toBe(1);
  });

  it("survives a client that closes its socket mid-body, and keeps serving", async () => {
    const { proxy } = await setup((_req, _body, res) => json(res, 200, {}));
    const port = Number(new URL(proxy.urls.gateway).port);
    await new Promise<void>((resolve) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.write("POST /_payment HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\nkey=Jx7");
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 20);
      });
    });
    const res = await post(`${proxy.urls.gateway}/_payment`, Buffer.from("a=1"), {});
    expect(res.status).toBe(200);
    const judged = await exchanges(proxy, 1);
    expect(judged).toHaveLength(1); // the broken-off request is not an exchange
  });

  it("answers 502 naming the host when the upstream is unreachable, and reports it", async () => {
    const { upstream, proxy, lines } = await setup((_req, _body, res) => json(res, 200, {}));
    await upstream.close();
    const res = await post(`${proxy.urls.gateway}/_payment`, Buffer.from("a=1"), {});
    expect(res.status).toBe(502);
    expect(res.body.toString()).toMatch(/Upstream unreachable/);
    const [exchange] = await exchanges(proxy, 1);
    expect(failedChecks(exchange as NonNullable<typeof exchange>)).toContain("not_a_server_error");
    expect(lines[0]).toMatch(/^FAIL gateway initiateHostedCheckoutPayment 502 /);
  });
});

describe("--enforce", () => {
  const mandate = (target: Parameters<typeof buildRequest>[2]) => {
    const op = specs.operations.find((o) => o.operationId === "authorizeMandateTransaction");
    if (!op) throw new Error("no operation");
    const example = requestBody(specs, op)?.examples[0]?.[1] as Record<string, unknown>;
    return buildRequest(specs, op, target, { body: example });
  };

  it("answers a request that breaks the contract with the documented 400 and does not forward it", async () => {
    const { upstream, proxy, lines, target } = await setup((_req, _body, res) => json(res, 200, {}), {
      enforce: true,
    });
    const built = mandate(target);
    const form = new URLSearchParams(built.body);
    form.delete("txnid");
    const res = await post(
      `${proxy.urls.gateway}/AuthorizeTransaction.php`,
      Buffer.from(form.toString()),
      built.headers,
    );
    expect(res.status).toBe(400);
    expect(res.headers["x-pgi-proxy-violation"]).toMatch(/request_valid at request body \/txnid/);
    expect(JSON.parse(res.body.toString())).toHaveProperty("metaData"); // the spec's documented 400 example
    expect(upstream.seen).toHaveLength(0);
    expect(lines[0]).toMatch(/^FAIL gateway authorizeMandateTransaction 400 .*\(refused by --enforce\)$/);
  });

  it("forwards a request that keeps the contract", async () => {
    const { upstream, proxy, target } = await setup((_req, _body, res) => json(res, 418, {}), {
      enforce: true,
    });
    const built = mandate(target);
    const res = await post(
      `${proxy.urls.gateway}/AuthorizeTransaction.php`,
      Buffer.from(built.body ?? ""),
      built.headers,
    );
    expect(res.status).toBe(418);
    expect(upstream.seen).toHaveLength(1);
    expect(upstream.seen[0]?.body.toString()).toBe(built.body);
  });

  it("refuses a body over the limit with a clear 413; without --enforce the same body is forwarded", async () => {
    const { upstream, proxy } = await setup((_req, _body, res) => json(res, 200, {}), {
      enforce: true,
      bodyLimit: 1024,
    });
    const res = await post(`${proxy.urls.gateway}/_payment`, bytes(4096, 1), {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body.toString()).detail).toMatch(
      /larger than the proxy's limit of 1024 bytes \(--enforce\)/,
    );
    expect(upstream.seen).toHaveLength(0);
    const open = await setup((_req, _body, res2) => json(res2, 200, {}), { bodyLimit: 1024 });
    const forwarded = await post(`${open.proxy.urls.gateway}/_payment`, bytes(4096, 1), {});
    expect(forwarded.status).toBe(200);
    expect(open.upstream.seen[0]?.body.length).toBe(4096);
  });
});
