// Contract tests of the wallet host (specs/wallet): the token request form, the response with its statuscode table
// and success/failure coupling, the x-pgi extensions, the checksum examples, and every named example.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { at, check, loadBundle, ptr, validatorAt } from "./helpers.js";

const HOST = "wallet";

type Json = Record<string, unknown>;
type Row = { given: string; value: unknown; want?: string };

/** Follows $refs from a pointer; returns the final pointer and node. */
function resolve(pointer: string): [string, Json] {
  let p = pointer;
  let node = at(HOST, p) as Json;
  while (node && typeof node.$ref === "string") {
    p = (node.$ref as string).slice(1);
    node = at(HOST, p) as Json;
  }
  return [p, node];
}

/** Every named example of every request and response body, with the pointer of its schema. */
function namedExamples(): [string, string, unknown][] {
  const out: [string, string, unknown][] = [];
  const paths = loadBundle(HOST).paths as Json;
  for (const path of Object.keys(paths)) {
    const [itemPtr, item] = resolve(ptr("paths", path));
    for (const method of Object.keys(item).filter((m) =>
      ["get", "put", "post", "delete", "patch"].includes(m),
    )) {
      const bodies: string[] = [];
      if ((item[method] as Json).requestBody) bodies.push(resolve(`${itemPtr}/${method}/requestBody`)[0]);
      for (const status of Object.keys(((item[method] as Json).responses ?? {}) as Json)) {
        bodies.push(resolve(`${itemPtr}/${method}/responses/${status}`)[0]);
      }
      for (const bodyPtr of bodies) {
        const content = ((at(HOST, bodyPtr) as Json).content ?? {}) as Json;
        for (const media of Object.keys(content)) {
          const mediaPtr = `${bodyPtr}/content/${media.replace(/~/g, "~0").replace(/\//g, "~1")}`;
          const examples = ((content[media] as Json).examples ?? {}) as Json;
          for (const name of Object.keys(examples)) {
            const [, ex] = resolve(`${mediaPtr}/examples/${name}`);
            out.push([
              `${method.toUpperCase()} ${path} ${bodyPtr.split("/").pop()} ${media} ${name}`,
              `${mediaPtr}/schema`,
              ex.value,
            ]);
          }
        }
      }
    }
  }
  return out;
}

function table(pointer: string, valid: Row[], invalid: Row[]) {
  const validate = validatorAt(HOST, pointer);
  it.each(valid)("accepts $given", ({ value }) => {
    expect(check(validate, value)).toEqual([]);
  });
  it.each(invalid)("rejects $given", ({ value, want }) => {
    const errors = check(validate, value);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.join("\n")).toContain(want);
  });
}

const request = {
  mid: "MERCH1001",
  cell: "9876543210",
  msgcode: "501",
  merchantname: "ExampleStore",
  amount: 5000,
  otp: 482913,
  tokentype: 1,
  checksum: "8e55a3ae6646b331da6b1c95cc6e5b352865076ff03a6a238ce41305f8b75fc5",
};
const without = (key: string) => Object.fromEntries(Object.entries(request).filter(([k]) => k !== key));

describe("WalletTokenRequest (form body of /tokengenerate)", () => {
  table(
    "/components/schemas/WalletTokenRequest",
    [
      { given: "a direct merchant's request", value: request },
      { given: "an aggregator's request", value: { ...request, aggregatedMerchantId: "SUBM0042" } },
      { given: "cell starting with 7", value: { ...request, cell: "7000000000" } },
      { given: "cell starting with 8", value: { ...request, cell: "8123456789" } },
      { given: "amount 0", value: { ...request, amount: 0 } },
      { given: "otp 0", value: { ...request, otp: 0 } },
    ],
    [
      ...["mid", "cell", "msgcode", "merchantname", "amount", "otp", "tokentype", "checksum"].map((key) => ({
        given: `missing ${key}`,
        value: without(key),
        want: `'${key}'`,
      })),
      { given: "cell starting with 6", value: { ...request, cell: "6876543210" }, want: "/cell" },
      { given: "cell of 11 digits", value: { ...request, cell: "98765432101" }, want: "/cell" },
      { given: "cell with country code", value: { ...request, cell: "+919876543210" }, want: "/cell" },
      { given: "empty mid", value: { ...request, mid: "" }, want: "/mid" },
      { given: "empty msgcode", value: { ...request, msgcode: "" }, want: "/msgcode" },
      { given: "empty merchantname", value: { ...request, merchantname: "" }, want: "/merchantname" },
      { given: "amount with decimals", value: { ...request, amount: 5000.5 }, want: "/amount" },
      { given: "amount as a 2-decimal string", value: { ...request, amount: "5000.00" }, want: "/amount" },
      { given: "negative amount", value: { ...request, amount: -1 }, want: "/amount" },
      { given: "otp as text with letters", value: { ...request, otp: "48a913" }, want: "/otp" },
      { given: "negative otp", value: { ...request, otp: -5 }, want: "/otp" },
      { given: "tokentype 2", value: { ...request, tokentype: 2 }, want: "/tokentype" },
      {
        given: "upper-case checksum",
        value: { ...request, checksum: request.checksum.toUpperCase() },
        want: "/checksum",
      },
      { given: "short checksum", value: { ...request, checksum: "8e55a3" }, want: "/checksum" },
      {
        given: "empty aggregatedMerchantId",
        value: { ...request, aggregatedMerchantId: "" },
        want: "/aggregatedMerchantId",
      },
      {
        given: "an unknown field",
        value: { ...request, token: "x" },
        want: "must NOT have additional properties",
      },
    ],
  );
});

