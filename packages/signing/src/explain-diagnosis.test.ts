import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hmac, sha512 } from "../test/crypto.js";
import {
  AUTHENTICATION_INFO,
  paymentRequest,
  paymentResponse,
  SALT,
  SIGNING_SECRET,
  walletRequest,
} from "../test/fixtures.js";
import { explain } from "./explain.js";

const mandate = {
  key: "JPM7Fg",
  txnid: "TXN1700000001",
  amount: "10.00",
  authentication_info: AUTHENTICATION_INFO,
};
const udfs = (values: Record<string, string>) => ({ ...paymentRequest, ...values });

/**
 * Each pipe-joined recipe with its fixture and the pre-image written out by hand as [label, value] pairs (the
 * label as the diagnosis names the part), so the tests build every wrong construction independently.
 */
const RECIPES: Record<string, { fields: Record<string, unknown>; parts: [string, string][] }> = {
  "mandate-authorization": {
    fields: mandate,
    parts: [
      ["key", "JPM7Fg"],
      ["txnid", "TXN1700000001"],
      ["amount", "10.00"],
      ["authentication_info", AUTHENTICATION_INFO],
      ["<SALT>", SALT],
    ],
  },
  "payment-request": {
    fields: paymentRequest,
    parts: [
      ["key", "JPM7Fg"],
      ["txnid", "TXN1700000001"],
      ["amount", "10.00"],
      ["productinfo", "Gold plan"],
      ["firstname", "Ashish"],
      ["email", "ashish@example.com"],
      ["udf1", "order-42"],
      ["udf2", ""],
      ["udf3", ""],
      ["udf4", ""],
      ["udf5", "web"],
      ["udf6", ""],
      ["udf7", ""],
      ["udf8", ""],
      ["udf9", ""],
      ["udf10", ""],
      ["<SALT>", SALT],
    ],
  },
  "upi-mandate-registration": {
    fields: paymentRequest,
    parts: [
      ["key", "JPM7Fg"],
      ["txnid", "TXN1700000001"],
      ["amount", "10.00"],
      ["productinfo", "Gold plan"],
      ["firstname", "Ashish"],
      ["email", "ashish@example.com"],
      ["udf1", "order-42"],
      ["udf2", ""],
      ["udf3", ""],
      ["udf4", ""],
      ["udf5", "web"],
      ["empty slot 12", ""],
      ["empty slot 13", ""],
      ["<SALT>", SALT],
    ],
  },
  "payment-response": {
    fields: paymentResponse,
    parts: [
      ["<SALT>", SALT],
      ["status", "success"],
      ["empty slot 3", ""],
      ["empty slot 4", ""],
      ["empty slot 5", ""],
      ["empty slot 6", ""],
      ["empty slot 7", ""],
      ["udf5", "web"],
      ["udf4", ""],
      ["udf3", ""],
      ["udf2", ""],
      ["udf1", "order-42"],
      ["email", "ashish@example.com"],
      ["firstname", "Ashish"],
      ["productinfo", "Gold plan"],
      ["amount", "10.00"],
      ["txnid", "TXN1700000001"],
      ["key", "JPM7Fg"],
    ],
  },
};

const joined = (parts: readonly (readonly [string, string])[]) => parts.map(([, v]) => v).join("|");

function diagnosis(scheme: string, fields: unknown, preimage: string, secret = SALT) {
  const received = scheme.startsWith("wallet") ? hmac(secret, preimage) : sha512(preimage);
  const e = explain(scheme, fields, { secret, received });
  expect(e.match, `${scheme}: the wrong construction must not match`).toBe(false);
  return { e, descriptions: e.diagnosis?.found.map((c) => c.description) ?? [] };
}

