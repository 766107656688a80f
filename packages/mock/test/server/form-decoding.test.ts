// The form body is decoded once, in readBody: its fields as URLSearchParams reads them (what behaviours get) and
// the same values under Prism's rules (what the validator checks), each equal to decoding the raw body separately.
import { describe, expect, it } from "vitest";
import { decodeFormAsPrism } from "../../src/core/request-validators.js";
import { loadSpecs } from "../../src/core/spec-index.js";
import { readBody } from "../../src/server/request-body.js";
import { seeded } from "../hosts/host-context.js";

const specs = await loadSpecs();
const gateway = specs.get("gateway");
const op = gateway?.operations.find((o) => o.operationId === "authorizeMandateTransaction");
if (!gateway || !op) throw new Error("the gateway bundle lacks authorizeMandateTransaction");
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const read = (raw: string) => readBody(gateway, op, "POST", FORM, raw);

/** What the stages decoded separately before: URLSearchParams for behaviours, Prism's decoder for validation. */
function separately(raw: string) {
  const fields: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(raw)) fields[k] = v;
  return { fields, prism: decodeFormAsPrism(raw) };
}

const CRAFTED = [
  "txnid=T1&amount=10.00",
  "a=&b=&c",
  "=x",
  "=x&",
  "a=1&&b=2&",
  "&",
  "",
  "a=1=2=3",
  "first+name=J+Doe&city=New%20York",
  "a+b=1&a%2Bb=2",
  "a%2Bb=1&a+b=2",
  "%61=1&b=%E2%82%AC&c=%F0%9F%98%80",
  "n=%2B%26%3D%25&m=++",
  "%31=a&x=1",
  "json=%7B%22a%22%3A%5B1%2C2%5D%7D",
  "k=\u00e9\u{1F600}",
  "k=a\uD800b",
  "k\uDC00=1",
];

describe("readBody decodes a form once", () => {
  it.each(CRAFTED)("%j: the fields and Prism's fields equal decoding the body separately", (raw) => {
    const body = read(raw);
    expect(body.ok).toBe(true);
    if (!body.ok) return;
    const expected = separately(raw);
    expect(body.parsedBody).toEqual(expected.fields);
    expect(Object.keys(body.parsedBody as object)).toEqual(Object.keys(expected.fields));
    // A lone surrogate is the one input read apart: Prism's fields are then left to the validator.
    if (/\p{Cs}/u.test(raw)) expect(body.prismFields).toBeUndefined();
    else {
      expect(body.prismFields).toEqual(expected.prism);
      expect(Object.keys(body.prismFields ?? {})).toEqual(Object.keys(expected.prism));
    }
  });

  it("keeps fields named like Object's own members (constructor, toString, __proto__) as ordinary fields", () => {
    const body = read("constructor=1&toString=2&__proto__=3&hasOwnProperty=4");
    expect(body.ok).toBe(true);
    if (!body.ok) return;
    const fields = body.parsedBody as Record<string, string>;
    expect(Object.keys(fields)).toEqual(["constructor", "toString", "__proto__", "hasOwnProperty"]);
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
    expect(fields.constructor).toBe("1");
    expect(Object.getOwnPropertyDescriptor(fields, "__proto__")?.value).toBe("3");
  });

  it("refuses a repeated field and a malformed %-escape as before, the escape first wherever it is", () => {
    const refusal = (raw: string) => {
      const body = read(raw);
      return body.ok ? undefined : body.violations.map((v) => `${v.field} ${v.rule} ${v.message}`);
    };
    expect(refusal("a=1&a=2")).toEqual(["body.a syntax the field appears more than once"]);
    expect(refusal("a+b=1&a%20b=2")).toEqual(["body.a b syntax the field appears more than once"]);
    expect(refusal("a=1&a=2&b%ZZ=3")).toEqual(["body.b%ZZ syntax malformed percent-encoding"]);
    expect(refusal("a=%E2%82&b=1")).toEqual(["body.a syntax malformed percent-encoding"]);
  });

  it("on a seeded corpus of 2,000 forms built from awkward characters", () => {
    const random = seeded(17);
    const ALPHABET = [
      "a",
      "b",
      "1",
      "+",
      "%20",
      "%2B",
      "%3D",
      "%26",
      "=",
      "&",
      "%C3%A9",
      "é",
      " ",
      "%41",
      "%",
    ];
    let compared = 0;
    for (let i = 0; i < 2_000; i++) {
      let raw = "";
      for (let n = Math.floor(random() * 12); n > 0; n--)
        raw += ALPHABET[Math.floor(random() * ALPHABET.length)];
      const body = read(raw);
      const decodable = raw.split("&").every((pair) => {
        try {
          decodeURIComponent(pair.replace(/\+/g, " "));
          return true;
        } catch {
          return false;
        }
      });
      if (!decodable) {
        expect(body.ok, raw).toBe(false);
        continue;
      }
      const expected = separately(raw);
      const repeated = [...new URLSearchParams(raw).keys()].length !== Object.keys(expected.fields).length;
      expect(body.ok, raw).toBe(!repeated);
      if (!body.ok) continue;
      expect(body.parsedBody, raw).toEqual(expected.fields);
      expect(body.prismFields, raw).toEqual(expected.prism);
      compared++;
    }
    expect(compared).toBeGreaterThan(500);
  });
});
