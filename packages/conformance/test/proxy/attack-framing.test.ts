// Attack: requests whose framing is ambiguous, on raw sockets, through the proxy to an upstream that records every
// request it parses. Each is refused with 400, never forwarded, and reported as a refused exchange.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { targetFromNames } from "../../src/config/targets.js";
import { rawExchange, until } from "./attack-helpers.js";
import { fakeUpstream, json, proxyFor, type TestProxy } from "./helpers.js";

/** A whole request hidden in a body: an upstream that reads the body as a second request records GET /smuggled. */
const SMUGGLED = "GET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n";
const chunked = (text: string) => `${text.length.toString(16)}\r\n${text}\r\n0\r\n\r\n`;

let upstream: Awaited<ReturnType<typeof fakeUpstream>>;
const modes: { enforce: boolean; proxy: TestProxy; lines: string[] }[] = [];

beforeAll(async () => {
  upstream = await fakeUpstream((_req, _body, res) => json(res, 200, { ok: true }));
  const values = {
    PGI_GATEWAY_URL: upstream.url,
    PGI_PAYOUT_URL: upstream.url,
    PGI_PAYOUT_TOKEN: "t0k3n-xyz",
  };
  for (const enforce of [false, true]) {
    const { proxy, lines } = await proxyFor(targetFromNames("a recording upstream", values), { enforce });
    modes.push({ enforce, proxy, lines });
  }
});
afterAll(async () => {
  for (const m of modes) await m.proxy.close();
  await upstream.close();
});

/** [name, host, raw request, what the refusal names] */
const AMBIGUOUS: [string, "gateway" | "payout", string, RegExp][] = [
  [
    "GET with a chunked body (a documented GET)",
    "payout",
    `GET /payout/v2/smartSend/status?id=1 HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n${chunked(SMUGGLED)}`,
    /GET request must not carry a body/,
  ],
  [
    "GET with a Content-Length body",
    "payout",
    `GET /payout/merchant/smartSend/details HTTP/1.1\r\nHost: x\r\nContent-Length: ${SMUGGLED.length}\r\n\r\n${SMUGGLED}`,
    /GET request must not carry a body/,
  ],
  [
    "DELETE with a chunked body",
    "gateway",
    `DELETE /_payment HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n${chunked(SMUGGLED)}`,
    /DELETE request must not carry a body/,
  ],
  [
    "OPTIONS with a chunked body",
    "gateway",
    `OPTIONS /_payment HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n${chunked(SMUGGLED)}`,
    /OPTIONS request must not carry a body/,
  ],
  [
    "HEAD with a chunked body",
    "gateway",
    `HEAD /_payment HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n${chunked(SMUGGLED)}`,
    /HEAD request must not carry a body/,
  ],
  [
    "TRACE with a Content-Length body",
    "gateway",
    `TRACE /_payment HTTP/1.1\r\nHost: x\r\nContent-Length: ${SMUGGLED.length}\r\n\r\n${SMUGGLED}`,
    /TRACE request must not carry a body/,
  ],
  [
    "a coding before chunked",
    "gateway",
    `POST /_payment HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n${chunked(SMUGGLED)}`,
    /Transfer-Encoding must be exactly "chunked", not "gzip, chunked"/,
  ],
  [
    "Transfer-Encoding split over two lines",
    "gateway",
    `POST /_payment HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: identity\r\nTransfer-Encoding: chunked\r\n\r\n${chunked(SMUGGLED)}`,
    /Transfer-Encoding must be exactly "chunked"/,
  ],
  [
    "an empty Transfer-Encoding",
    "gateway",
    `POST /_payment HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: \r\n\r\n${SMUGGLED}`,
    /Transfer-Encoding must be exactly "chunked", not ""/,
  ],
  [
    "Transfer-Encoding in HTTP/1.0",
    "gateway",
    `POST /_payment HTTP/1.0\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n${chunked(SMUGGLED)}`,
    /Transfer-Encoding is not defined in HTTP\/1\.0/,
  ],
  [
    "both Content-Length and Transfer-Encoding",
    "gateway",
    `POST /_payment HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n${chunked(SMUGGLED)}`,
    /Transfer-Encoding can't be present with Content-Length/,
  ],
  [
    "two Content-Length headers",
    "gateway",
    `POST /_payment HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\na=1${SMUGGLED}`,
    /Duplicate Content-Length/,
  ],
  [
    "a Content-Length that is not a number",
    "gateway",
    `POST /_payment HTTP/1.1\r\nHost: x\r\nContent-Length: 3, 3\r\n\r\na=1${SMUGGLED}`,
    /Invalid character in Content-Length/,
  ],
];

describe.each([false, true])("ambiguous framing (--enforce: %s)", (enforce) => {
  const mode = () => modes.find((m) => m.enforce === enforce) as (typeof modes)[number];

  it.each(AMBIGUOUS)("%s: 400, closed, never forwarded, reported", async (_name, host, raw, reason) => {
    const { proxy, lines } = mode();
    const before = upstream.seen.length;
    const printed = lines.length;
    const got = await rawExchange(Number(new URL(proxy.urls[host]).port), raw);
    expect(got.status).toBe(400);
    expect(got.closed).toBe(true);
    expect(got.text).toMatch(reason);
    expect(got.text).not.toMatch(/HTTP\/1\.1 [^4]\d\d /); // nothing else was answered on the connection
    // An ordinary request afterwards (to a path no operation has, so --enforce forwards it too): the upstream
    // records it and nothing else (no second, smuggled request).
    const res = await fetch(`${proxy.urls.gateway}/ordinary`, { method: "POST", body: "a=1" });
    expect(res.status).toBe(200);
    await res.text();
    expect(upstream.seen.slice(before).map((s) => `${s.method} ${s.url}`)).toEqual(["POST /ordinary"]);
    const refusal = await until(() => lines.slice(printed).find((l) => / 400 .*\(refused: /.test(l)));
    expect(refusal).toMatch(new RegExp(`^FAIL ${host} \\S+ 400 `));
  });

  it("a POST whose framing is clear is still forwarded byte for byte, chunked or not", async () => {
    const { proxy } = mode();
    const port = Number(new URL(proxy.urls.gateway).port);
    const before = upstream.seen.length;
    const a = await rawExchange(
      port,
      `POST /_payment HTTP/1.1\r\nHost: x\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n${chunked("key=1&txnid=2")}`,
    );
    const b = await rawExchange(
      port,
      "POST /_payment HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 13\r\n\r\nkey=1&txnid=2",
    );
    const c = await rawExchange(
      port,
      "GET /_payment HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 0\r\n\r\n",
    );
    // --enforce refuses the undocumented GET and the bodies that break the contract with its 400; the rest is
    // forwarded, its body exactly as sent.
    for (const got of [a, b, c]) expect([200, 400, 422]).toContain(got.status);
    for (const s of upstream.seen.slice(before)) expect(["key=1&txnid=2", ""]).toContain(s.body.toString());
    if (!enforce) expect(upstream.seen.slice(before).map((s) => s.method)).toEqual(["POST", "POST", "GET"]);
  });
});
