import { describe, expect, it } from "vitest";
import { PgiClientError } from "./errors.js";
import { createGatewayClient, createPayoutClient, createWalletClient } from "./factories.js";
import { luhnValid, redact, redactText, safeCause } from "./redact.js";
import type { LogEntry } from "./transport.js";

const SALT = "redact-test-salt-value";
const TOKEN = "redact-test-bearer-token";
const WALLET_SECRET = "redact-test-wallet-secret";
const SECRETS = [SALT, TOKEN, WALLET_SECRET, "4895370012003478", "9876543210", "AAEB-TAVV", "cres-value"];

/** Every string reachable from an error: message, context and the whole cause chain. */
function errorText(error: unknown): string {
  const parts: string[] = [];
  let e: unknown = error;
  for (let i = 0; i < 5 && e; i++) {
    const err = e as Error & { context?: unknown };
    parts.push(String(err.message), JSON.stringify(err.context ?? {}), String(err.stack ?? ""));
    e = err.cause;
  }
  return parts.join("\n");
}

describe("redaction of values", () => {
  it.each([
    { given: { salt: SALT }, want: { salt: "****" } },
    { given: { Authorization: `Bearer ${TOKEN}` }, want: { Authorization: "****" } },
    { given: { otp: "123456", amount: "1.00" }, want: { otp: "****", amount: "1.00" } },
    { given: { note: "card 4895370012003478" }, want: { note: "card ************3478" } },
    { given: { note: "call 9876543210" }, want: { note: "call ******3210" } },
    {
      given: { authentication_info: '{"cres":"cres-value","tavv":"AAEB-TAVV"}' },
      want: { authentication_info: '{"cres":"****","tavv":"****"}' },
    },
  ])("masks $given", ({ given, want }) => {
    expect(redact(given)).toEqual(want);
  });

  it.each([
    { given: "card 4895370012003478", want: "card ************3478" },
    { given: "card 4895 3700 1200 3478 expired", want: "card **** **** **** 3478 expired" },
    { given: "amex 378282246310005", want: "amex ***********0005" },
    { given: "T-1234567890125909 refunded", want: "T-1234567890125909 refunded" },
    { given: "id 1234567890125909 (fails Luhn)", want: "id 1234567890125909 (fails Luhn)" },
    { given: "ref TXN-4895370012003478", want: "ref TXN-4895370012003478" },
    { given: "12 digits 489537001200", want: "12 digits 489537001200" },
    { given: "20 digits 48953700120034781234", want: "20 digits 48953700120034781234" },
  ])("free text: $given", ({ given, want }) => {
    expect(redactText(given)).toBe(want);
  });

  it("identifiers pass through; secret fields and headers are masked by name", () => {
    const mihpayid = "403993715530265436"; // 18 digits that happen to pass the Luhn check
    expect(luhnValid(mihpayid)).toBe(true);
    expect(
      redact({
        txnid: "T-1234567890125909",
        mihpayid,
        note: `payment ${mihpayid}`,
        headers: { "x-api-key": "k-123456", cookie: "sid=abc", "content-type": "application/json" },
        password: "hunter2",
      }),
    ).toEqual({
      txnid: "T-1234567890125909",
      mihpayid,
      note: "payment **************5436",
      headers: { "x-api-key": "****", cookie: "****", "content-type": "application/json" },
      password: "****",
    });
  });

  it("masks configured secrets wherever they appear in free text", () => {
    expect(redactText(`failed with ${SALT} in it`, [SALT])).toBe("failed with **** in it");
  });

  it("safeCause keeps name and code but masks the message of the whole cause chain", () => {
    const inner = new Error(`socket said ${TOKEN}`);
    const outer = Object.assign(new Error(`fetch failed for ${TOKEN}`, { cause: inner }), {
      code: "ECONNRESET",
    });
    const safe = safeCause(outer, [TOKEN]);
    expect(safe.message).toBe("fetch failed for ****");
    expect((safe as Error & { code?: string }).code).toBe("ECONNRESET");
    expect((safe.cause as Error).message).toBe("socket said ****");
  });
});

describe("nothing secret in log lines, error messages or causes", () => {
  it("a transport failure quoting the token is reported without it, in the log and the thrown error", async () => {
    const logs: LogEntry[] = [];
    const fetch = (async () => {
      throw new Error(`connect refused (Authorization: Bearer ${TOKEN})`, {
        cause: new Error(`inner ${TOKEN}`),
      });
    }) as typeof globalThis.fetch;
    const p = createPayoutClient({
      baseUrl: "http://p.test",
      fetch,
      logger: (e) => void logs.push(e),
      credentials: { token: TOKEN, pid: "1111312", mid: "8000051" },
    });
    const failure = await p
      .GET("/payout/v2/smartSend/status", { params: { query: { linkId: "L1" } } } as never)
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PgiClientError);
    const text = `${errorText(failure)}\n${JSON.stringify(logs)}`;
    expect(text).toContain("connect refused");
    for (const s of SECRETS) expect(text).not.toContain(s);
  });

  it("signature and misuse errors name the credential, never its value", async () => {
    const answer = JSON.stringify({ messagecode: "501", status: "SUCCESS", checksum: "0".repeat(64) });
    const logs: LogEntry[] = [];
    const w = createWalletClient({
      baseUrl: "http://w.test",
      fetch: (async () =>
        new Response(answer, { headers: { "content-type": "application/json" } })) as typeof globalThis.fetch,
      logger: (e) => void logs.push(e),
      credentials: { walletMid: "MERCH1001", walletSecret: WALLET_SECRET },
    });
    const body = {
      cell: "9876543210",
      msgcode: "501",
      merchantname: "S",
      amount: 1,
      otp: 123456,
      tokentype: 1 as const,
    };
    const tampered = await w.POST("/tokengenerate", { body }).catch((e: unknown) => e);
    const gw = createGatewayClient({ baseUrl: "http://g.test", credentials: { merchantKey: "Jx7Kq2" } });
    const misuse = await gw
      .POST("/AuthorizeTransaction.php", {
        body: { txnid: "T1", amount: "1.00", si: "1", authentication_info: "{}", si_details: "{}" },
      })
      .catch((e: unknown) => e);
    expect(errorText(tampered)).toMatch(/walletSecret/);
    expect(errorText(misuse)).toMatch(/credentials\.salt/);
    const text = `${errorText(tampered)}\n${errorText(misuse)}\n${JSON.stringify(logs)}`;
    for (const s of [...SECRETS, "123456"]) expect(text).not.toContain(s);
  });
});
