// The digest code embedded in the Postman scripts agrees with @pgi/signing on every recipe of the specs.
import { sign } from "@pgi/signing";
import CryptoJS from "crypto-js";
import { describe, expect, it } from "vitest";
import { contractHosts, loadSpec } from "../contract-files.js";
import { type DigestSource, pgiDigest } from "./sandbox-digest.js";
import type { RecipeData } from "./sandbox-types.js";
import { recipeData } from "./spec-operations.js";

/** Every x-pgi-signature of the bundles, by id (as the spec states it, not as @pgi/signing compiles it). */
function specRecipes(): Map<string, RecipeData> {
  const found = new Map<string, RecipeData>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") {
      for (const [k, child] of Object.entries(v)) {
        if (k === "x-pgi-signature") {
          const r = recipeData(child);
          if (r) found.set(r.id, r);
        } else walk(child);
      }
    }
  };
  for (const h of contractHosts()) walk(loadSpec(h.host));
  return found;
}

const recipes = specRecipes();
const digest = (id: string, source: DigestSource, secret: string) =>
  pgiDigest(CryptoJS, recipes.get(id)!, source, secret).digest;

const AUTH_INFO = '{"referenceId":"r1","cres":"c","additionalInfo":{"authUdf1":"ü"}}';
const JOINED: [string, Record<string, string>, string][] = [
  [
    "mandate-authorization",
    { key: "Jx7Kq2", txnid: "T1", amount: "1.00", authentication_info: AUTH_INFO },
    "salt",
  ],
  [
    "payment-request",
    {
      key: "K",
      txnid: "T2",
      amount: "10",
      productinfo: "P",
      firstname: "Asha",
      email: "a@b.in",
      udf1: "x",
      udf3: "z",
    },
    "salt",
  ],
  [
    "payment-request",
    {
      key: "K",
      txnid: "T2",
      amount: "10",
      productinfo: "",
      firstname: "",
      email: "",
      si_details: '{"billingAmount":"1.00"}',
    },
    "salt",
  ],
  [
    "upi-mandate-registration",
    {
      key: "K",
      txnid: "T3",
      amount: "5.5",
      productinfo: "Sub",
      firstname: "Añjali",
      email: "x@y.in",
      udf1: "o-1",
    },
    "s",
  ],
  [
    "payment-response",
    {
      key: "K",
      txnid: "T4",
      amount: "1.00",
      productinfo: "P",
      firstname: "F",
      email: "e@x.in",
      status: "success",
    },
    "salt",
  ],
  [
    "payment-response",
    {
      key: "K",
      txnid: "T4",
      amount: "1.00",
      productinfo: "P",
      firstname: "F",
      email: "e@x.in",
      status: "failure",
      additionalCharges: "2.50",
      udf5: "u5",
    },
    "salt",
  ],
  [
    "wallet-checksum",
    {
      amount: "5000",
      cell: "9876543210",
      merchantname: "Shop",
      mid: "M1",
      msgcode: "501",
      otp: "012345",
      tokentype: "1",
    },
    "secret",
  ],
  [
    "wallet-checksum",
    {
      amount: "5000",
      cell: "9876543210",
      merchantname: "Shop",
      mid: "M1",
      msgcode: "501",
      otp: "1",
      tokentype: "1",
      aggregatedMerchantId: "SUB1",
    },
    "secret",
  ],
  [
    "wallet-response-checksum",
    {
      messagecode: "501",
      status: "SUCCESS",
      statuscode: "0",
      statusdescription: "Token generated successfully",
    },
    "secret",
  ],
];

describe("pgiDigest (the Postman scripts' digest) against @pgi/signing", () => {
  it("the specs carry the seven recipes", () => {
    expect([...recipes.keys()].sort()).toEqual([
      "mandate-authorization",
      "payment-request",
      "payment-response",
      "upi-mandate-registration",
      "wallet-checksum",
      "wallet-response-checksum",
      "webhook-signature",
    ]);
  });

  it.each(JOINED)("%s over %j", (id, fields, secret) => {
    expect(digest(id, { fields }, secret)).toBe(
      (sign(id as "payment-request", fields as never, secret) as { digest: string }).digest,
    );
  });

  it.each([
    '{"mid":123,"merchant_uuid":"u","current_status":"Approved","error":"NA","remarks":"NA","event_name":"e","previous_status":"Pending","change_timestamp":1786529742}',
    '{ "b" : true , "a" : null, "c": "é \\"quoted\\" \\\\ \\u00e9", "Z": -5 }',
    "{}",
  ])("webhook-signature over the raw body %s", (raw) => {
    expect(digest("webhook-signature", { raw }, "whsec")).toBe(
      sign("webhook-signature", raw, "whsec").digest,
    );
  });

  it.each([
    ['{"a":{"b":1}}', "only strings, integers"],
    ['{"a":[1]}', "only strings, integers"],
    ['{"a":1.5}', "only strings, integers"],
    ['{"a":"x","a":"y"}', "appears twice"],
    ["[1]", "not a JSON object"],
  ])("webhook-signature refuses %s", (raw, message) => {
    expect(() => digest("webhook-signature", { raw }, "whsec")).toThrow(message);
  });
});
