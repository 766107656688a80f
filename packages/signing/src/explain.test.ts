import { describe, expect, it } from "vitest";
import { hmac, sha512 } from "../test/crypto.js";
import {
  AUTHENTICATION_INFO,
  authenticationInfoObject,
  paymentRequest,
  paymentResponse,
  SALT,
  SIGNING_SECRET,
  WEBHOOK_BODY,
  walletRequest,
} from "../test/fixtures.js";
import { MissingFieldError } from "./errors.js";
import { explain } from "./explain.js";

const head = "JPM7Fg|TXN1700000001|10.00|Gold plan|Ashish|ashish@example.com";
const mandate = {
  key: "JPM7Fg",
  txnid: "TXN1700000001",
  amount: "10.00",
  authentication_info: AUTHENTICATION_INFO,
};

/** Ids of the constructions that reproduce `received`. */
function found(scheme: string, fields: unknown, received: string, secret = SALT): string[] {
  return explain(scheme, fields, { secret, received }).diagnosis?.found.map((c) => c.id) ?? [];
}

describe("explain", () => {
  it("shows the exact pre-image with the salt masked, and its parts", () => {
    const e = explain("payment-request", paymentRequest, { secret: SALT });
    expect(e.preimage).toBe(`${head}|order-42||||web||||||<SALT>`);
    expect(e.parts.find((p) => p.name === "$secret")?.value).toBe("<SALT>");
    expect(e.parts.find((p) => p.name === "udf5")?.value).toBe("web");
    expect(e.parts.find((p) => p.name === "si_details")?.included).toBe(false);
    expect(e.digest).toBe(sha512(`${head}|order-42||||web||||||${SALT}`));
    expect(e.formula).toMatch(/^sha512\(key\|txnid\|amount\|/);
    expect(e.match).toBeUndefined();
    expect(e.format()).toContain("pre-image  JPM7Fg|");
    expect(e.format()).not.toContain(SALT);
  });

  it("reports a match, and notes uppercase hex", () => {
    const digest = sha512(`${head}|order-42||||web||||||${SALT}`);
    expect(explain("payment-request", paymentRequest, { secret: SALT, received: digest }).match).toBe(true);
    const upper = explain("payment-request", paymentRequest, {
      secret: SALT,
      received: digest.toUpperCase(),
    });
    expect(upper.match).toBe(true);
    expect(upper.diagnosis?.notes.join(" ")).toMatch(/uppercase/);
  });

  it("finds an off-by-some udf slot count (5 udf pipes vs 10) and the upi recipe", () => {
    const ids = found("payment-request", paymentRequest, sha512(`${head}|order-42||||web|||${SALT}`));
    expect(ids).toContain("scheme-upi-mandate-registration");
    expect(ids.some((id) => id.startsWith("empty-slots-"))).toBe(true);
    const oneMore = explain("payment-request", paymentRequest, {
      secret: SALT,
      received: sha512(`${head}|order-42||||web|||||||${SALT}`),
    });
    expect(oneMore.diagnosis?.found[0]?.description).toMatch(
      /6 empty slots between udf5 and <SALT> instead of 5/,
    );
  });

  it("finds a differently formatted amount", () => {
    const e = explain("payment-request", paymentRequest, {
      secret: SALT,
      received: sha512(
        `JPM7Fg|TXN1700000001|10|Gold plan|Ashish|ashish@example.com|order-42||||web||||||${SALT}`,
      ),
    });
    expect(e.match).toBe(false);
    expect(e.diagnosis?.found[0]).toMatchObject({
      id: "amount-10",
      description: 'amount is written as "10" instead of "10.00"',
    });
    expect(e.diagnosis?.found[0]?.preimage).toContain("|10|Gold plan|");
    expect(e.format()).toMatch(/diagnosis .*amount is written as "10"/);
  });

  it("finds a re-serialised authentication_info (indented, sorted keys, compacted)", () => {
    const indented = JSON.stringify(authenticationInfoObject, null, 2);
    expect(
      found("mandate-authorization", mandate, sha512(`JPM7Fg|TXN1700000001|10.00|${indented}|${SALT}`)),
    ).toEqual(["authentication_info-indented"]);
    const sorted = explain("mandate-authorization", mandate, {
      secret: SALT,
      received: sha512(`JPM7Fg|TXN1700000001|10.00|${sortKeys(authenticationInfoObject)}|${SALT}`),
    });
    expect(sorted.diagnosis?.found.map((c) => c.id)).toEqual(["authentication_info-sorted"]);
    const spaced = { ...mandate, authentication_info: indented };
    expect(
      found(
        "mandate-authorization",
        spaced,
        sha512(`JPM7Fg|TXN1700000001|10.00|${AUTHENTICATION_INFO}|${SALT}`),
      ),
    ).toEqual(["authentication_info-compact"]);
  });

  it("finds a missing optional field (additionalCharges, aggregatedMerchantId)", () => {
    const withCharges = { ...paymentResponse, additionalCharges: "2.50" };
    const tail = "web||||order-42|ashish@example.com|Ashish|Gold plan|10.00|TXN1700000001|JPM7Fg";
    expect(found("payment-response", withCharges, sha512(`${SALT}|success||||||${tail}`))).toContain(
      "optional-additionalCharges",
    );
    const aggregator = { ...walletRequest, aggregatedMerchantId: "AGG77" };
    const quoted = "'10.00''9876543210''Acme Stores''M1234567''504''123456''1'";
    expect(found("wallet-checksum", aggregator, hmac(SIGNING_SECRET, quoted), SIGNING_SECRET)).toEqual([
      "optional-aggregatedMerchantId",
    ]);
  });

  it("finds unquoted wallet values", () => {
    const received = hmac(SIGNING_SECRET, "10.009876543210Acme StoresM12345675041234561");
    expect(found("wallet-checksum", walletRequest, received, SIGNING_SECRET)).toEqual(["unquoted"]);
  });

  it("finds a second SHA-512 and trimmed whitespace", () => {
    const preimage = `${head}|order-42||||web||||||${SALT}`;
    expect(found("payment-request", paymentRequest, sha512(sha512(preimage)))).toEqual(["double-sha512"]);
    const padded = { ...paymentRequest, firstname: " Ashish " };
    expect(found("payment-request", padded, sha512(preimage))).toEqual(["trimmed"]);
  });

  it("finds webhook bodies signed in body order, over the raw text, or with reparsed numbers", () => {
    const bodyOrder =
      "previous_statusPendingcurrent_statusApprovedchange_timestamp1700000000mid5123456" +
      "merchant_uuid3f0c8a52-6f1e-4b8e-9d57-2a6c1e0b9f44event_nameBank verification status updateerrorNAremarksNA";
    expect(found("webhook-signature", WEBHOOK_BODY, hmac(SIGNING_SECRET, bodyOrder), SIGNING_SECRET)).toEqual(
      ["body-order"],
    );
    expect(
      found("webhook-signature", WEBHOOK_BODY, hmac(SIGNING_SECRET, WEBHOOK_BODY), SIGNING_SECRET),
    ).toEqual(["raw-body"]);
    const big = '{"mid":12345678901234567890}';
    expect(
      found(
        "webhook-signature",
        big,
        hmac(SIGNING_SECRET, `mid${String(JSON.parse(big).mid)}`),
        SIGNING_SECRET,
      ),
    ).toEqual(["number-reparsed"]);
  });

  it("says when nothing reproduces the digest, with bounded work", () => {
    const e = explain("payment-request", paymentRequest, { secret: SALT, received: "ab".repeat(64) });
    expect(e.match).toBe(false);
    expect(e.diagnosis?.found).toEqual([]);
    expect(e.diagnosis?.tried).toBeGreaterThanOrEqual(30);
    expect(e.diagnosis?.tried).toBeLessThanOrEqual(600);
    expect(e.diagnosis?.bounded).toBe(false);
    expect(e.diagnosis?.notes.join(" ")).toMatch(/none of the \d+ alternative constructions/);
    expect(e.format()).toMatch(/tried {6}\d+ alternative constructions/);
  });

  it("reports a malformed received digest instead of throwing", () => {
    const e = explain("wallet-checksum", walletRequest, { secret: SIGNING_SECRET, received: "abc" });
    expect(e.match).toBe(false);
    expect(e.diagnosis?.notes[0]).toMatch(/expected 64 hex characters.*got 3 characters/);
  });

  it("masks the signing secret and colours only on request", () => {
    const e = explain("wallet-checksum", walletRequest, {
      secret: SIGNING_SECRET,
      received: "ab".repeat(32),
    });
    expect(e.preimage).toBe("'10.00''9876543210''Acme Stores''M1234567''504''123456''1'");
    expect(e.formula).toContain("<SIGNING_SECRET>");
    expect(e.format()).not.toContain("\u001b[");
    expect(e.format({ color: true })).toContain("\u001b[31mMISMATCH");
    expect(JSON.stringify(e)).not.toContain(SIGNING_SECRET);
  });

  it("throws the typed error when the fields cannot be hashed", () => {
    expect(() => explain("payment-request", {}, { secret: SALT })).toThrow(MissingFieldError);
  });
});

function sortKeys(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (v === null || typeof v !== "object" || Array.isArray(v)) return v;
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
    );
  };
  return JSON.stringify(sort(value));
}