describe("explain: the diagnosis of a pipe-joined recipe", () => {
  it.each(Object.keys(RECIPES))("%s: tries at least 30 distinct constructions, unbounded", (scheme) => {
    const { fields } = RECIPES[scheme]!;
    const e = explain(scheme, fields, { secret: SALT, received: "ab".repeat(64) });
    expect(e.diagnosis?.tried).toBeGreaterThanOrEqual(30);
    expect(e.diagnosis?.bounded).toBe(false);
  });

  it.each(Object.keys(RECIPES))("%s: names every swap of two parts with different values", (scheme) => {
    const { fields, parts } = RECIPES[scheme]!;
    let swaps = 0;
    for (let a = 0; a < parts.length; a++) {
      for (let b = a + 1; b < parts.length; b++) {
        if (parts[a]![1] === parts[b]![1]) continue;
        const swapped = [...parts];
        [swapped[a], swapped[b]] = [parts[b]!, parts[a]!];
        const { descriptions } = diagnosis(scheme, fields, joined(swapped));
        expect(descriptions, `${scheme}: ${parts[a]![0]} <-> ${parts[b]![0]}`).toContain(
          `${parts[a]![0]} and ${parts[b]![0]} are swapped`,
        );
        swaps++;
      }
    }
    expect(swaps).toBeGreaterThanOrEqual(10);
  });

  it.each(Object.keys(RECIPES))("%s: names every missing part", (scheme) => {
    const { fields, parts } = RECIPES[scheme]!;
    for (let i = 0; i < parts.length; i++) {
      const { descriptions } = diagnosis(scheme, fields, joined(parts.filter((_, j) => j !== i)));
      // A missing empty slot is a shorter run of empty slots, named by the udf and empty-slot trials.
      const want =
        parts[i]![1] === "" && parts[i]![0] !== "<SALT>"
          ? /empty slots? between .* instead of|only udf1-udf5|is left out/
          : new RegExp(`^${parts[i]![0]} is left out \\(with its separator\\)$`);
      expect(
        descriptions.some((d) => want.test(d)),
        `${scheme}: without ${parts[i]![0]}: ${descriptions}`,
      ).toBe(true);
    }
  });

  it.each(Object.keys(RECIPES))("%s: names an extra separator between two non-empty parts", (scheme) => {
    const { fields, parts } = RECIPES[scheme]!;
    let tried = 0;
    for (let i = 1; i < parts.length; i++) {
      if (parts[i - 1]![1] === "" || parts[i]![1] === "") continue;
      const extra = [...parts.slice(0, i), ["", ""] as [string, string], ...parts.slice(i)];
      const { descriptions } = diagnosis(scheme, fields, joined(extra));
      expect(descriptions).toContain(`an extra "|" between ${parts[i - 1]![0]} and ${parts[i]![0]}`);
      tried++;
    }
    expect(tried).toBeGreaterThan(0);
  });

  it.each<[string, string, Record<string, unknown>, string, RegExp]>([
    [
      "udf1-udf5 only",
      "payment-request",
      paymentRequest,
      `JPM7Fg|TXN1700000001|10.00|Gold plan|Ashish|ashish@example.com|order-42||||web|${SALT}`,
      /^only udf1-udf5 are hashed \(no slots for udf6-udf10\)$/,
    ],
    [
      "udf6-udf10 values ignored",
      "payment-request",
      udfs({ udf6: "u6", udf8: "u8" }),
      `JPM7Fg|TXN1700000001|10.00|Gold plan|Ashish|ashish@example.com|order-42||||web||||||${SALT}`,
      /^udf6-udf10 are hashed as five empty slots \(their values left out\)$/,
    ],
    [
      "udf6-udf10 values hashed where the recipe has empty slots",
      "upi-mandate-registration",
      udfs({ udf6: "u6", udf7: "u7" }),
      `JPM7Fg|TXN1700000001|10.00|Gold plan|Ashish|ashish@example.com|order-42||||web|u6|u7||||${SALT}`,
      /^udf1-udf10 are all hashed with the values sent \(ten udf slots\)$/,
    ],
    [
      "udf1-udf5 only, in the response's reverse order",
      "payment-response",
      paymentResponse,
      `${SALT}|success|web||||order-42|ashish@example.com|Ashish|Gold plan|10.00|TXN1700000001|JPM7Fg`,
      /^only udf1-udf5 are hashed/,
    ],
    [
      "the response hash in request order",
      "payment-response",
      paymentResponse,
      `JPM7Fg|TXN1700000001|10.00|Gold plan|Ashish|ashish@example.com|order-42||||web||||||success|${SALT}`,
      /^the parts are in reverse order$/,
    ],
    [
      "the salt first",
      "payment-request",
      paymentRequest,
      `${SALT}|JPM7Fg|TXN1700000001|10.00|Gold plan|Ashish|ashish@example.com|order-42||||web|||||`,
      /^<SALT> comes first instead$/,
    ],
    [
      "email hashed as empty",
      "payment-request",
      paymentRequest,
      `JPM7Fg|TXN1700000001|10.00|Gold plan|Ashish||order-42||||web||||||${SALT}`,
      /^email is hashed as an empty value \(its slot kept\)$/,
    ],
    [
      "amount 1 for 1.00",
      "payment-request",
      { ...paymentRequest, amount: "1.00" },
      `JPM7Fg|TXN1700000001|1|Gold plan|Ashish|ashish@example.com|order-42||||web||||||${SALT}`,
      /^amount is written as "1" instead of "1.00"$/,
    ],
    [
      "a trailing newline (echo without -n)",
      "payment-request",
      paymentRequest,
      `JPM7Fg|TXN1700000001|10.00|Gold plan|Ashish|ashish@example.com|order-42||||web||||||${SALT}\n`,
      /^a newline is appended to the pre-image \(echo without -n\)$/,
    ],
    [
      "values hashed as they appear in the form body",
      "payment-request",
      paymentRequest,
      `JPM7Fg|TXN1700000001|10.00|Gold+plan|Ashish|ashish%40example.com|order-42||||web||||||${SALT}`,
      /^the values are hashed form-encoded, as in the request body \(space as \+\)$/,
    ],
    [
      "the upi recipe for a payment request",
      "payment-request",
      paymentRequest,
      `JPM7Fg|TXN1700000001|10.00|Gold plan|Ashish|ashish@example.com|order-42||||web|||${SALT}`,
      /^the upi-mandate-registration recipe is used instead of payment-request$/,
    ],
  ])("names %s", (_name, scheme, fields, preimage, want) => {
    const { e, descriptions } = diagnosis(scheme, fields, preimage);
    expect(
      descriptions.some((d) => want.test(d)),
      descriptions.join("; "),
    ).toBe(true);
    expect(JSON.stringify(e)).not.toContain(SALT);
    expect(e.format()).not.toContain(SALT);
  });

  it("names an HMAC-SHA512 keyed with the salt", () => {
    const preimage = `JPM7Fg|TXN1700000001|10.00|${AUTHENTICATION_INFO}`;
    const received = createHmac("sha512", SALT).update(preimage).digest("hex");
    const e = explain("mandate-authorization", mandate, { secret: SALT, received });
    expect(e.diagnosis?.found.map((c) => c.description)).toEqual([
      "an HMAC-SHA512 keyed with <SALT> is computed over the other parts",
    ]);
  });

  it("tries at least 30 constructions even for bare values (no number, no JSON, no udf)", () => {
    const bare = { key: "K", txnid: "T", amount: "abc", authentication_info: "x" };
    const e = explain("mandate-authorization", bare, { secret: SALT, received: "ab".repeat(64) });
    expect(e.diagnosis?.tried).toBeGreaterThanOrEqual(30);
  });

  it("names swapped wallet values with the secret masked", () => {
    const quoted = "'10.00''M1234567''Acme Stores''9876543210''504''123456''1'";
    const { e, descriptions } = diagnosis("wallet-checksum", walletRequest, quoted, SIGNING_SECRET);
    expect(descriptions).toEqual(["cell and mid are swapped"]);
    expect(e.diagnosis?.found[0]?.preimage).toBe(quoted);
    expect(JSON.stringify(e)).not.toContain(SIGNING_SECRET);
  });

  it("names the salt swapped with a field, masked in the description and the input", () => {
    const preimage = `${SALT}|TXN1700000001|10.00|${AUTHENTICATION_INFO}|JPM7Fg`;
    const { e, descriptions } = diagnosis("mandate-authorization", mandate, preimage);
    expect(descriptions).toContain("key and <SALT> are swapped");
    expect(e.diagnosis?.found[0]?.preimage.startsWith("<SALT>|TXN1700000001|")).toBe(true);
    expect(JSON.stringify(e)).not.toContain(SALT);
  });

  it("stops at the work bound on very long values and says so", () => {
    const long = { ...mandate, authentication_info: JSON.stringify({ blob: "x".repeat(700_000) }) };
    const e = explain("mandate-authorization", long, { secret: SALT, received: "ab".repeat(64) });
    expect(e.diagnosis?.bounded).toBe(true);
    expect(e.diagnosis?.tried).toBeLessThan(5);
    expect(e.diagnosis?.notes.join(" ")).toMatch(/stopped at the work bound/);
  });

  it("says so when a single construction is already over the work bound", () => {
    const huge = { ...mandate, authentication_info: JSON.stringify({ blob: "x".repeat(2_100_000) }) };
    const e = explain("mandate-authorization", huge, { secret: SALT, received: "ab".repeat(64) });
    expect(e.diagnosis).toMatchObject({ tried: 0, bounded: true, found: [] });
    expect(e.diagnosis?.notes.join(" ")).toMatch(
      /no alternative construction was tried \(the values are too long/,
    );
  });

  it("tries nothing for a malformed digest, and says what is wrong with it", () => {
    const e = explain("payment-request", paymentRequest, { secret: SALT, received: "abc" });
    expect(e.diagnosis).toMatchObject({ tried: 0, found: [] });
    expect(e.diagnosis?.notes.join(" ")).toMatch(/expected 128 hex characters/);
  });
});
