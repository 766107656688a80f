import { describe, expect, it } from "vitest";
import { detectScheme, responseDigest } from "./detect-scheme.js";

describe("detectScheme", () => {
  it.each([
    [{ event_name: "Document status update", mid: 1 }, "webhook-signature"],
    [{ messagecode: "505", status: "SUCCESS", statuscode: "0", checksum: "c" }, "wallet-response-checksum"],
    [{ mid: "M", cell: "9876543210", msgcode: "505", otp: "1", checksum: "c" }, "wallet-checksum"],
    [{ key: "K", txnid: "T", amount: "1.00", authentication_info: "{}", hash: "h" }, "mandate-authorization"],
    [{ key: "K", txnid: "T", status: "success", hash: "h", mode: "UPI" }, "payment-response"],
    [{ key: "K", txnid: "T", pg: "UPI", bankcode: "INTENT", hash: "h" }, "upi-mandate-registration"],
    [{ key: "K", txnid: "T", vpa: "a@b", hash: "h" }, "upi-mandate-registration"],
    [{ key: "K", txnid: "T", pre_authorize: "1" }, "upi-mandate-registration"],
    [{ key: "K", txnid: "T", pg: "BNPL", hash: "h" }, "payment-request"],
    [{ name: "nothing to sign" }, undefined],
  ] as const)("%j is %s", (fields, scheme) => {
    expect(detectScheme(fields)).toBe(scheme);
  });
});

describe("responseDigest", () => {
  it("finds a wallet answer's checksum over its four fields", () => {
    const d = responseDigest({
      messagecode: "505",
      status: "SUCCESS",
      statuscode: "0",
      statusdescription: "ok",
      token: "t",
      checksum: "c",
    });
    expect(d).toEqual({
      scheme: "wallet-response-checksum",
      fields: { messagecode: "505", status: "SUCCESS", statuscode: "0", statusdescription: "ok" },
      received: "c",
      pointer: "/checksum",
    });
  });
  it("finds a gateway result's hash, filling what the result does not echo from the request", () => {
    const d = responseDigest(
      { metaData: {}, result: { status: "success", txnid: "T", hash: "h" } },
      { key: "K", amount: "1.00" },
    );
    expect(d?.scheme).toBe("payment-response");
    expect(d?.pointer).toBe("/result/hash");
    expect(d?.fields).toMatchObject({ status: "success", txnid: "T", key: "K", amount: "1.00", udf1: "" });
  });
  it("finds a final payment response's hash (the form posted to surl)", () => {
    expect(responseDigest({ status: "success", txnid: "T", key: "K", hash: "h" })?.pointer).toBe("/hash");
  });
  it.each([
    [null],
    ["text"],
    [[1]],
    [{ result: {} }],
    [{ checksum: 1 }],
    [{ key: "K", txnid: "T", hash: "h" }],
  ])("finds none in %j", (body) => {
    expect(responseDigest(body)).toBeUndefined();
  });
});