const success = {
  messagecode: "501",
  status: "SUCCESS",
  statuscode: "0",
  statusdescription: "Token generated successfully",
  token: "WTK9f3c6a1e2b7d48c5a0e4f1d2c3b4a596",
  checksum: "fc0cc90bd8d347fde08c6d975499e317244daa3e1533e755c4fcede9b745e77c",
};
const failure = {
  messagecode: "501",
  status: "FAILURE",
  statuscode: "101",
  statusdescription: "Invalid OTP provided",
  checksum: "2945ead92970baa6a48d0cf680f9ab01e25fcd2f7939fbf94079ea3b9e251fe9",
};
const drop = (o: Json, key: string) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));

describe("WalletTokenResponse (200 of /tokengenerate)", () => {
  table(
    "/components/schemas/WalletTokenResponse",
    [
      { given: "success with token", value: success },
      { given: "failure without token", value: failure },
      { given: "failure with an unlisted code (the list is open)", value: { ...failure, statuscode: "777" } },
      { given: "failure without messagecode", value: drop(failure, "messagecode") },
      { given: "a body with an extra field (responses are open)", value: { ...success, extra: "x" } },
    ],
    [
      { given: "success without token", value: drop(success, "token"), want: "token" },
      {
        given: "success with a non-zero statuscode",
        value: { ...success, statuscode: "22" },
        want: "/statuscode",
      },
      { given: "failure with a token", value: { ...failure, token: "WTK1" }, want: "/token" },
      { given: "failure with statuscode 0", value: { ...failure, statuscode: "0" }, want: "/statuscode" },
      { given: "statuscode as a number", value: { ...failure, statuscode: 101 }, want: "/statuscode" },
      { given: "statuscode with letters", value: { ...failure, statuscode: "E101" }, want: "/statuscode" },
      { given: "unknown status", value: { ...failure, status: "PENDING" }, want: "/status" },
      { given: "lower-case status", value: { ...failure, status: "failure" }, want: "/status" },
      ...["status", "statuscode", "statusdescription", "checksum"].map((key) => ({
        given: `missing ${key}`,
        value: drop(failure, key),
        want: `'${key}'`,
      })),
      { given: "malformed checksum", value: { ...failure, checksum: "xyz" }, want: "/checksum" },
      { given: "empty token", value: { ...success, token: "" }, want: "/token" },
    ],
  );
});

describe("statuscode table", () => {
  const codes = [
    0, 22, 50, 53, 54, 55, 99, 101, 102, 103, 150, 154, 155, 157, 158, 161, 162, 163, 164, 181, 190, 198, 199,
    200, 450,
  ].map(String);
  const statuscode = at(HOST, "/components/schemas/WalletStatusCode") as Json;
  it("x-pgi-codes lists exactly the interface's codes", () => {
    expect(Object.keys(statuscode["x-pgi-codes"] as Json).sort()).toEqual([...codes].sort());
  });
  it.each(codes)("code %s is in the description table and matches the pattern", (code) => {
    expect(statuscode.description as string).toContain(`| ${code} |`);
    expect(check(validatorAt(HOST, "/components/schemas/WalletStatusCode"), code)).toEqual([]);
  });
  it("is a numeric string, not a closed enum", () => {
    expect(statuscode.enum).toBeUndefined();
    expect(statuscode.pattern).toBe("^[0-9]+$");
  });
});

describe("operation contract", () => {
  const op = at(HOST, ptr("paths", "/tokengenerate", "post")) as Json;
  it("is a form post authenticated by the checksum only", () => {
    expect(Object.keys((op.requestBody as Json).content as Json)).toEqual([
      "application/x-www-form-urlencoded",
    ]);
    expect(op.security).toEqual([]);
    expect(typeof op["x-pgi-no-token"]).toBe("string");
  });
  it("carries the request checksum recipe and the token rule; the response schema the response recipe", () => {
    expect((op["x-pgi-signature"] as Json).id).toBe("wallet-checksum");
    expect((op["x-pgi-rule"] as Json).defaultValidityDays).toBe(365);
    const schema = at(HOST, "/components/schemas/WalletTokenResponse") as Json;
    expect((schema["x-pgi-signature"] as Json).id).toBe("wallet-response-checksum");
  });
  it("answers failures with 200 (status FAILURE)", () => {
    expect(Object.keys(op.responses as Json).sort()).toEqual(["200", "400", "413", "415", "503"]);
  });
});

describe("example checksums follow the recipes (the mock's test secret pgi-test-wallet-secret)", () => {
  const hmac = (fields: Json, names: string[]) =>
    createHmac("sha256", "pgi-test-wallet-secret")
      .update(
        names
          .filter((n) => fields[n] !== undefined)
          .map((n) => `'${fields[n]}'`)
          .join(""),
      )
      .digest("hex");
  const requestNames = [
    "amount",
    "cell",
    "merchantname",
    "mid",
    "msgcode",
    "otp",
    "tokentype",
    "aggregatedMerchantId",
  ];
  const responseNames = ["messagecode", "status", "statuscode", "statusdescription"];
  const examples = at(HOST, "/components/examples") as Record<string, { value: Json }>;
  it.each(Object.entries(examples))("%s", (name, ex) => {
    const names = name.startsWith("TokenRequest") ? requestNames : responseNames;
    expect(ex.value.checksum).toBe(hmac(ex.value, names));
  });
});

describe("named examples validate against their schemas", () => {
  const examples = namedExamples();
  it("covers every body", () => {
    // Including the example of the shared store-unavailable refusal (503).
    expect(examples.length).toBe(14);
  });
  it.each(examples)("%s", (_name, schemaPointer, value) => {
    expect(check(validatorAt(HOST, schemaPointer), value)).toEqual([]);
  });
});
