import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hmac } from "../../test/crypto.js";
import { SIGNING_SECRET, WEBHOOK_BODY, WEBHOOK_CANONICAL, webhookPayload } from "../../test/fixtures.js";
import {
  CanonicalFormError,
  MalformedDigestError,
  MissingSignatureError,
  RawBodyRequiredError,
} from "../errors.js";
import { canonicalForm, sign, verify } from "./webhook-signature.js";

const expected = hmac(SIGNING_SECRET, WEBHOOK_CANONICAL);

describe("webhook-signature", () => {
  it("signs the sorted key-value canonical form of the raw body", () => {
    expect(canonicalForm(WEBHOOK_BODY)).toBe(WEBHOOK_CANONICAL);
    expect(sign(WEBHOOK_BODY, SIGNING_SECRET)).toEqual({ digest: expected, body: WEBHOOK_BODY });
  });

  it("signs a payload object to the same digest and returns the JSON body to send", () => {
    const result = sign(webhookPayload, SIGNING_SECRET);
    expect(result.digest).toBe(expected);
    expect(JSON.parse(result.body)).toEqual(webhookPayload);
  });

  it("keeps integer literals exactly as written in the raw body", () => {
    const body = '{"mid":12345678901234567890,"remarks":"NA"}';
    expect(canonicalForm(body)).toBe("mid12345678901234567890remarksNA");
    expect(sign({ mid: 12345678901234567890n, remarks: "NA" }, SIGNING_SECRET).digest).toBe(
      hmac(SIGNING_SECRET, "mid12345678901234567890remarksNA"),
    );
    expect(sign({ mid: 12345678901234567890n }, SIGNING_SECRET).body).toBe('{"mid":12345678901234567890}');
  });

  it("writes booleans as true/false, null as empty, strings decoded", () => {
    expect(canonicalForm('{"b":false,"a":true,"n":null,"s":"caf\\u00e9 \\"q\\""}')).toBe(
      'atruebfalsenscafé "q"',
    );
  });

  it("verifies the bare hex Authorization header, with surrounding whitespace allowed", () => {
    expect(verify(WEBHOOK_BODY, expected, SIGNING_SECRET)).toBe(true);
    expect(verify(WEBHOOK_BODY, `  ${expected}\r\n`, SIGNING_SECRET)).toBe(true);
    expect(verify(Buffer.from(WEBHOOK_BODY), expected, SIGNING_SECRET)).toBe(true);
    expect(verify(new TextEncoder().encode(WEBHOOK_BODY), expected, SIGNING_SECRET)).toBe(true);
    expect(verify(WEBHOOK_BODY.replace("Approved", "Rejected"), expected, SIGNING_SECRET)).toBe(false);
  });

  it("throws typed errors for a missing header, a parsed body and a malformed digest", () => {
    expect(() => verify(WEBHOOK_BODY, undefined, SIGNING_SECRET)).toThrow(MissingSignatureError);
    expect(() => verify(WEBHOOK_BODY, "   ", SIGNING_SECRET)).toThrow(MissingSignatureError);
    expect(() => verify(webhookPayload as never, expected, SIGNING_SECRET)).toThrow(RawBodyRequiredError);
    expect(() => verify(WEBHOOK_BODY, `Bearer ${expected}`, SIGNING_SECRET)).toThrow(MalformedDigestError);
  });

  it.each([
    ['{"a":[1]}', /key "a": value is an array/],
    ['{"a":{"b":1}}', /key "a": value is an object/],
    ['{"amount":1.5}', /key "amount": value 1.5 is not an integer/],
    ['{"amount":1e3}', /key "amount": value 1e3 is not an integer/],
    ['{"a":"1","a":"2"}', /key "a": appears more than once/],
    ["[1,2]", /body is a JSON array, not an object/],
    ['"text"', /body is not a JSON object/],
    ['{"a":1,}', /not valid JSON/],
    ['{"a":01}', /not valid JSON/],
  ])("rejects %s with a CanonicalFormError", (body, message) => {
    expect(() => sign(body, SIGNING_SECRET)).toThrow(CanonicalFormError);
    expect(() => sign(body, SIGNING_SECRET)).toThrow(message);
  });

  it("rejects non-integer and unsafe numbers in a payload object", () => {
    expect(() => sign({ a: 1.5 }, SIGNING_SECRET)).toThrow(/key "a"/);
    expect(() => sign({ a: 2 ** 60 }, SIGNING_SECRET)).toThrow(/bigint/);
    expect(() => sign({ a: [] }, SIGNING_SECRET)).toThrow(CanonicalFormError);
  });

  it("rejects a body that is not valid UTF-8", () => {
    expect(() => sign(Buffer.from([0x7b, 0xff, 0x7d]), SIGNING_SECRET)).toThrow(/UTF-8/);
  });

  it("does not depend on the key order of the body (property)", () => {
    const value = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
    const entries = fc.uniqueArray(fc.tuple(fc.string({ minLength: 1 }), value), {
      selector: (entry) => entry[0],
      maxLength: 10,
    });
    const withPermutation = entries.chain((list) =>
      fc.tuple(
        fc.constant(list),
        fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length }),
      ),
    );
    const toObject = (list: [string, unknown][]) => {
      const out: Record<string, unknown> = {};
      for (const [k, v] of list) Object.defineProperty(out, k, { value: v, enumerable: true });
      return out;
    };
    fc.assert(
      fc.property(withPermutation, ([original, permuted]) => {
        const digest = sign(toObject(original), SIGNING_SECRET).digest;
        expect(sign(toObject(permuted), SIGNING_SECRET).digest).toBe(digest);
        expect(verify(JSON.stringify(toObject(permuted)), digest, SIGNING_SECRET)).toBe(true);
        expect(verify(JSON.stringify(toObject(permuted), null, 2), digest, SIGNING_SECRET)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
