import { sign, webhookSignature } from "@pgi/signing";
import { describe, expect, it } from "vitest";
import { ClientMisuseError, ResponseSignatureError, TimeoutError } from "./errors.js";
import {
  createBbpsClient,
  createGatewayClient,
  createOtpClient,
  createPayoutClient,
  createWalletClient,
} from "./factories.js";
import { OPERATIONS } from "./generated/operations.js";
import { createTransport, type LogEntry } from "./transport.js";

const SALT = "unit-test-salt-value";
const KEY = "Jx7Kq2";
const WALLET_SECRET = "unit-test-wallet-secret";
const TOKEN = "unit-test-bearer-token";

/** An injected fetch that records requests and answers from a script. */
function recorder(
  answer: (req: {
    url: string;
    method: string;
    headers: Headers;
    body: string;
  }) => Response | Promise<Response>,
) {
  const seen: { url: string; method: string; headers: Headers; body: string }[] = [];
  const fetch = (async (url: string | URL, init: RequestInit) => {
    const req = {
      url: String(url),
      method: String(init.method),
      headers: new Headers(init.headers),
      body: String(init.body ?? ""),
    };
    seen.push(req);
    return answer(req);
  }) as typeof globalThis.fetch;
  return { fetch, seen };
}
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(typeof body === "string" ? body : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });

const AUTH_INFO = '{"referenceId":"r1","cres":"c","additionalInfo":{}}';
/** A mandate authorization body as a caller writes it: no key, no hash. */
const MANDATE = {
  txnid: "T1",
  amount: "1.00",
  si: "1" as const,
  authentication_info: AUTH_INFO,
  si_details: "{}",
};

