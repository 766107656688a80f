import { describe, expect, it } from "vitest";
import { hmac, sha512 } from "../test/crypto.js";
import {
  paymentRequest,
  SALT,
  SIGNING_SECRET,
  WEBHOOK_CANONICAL,
  walletRequest,
  webhookPayload,
} from "../test/fixtures.js";
import { verify } from "./registry.js";
import { generateTestWebhook, signTestRequest, tamperDigest } from "./testing.js";

describe("testing helpers", () => {
  it("generateTestWebhook returns a body and an Authorization header that verify", () => {
    const { body, headers } = generateTestWebhook(webhookPayload, SIGNING_SECRET);
    expect(headers.Authorization).toBe(hmac(SIGNING_SECRET, WEBHOOK_CANONICAL));
    expect(headers["Content-Type"]).toBe("application/json");
    expect(verify("webhook-signature", body, headers.Authorization, SIGNING_SECRET)).toBe(true);
  });

  it("generateTestWebhook signs a raw string as is", () => {
    const raw = '{"mid":12345678901234567890}';
    expect(generateTestWebhook(raw, SIGNING_SECRET).body).toBe(raw);
  });

  it("signTestRequest fills in hash or checksum", () => {
    const request = signTestRequest("payment-request", paymentRequest, SALT);
    expect(request.hash).toBe(
      sha512(`JPM7Fg|TXN1700000001|10.00|Gold plan|Ashish|ashish@example.com|order-42||||web||||||${SALT}`),
    );
    const wallet = signTestRequest("wallet-checksum", walletRequest, SIGNING_SECRET);
    expect(wallet.checksum).toBe(
      hmac(SIGNING_SECRET, "'10.00''9876543210''Acme Stores''M1234567''504''123456''1'"),
    );
    expect(wallet.otp).toBe("123456");
  });

  it("signTestRequest returns JSON-in-form objects as the strings hashed", () => {
    const request = signTestRequest(
      "mandate-authorization",
      { key: "k", txnid: "t", amount: "1", authentication_info: { a: 1 } },
      SALT,
    );
    expect(request.authentication_info).toBe('{"a":1}');
    expect(request.hash).toBe(sha512(`k|t|1|{"a":1}|${SALT}`));
    expect(() => signTestRequest("webhook-signature" as never, {}, SALT)).toThrow(/generateTestWebhook/);
  });

  it("tamperDigest changes one character", () => {
    const digest = "a".repeat(64);
    expect(tamperDigest(digest)).toBe(`b${"a".repeat(63)}`);
    expect(
      verify(
        "wallet-checksum",
        walletRequest,
        tamperDigest(signTestRequest("wallet-checksum", walletRequest, SIGNING_SECRET).checksum as string),
        SIGNING_SECRET,
      ),
    ).toBe(false);
  });
});
