import { describe, expect, it } from "vitest";
import { TimeoutError, TransportError } from "./errors.js";
import { createGatewayClient, createOtpClient } from "./factories.js";
import { lightBody, lightRequestClass } from "./light-request.js";

const OTP_BODY = { mobileNumber: "9876543210", merchantName: "S", merchantDomain: "s.in" };

/** An injected fetch recording what the transport sent, answering `{}`. */
function recorder() {
  const seen: { url: string; headers: Headers; body: string }[] = [];
  const fetch = (async (url: string | URL, init: RequestInit) => {
    seen.push({ url: String(url), headers: new Headers(init.headers), body: String(init.body ?? "") });
    return new Response("{}", { headers: { "content-type": "application/json" } });
  }) as typeof globalThis.fetch;
  return { fetch, seen };
}

describe("light requests", () => {
  it.each([
    { given: "light (default)", real: false, wantLight: true },
    { given: "after useReal()", real: true, wantLight: false },
  ])("constructs $given requests", async ({ real, wantLight }) => {
    const classes = lightRequestClass();
    if (real) classes.useReal();
    const r = new classes.Request("http://h.test/x", { method: "post", body: "a=1" });
    expect(lightBody(r) !== undefined).toBe(wantLight);
    expect(r.method).toBe("POST");
    expect(await r.text()).toBe("a=1");
    expect(r instanceof classes.Request).toBe(true);
  });

  it("gives middleware a real Request after client.use, and the transport still fills and sends", async () => {
    const { fetch, seen } = recorder();
    const o = createOtpClient({ baseUrl: "http://o.test", fetch, credentials: { clientType: "WEB" } });
    const kinds: boolean[] = [];
    o.use({
      onRequest: ({ request }) => {
        kinds.push(request instanceof globalThis.Request);
        request.headers.set("x-trace", "t1");
        return request;
      },
    });
    await o.POST("/otp/send", { body: OTP_BODY });
    expect(kinds).toEqual([true]);
    expect(seen[0]?.headers.get("x-trace")).toBe("t1");
    expect(seen[0]?.headers.get("clienttype")).toBe("WEB");
    expect(JSON.parse(seen[0]?.body ?? "")).toEqual(OTP_BODY);
  });

  it("sends the same bytes with and without middleware", async () => {
    const plain = recorder();
    const withMw = recorder();
    const opts = {
      baseUrl: "http://g.test",
      credentials: { merchantKey: "Jx7Kq2", salt: "light-test-salt" },
    };
    const body = {
      txnid: "T1",
      amount: "1.00",
      si: "1" as const,
      authentication_info: '{"a":1}',
      si_details: "{}",
    };
    await createGatewayClient({ ...opts, fetch: plain.fetch }).POST("/AuthorizeTransaction.php", { body });
    const g = createGatewayClient({ ...opts, fetch: withMw.fetch });
    g.use({ onRequest: () => undefined });
    await g.POST("/AuthorizeTransaction.php", { body });
    expect(withMw.seen[0]?.body).toBe(plain.seen[0]?.body);
    expect(plain.seen[0]?.body).toContain("hash=");
  });
});

describe("deadlines", () => {
  it("passes a caller's abort through as a TransportError, not a timeout", async () => {
    const fetch = ((_u: string, init: RequestInit) =>
      new Promise((_r, reject) => {
        init.signal?.addEventListener("abort", () => reject(init.signal?.reason));
      })) as typeof globalThis.fetch;
    const o = createOtpClient({ baseUrl: "http://o.test", fetch, credentials: { clientType: "WEB" } });
    const controller = new AbortController();
    const pending = o.POST("/otp/send", { body: OTP_BODY, signal: controller.signal });
    controller.abort(new Error("caller gave up"));
    await expect(pending).rejects.toBeInstanceOf(TransportError);
  });

  it("times out while the answer's body is still arriving, with a TimeoutError", async () => {
    const fetch = (async (_u: string, init: RequestInit) => {
      const stream = new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(new TextEncoder().encode('{"partial":'));
          init.signal?.addEventListener("abort", () => c.error(init.signal?.reason));
        },
      });
      return new Response(stream, { headers: { "content-type": "application/json" } });
    }) as typeof globalThis.fetch;
    const o = createOtpClient({
      baseUrl: "http://o.test",
      fetch,
      timeoutMs: 20,
      credentials: { clientType: "WEB" },
    });
    const failure = await o.POST("/otp/send", { body: OTP_BODY }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(TimeoutError);
    expect((failure as Error).message).toMatch(/look it up before repeating/);
  });
});