describe("gateway: serialise once, sign the bytes sent, verify the answer", () => {
  it("sends a form with JSON-in-form fields serialised once and a hash equal to an independent computation", async () => {
    const { fetch, seen } = recorder(() => json({ metaData: {}, result: {} }));
    const gw = createGatewayClient({
      baseUrl: "http://gw.test",
      fetch,
      credentials: { merchantKey: KEY, salt: SALT },
    });
    const si = {
      billingAmount: "100.00",
      billingCurrency: "INR",
      billingCycle: "MONTHLY",
      billingInterval: 1,
      paymentStartDate: "2026-09-01",
      paymentEndDate: "2027-08-31",
    };
    await gw.POST("/AuthorizeTransaction.php", {
      body: { txnid: "T1", amount: "1.00", si: "1", authentication_info: AUTH_INFO, si_details: si } as never,
    });
    const sent = seen[0];
    expect(sent?.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    const form = Object.fromEntries(new URLSearchParams(sent?.body));
    expect(form.authentication_info).toBe(AUTH_INFO); // a string stays byte for byte
    expect(form.si_details).toBe(JSON.stringify(si)); // an object is serialised exactly once
    expect(form.key).toBe(KEY);
    const expected = sign(
      "mandate-authorization",
      { key: KEY, txnid: "T1", amount: "1.00", authentication_info: AUTH_INFO },
      SALT,
    ).digest;
    expect(form.hash).toBe(expected);
  });

  it("sends a caller-supplied hash untouched", async () => {
    const { fetch, seen } = recorder(() => json({ metaData: {}, result: {} }));
    const gw = createGatewayClient({
      baseUrl: "http://gw.test",
      fetch,
      credentials: { merchantKey: KEY, salt: SALT },
    });
    await gw.POST("/AuthorizeTransaction.php", {
      body: { ...MANDATE, hash: "f".repeat(128) },
    });
    expect(new URLSearchParams(seen[0]?.body).get("hash")).toBe("f".repeat(128));
  });

  it("rejects a tampered result.hash with a typed error; accepts a correct one; keeps an 18-digit mihpayid exact", async () => {
    const result = {
      status: "success",
      txnid: "T1",
      amount: "1.00",
      key: KEY,
      mihpayid: "403993715531234567",
    } as Record<string, string>;
    const fields = {
      email: "",
      firstname: "",
      productinfo: "",
      udf1: "",
      udf2: "",
      udf3: "",
      udf4: "",
      udf5: "",
      udf6: "",
      udf7: "",
      udf8: "",
      udf9: "",
      udf10: "",
      ...result,
    };
    result.hash = sign("payment-response", fields as never, SALT).digest;
    const body = JSON.stringify({ metaData: {}, result }).replace(
      '"403993715531234567"',
      "403993715531234567",
    );
    const ok = createGatewayClient({
      baseUrl: "http://gw.test",
      fetch: recorder(() => json(body)).fetch,
      credentials: { merchantKey: KEY, salt: SALT },
    });
    const { data } = await ok.POST("/AuthorizeTransaction.php", {
      body: MANDATE,
    });
    expect((data as { result: { mihpayid: unknown } }).result.mihpayid).toBe("403993715531234567");
    const tampered = createGatewayClient({
      baseUrl: "http://gw.test",
      fetch: recorder(() => json(body.replace('"1.00"', '"9.00"'))).fetch,
      credentials: { merchantKey: KEY, salt: SALT },
    });
    await expect(
      tampered.POST("/AuthorizeTransaction.php", {
        body: MANDATE,
      }),
    ).rejects.toBeInstanceOf(ResponseSignatureError);
  });

  it("refuses to sign without a salt, naming the credential", async () => {
    const gw = createGatewayClient({
      baseUrl: "http://gw.test",
      fetch: recorder(() => json({})).fetch,
      credentials: { merchantKey: KEY },
    });
    await expect(
      gw.POST("/AuthorizeTransaction.php", {
        body: MANDATE,
      }),
    ).rejects.toThrow(/credentials\.salt/);
  });
});

describe("wallet: checksum both ways", () => {
  const answer = (fields: Record<string, string>, secret = WALLET_SECRET) =>
    json({ ...fields, checksum: sign("wallet-response-checksum", fields as never, secret).digest });
  const FIELDS = {
    messagecode: "501",
    status: "SUCCESS",
    statuscode: "0",
    statusdescription: "Token generated successfully",
  };
  const body = {
    cell: "9876543210",
    msgcode: "501",
    merchantname: "Shop",
    amount: 5000,
    otp: 123456,
    tokentype: 1,
  };

  it("computes the request checksum and verifies the response checksum", async () => {
    const { fetch, seen } = recorder(() => answer(FIELDS));
    const w = createWalletClient({
      baseUrl: "http://w.test",
      fetch,
      credentials: { walletMid: "MERCH1001", walletSecret: WALLET_SECRET },
    });
    const { data } = await w.POST("/tokengenerate", { body: body as never });
    expect(data).toMatchObject(FIELDS);
    const form = Object.fromEntries(new URLSearchParams(seen[0]?.body));
    const { checksum, ...rest } = form;
    expect(checksum).toBe(sign("wallet-checksum", rest as never, WALLET_SECRET).digest);
  });

  it("a response checksum made with another secret is a ResponseSignatureError", async () => {
    const w = createWalletClient({
      baseUrl: "http://w.test",
      fetch: recorder(() => answer(FIELDS, "other")).fetch,
      credentials: { walletMid: "MERCH1001", walletSecret: WALLET_SECRET },
    });
    await expect(w.POST("/tokengenerate", { body: body as never })).rejects.toBeInstanceOf(
      ResponseSignatureError,
    );
  });
});

describe("retries and timeouts", () => {
  it("never retries a POST, even on 503", async () => {
    const { fetch, seen } = recorder(() => json({}, 503));
    const p = createPayoutClient({
      baseUrl: "http://p.test",
      fetch,
      credentials: { token: TOKEN, pid: "1111312" },
      retry: { retries: 3, sleep: async () => {} },
    });
    const { response } = await p.POST("/payout/v2/smartSend/link", {
      body: {
        amount: "1",
        merchantRefId: "R1",
        custName: "A",
        custMobile: "9868888568",
        description: "x",
        expiryDate: "2026-12-01T00:00:00.000+0000",
      } as never,
    });
    expect(response.status).toBe(503);
    expect(seen).toHaveLength(1);
  });

  it("retries a GET on 503 and 429 with backoff, honouring Retry-After", async () => {
    const waits: number[] = [];
    let n = 0;
    const { fetch, seen } = recorder(() =>
      ++n === 1 ? json({}, 503) : n === 2 ? json({}, 429, { "retry-after": "2" }) : json({ code: 200 }),
    );
    const b = createBbpsClient({
      baseUrl: "http://b.test",
      fetch,
      credentials: { token: TOKEN },
      retry: { retries: 3, baseDelayMs: 100, random: () => 1, sleep: async (ms) => void waits.push(ms) },
    });
    const { response } = await b.GET("/gateway-nbc/v1/nbc/checkComplaintStatus", {
      params: { query: { complaintId: "C1" } },
    });
    expect(response.status).toBe(200);
    expect(seen).toHaveLength(3);
    expect(waits).toEqual([100, 2000]);
  });

  it("times out with a TimeoutError that says what to do", async () => {
    const fetch = ((_u: string, init: RequestInit) =>
      new Promise((_r, reject) =>
        init.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
      )) as typeof globalThis.fetch;
    const o = createOtpClient({
      baseUrl: "http://o.test",
      fetch,
      timeoutMs: 20,
      credentials: { clientType: "WEB" },
    });
    await expect(
      o.POST("/otp/send", {
        body: { mobileNumber: "9876543210", merchantName: "S", merchantDomain: "s.in" },
      }),
    ).rejects.toBeInstanceOf(TimeoutError);
  });
});

describe("headers, logging and every operation", () => {
  it("fills headers from the options and logs nothing secret", async () => {
    const logs: LogEntry[] = [];
    const { fetch, seen } = recorder(() => json({ status: 0, msg: "ok", code: null, data: null }));
    const p = createPayoutClient({
      baseUrl: "http://p.test",
      fetch,
      logger: (e) => void logs.push(e),
      credentials: { token: TOKEN, pid: "1111312", mid: "8000051" },
    });
    await p.PUT("/payout/v2/smartSend/expiry/{id}", {
      params: { path: { id: "abc" } },
      body: { expiryDate: "2026-12-01T00:00:00.000+0000" } as never,
    });
    expect(seen[0]?.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
    expect(seen[0]?.headers.get("pid")).toBe("1111312");
    const gwLogs: LogEntry[] = [];
    const gw = createGatewayClient({
      baseUrl: "http://gw.test",
      fetch: recorder(() => json({ result: {} })).fetch,
      logger: (e) => void gwLogs.push(e),
      credentials: { merchantKey: KEY, salt: SALT },
    });
    await gw.POST("/AuthorizeTransaction.php", {
      body: {
        txnid: "T1",
        amount: "1.00",
        si: "1",
        authentication_info:
          '{"cres":"secret-cres","siTokenDetails":{"token_value":"4895370012003478","tavv":"AAEB"}}',
        si_details: "{}",
        phone: "9876543210",
      } as never,
    });
    const text = JSON.stringify([...logs, ...gwLogs]);
    for (const secret of [TOKEN, SALT, "secret-cres", "4895370012003478", "AAEB", "9876543210", KEY])
      expect(text).not.toContain(secret);
    expect(text).toContain("****");
  });

  it("every operation of the seven hosts is routed (headers and security filled, no misuse error)", async () => {
    for (const op of OPERATIONS) {
      const { fetch, seen } = recorder(() => json({}));
      const transport = createTransport(op.host, {
        baseUrl: "http://h.test",
        fetch,
        credentials: {
          token: TOKEN,
          otpAuthorization: "otp-auth",
          clientType: "WEB",
          pid: "1",
          mid: "2",
          payoutMerchantId: "3",
          salt: SALT,
          merchantKey: KEY,
          walletMid: "M",
          walletSecret: WALLET_SECRET,
        },
      });
      const path = op.path.replace(/\{[^}]+\}/g, "x");
      const body = op.mediaType
        ? JSON.stringify({
            txnid: "T",
            amount: "1",
            cell: "9876543210",
            msgcode: "1",
            merchantname: "m",
            otp: "1",
            tokentype: "1",
            authentication_info: "{}",
            productinfo: "p",
            firstname: "f",
            email: "",
          })
        : undefined;
      await transport(
        new Request(`http://h.test${path}`, {
          method: op.method,
          ...(body ? { body, headers: { "content-type": "application/json" } } : {}),
        }),
      );
      expect(seen, op.operationId).toHaveLength(1);
      if (op.security && !op.securityOptional)
        expect(seen[0]?.headers.get("authorization"), op.operationId).toBeTruthy();
      for (const h of op.headers.filter((x) => x.required && x.name !== "uuid"))
        expect(seen[0]?.headers.get(h.name), `${op.operationId} ${h.name}`).toBeTruthy();
    }
  });

  it("an unknown path is a ClientMisuseError, and a webhook is not something the client sends", async () => {
    const transport = createTransport("otp", {
      baseUrl: "http://h.test",
      fetch: recorder(() => json({})).fetch,
    });
    await expect(transport(new Request("http://h.test/nope", { method: "POST" }))).rejects.toBeInstanceOf(
      ClientMisuseError,
    );
    expect(webhookSignature.id).toBe("webhook-signature");
  });
});
