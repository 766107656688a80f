// Contract tests of the OTP and token service (specs/otp): valid/invalid instance tables per schema, header
// parameters, security and every named example against its schema.
import { describe, expect, it } from "vitest";
import { at, check, loadBundle, ptr, validatorAt } from "./helpers.js";

const HOST = "otp";
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

const send = { mobileNumber: "9876543210", merchantName: "Example Store", merchantDomain: "example.in" };

describe("SendOtpRequest (body of /otp/send and /otp/resend)", () => {
  table(
    "/components/schemas/SendOtpRequest",
    [
      { given: "the three required fields", value: send },
      { given: "mobile number starting with 6", value: { ...send, mobileNumber: "6000000000" } },
      {
        given: "every field",
        value: {
          ...send,
          amount: 1499.5,
          provider: "p",
          webfrontPrefix: "web",
          subClient: "w",
          channel: "EMAIL",
          recipient: { email: "a@b.in", mobileNumber: "9876543210" },
          userIdentifier: "u",
          merchantId: "m",
        },
      },
      { given: "integer amount", value: { ...send, amount: 100 } },
      { given: "channel SMS", value: { ...send, channel: "SMS" } },
      { given: "channel WHATSAPP", value: { ...send, channel: "WHATSAPP" } },
      { given: "recipient with empty e-mail", value: { ...send, recipient: { email: "" } } },
      { given: "empty recipient", value: { ...send, recipient: {} } },
      {
        given: "merchant name with allowed punctuation",
        value: { ...send, merchantName: "Asha & Co. (Pune)-1" },
      },
    ],
    [
      {
        given: "missing mobileNumber",
        value: { merchantName: "A", merchantDomain: "a.in" },
        want: "mobileNumber",
      },
      {
        given: "missing merchantName",
        value: { mobileNumber: "9876543210", merchantDomain: "a.in" },
        want: "merchantName",
      },
      {
        given: "missing merchantDomain",
        value: { mobileNumber: "9876543210", merchantName: "A" },
        want: "merchantDomain",
      },
      {
        given: "mobile number starting with 5",
        value: { ...send, mobileNumber: "5876543210" },
        want: "/mobileNumber",
      },
      {
        given: "mobile number of 9 digits",
        value: { ...send, mobileNumber: "987654321" },
        want: "/mobileNumber",
      },
      {
        given: "mobile number with country code",
        value: { ...send, mobileNumber: "+919876543210" },
        want: "/mobileNumber",
      },
      {
        given: "mobile number as a number",
        value: { ...send, mobileNumber: 9876543210 },
        want: "/mobileNumber",
      },
      ...["!", "<", ">", "?", "*", "$", "#", "%", "{", "}"].flatMap((ch) => [
        {
          given: `merchantName with ${ch}`,
          value: { ...send, merchantName: `Shop${ch}` },
          want: "/merchantName",
        },
        {
          given: `merchantDomain with ${ch}`,
          value: { ...send, merchantDomain: `a${ch}.in` },
          want: "/merchantDomain",
        },
      ]),
      { given: "amount as a string", value: { ...send, amount: "10.00" }, want: "/amount" },
      { given: "unknown channel", value: { ...send, channel: "PUSH" }, want: "/channel" },
      { given: "lower-case channel", value: { ...send, channel: "sms" }, want: "/channel" },
      { given: "provider not a string", value: { ...send, provider: 1 }, want: "/provider" },
      {
        given: "webfrontPrefix not a string",
        value: { ...send, webfrontPrefix: 1 },
        want: "/webfrontPrefix",
      },
      { given: "subClient not a string", value: { ...send, subClient: true }, want: "/subClient" },
      {
        given: "userIdentifier not a string",
        value: { ...send, userIdentifier: 1 },
        want: "/userIdentifier",
      },
      { given: "merchantId not a string", value: { ...send, merchantId: 1 }, want: "/merchantId" },
      {
        given: "recipient e-mail malformed",
        value: { ...send, recipient: { email: "nobody" } },
        want: "/recipient/email",
      },
      {
        given: "recipient mobile not a string",
        value: { ...send, recipient: { mobileNumber: 98 } },
        want: "/recipient/mobileNumber",
      },
      {
        given: "recipient with an unknown field",
        value: { ...send, recipient: { phone: "1" } },
        want: "/recipient must NOT have additional properties",
      },
      {
        given: "an unknown field",
        value: { ...send, extra: 1 },
        want: "must NOT have additional properties",
      },
    ],
  );
});

describe("TokenRequest (body of /token/validate)", () => {
  table(
    "/components/schemas/TokenRequest",
    [
      { given: "an empty object (nothing is required)", value: {} },
      { given: "token and mobile number", value: { token: "t", mobileNumber: "9876543210" } },
      { given: "empty e-mail", value: { email: "" } },
      { given: "e-mail address", value: { email: "a@b.in" } },
      {
        given: "fallback with a send request",
        value: { token: "t", sendOtpOnFailureEnabled: true, sendOtpRequestDTO: send },
      },
      { given: "fallback disabled", value: { sendOtpOnFailureEnabled: false } },
    ],
    [
      { given: "token not a string", value: { token: 1 }, want: "/token" },
      {
        given: "mobile number starting with 1",
        value: { mobileNumber: "1234567890" },
        want: "/mobileNumber",
      },
      { given: "mobile number of 11 digits", value: { mobileNumber: "98765432101" }, want: "/mobileNumber" },
      { given: "malformed e-mail", value: { email: "a@b" }, want: "/email" },
      {
        given: "sendOtpOnFailureEnabled as a string",
        value: { sendOtpOnFailureEnabled: "true" },
        want: "/sendOtpOnFailureEnabled",
      },
      {
        given: "send request missing merchantName",
        value: { sendOtpRequestDTO: { mobileNumber: "9876543210", merchantDomain: "a.in" } },
        want: "merchantName",
      },
      {
        given: "send request with forbidden character",
        value: { sendOtpRequestDTO: { ...send, merchantName: "A$" } },
        want: "/sendOtpRequestDTO/merchantName",
      },
      {
        given: "send request with an unknown field",
        value: { sendOtpRequestDTO: { ...send, x: 1 } },
        want: "/sendOtpRequestDTO must NOT have additional properties",
      },
      { given: "an unknown field", value: { uuid: "x" }, want: "must NOT have additional properties" },
    ],
  );
});

describe("VerifyOtpRequest (body of /otp/verify)", () => {
  const verify = { otp: 482913, uuid: "6f1d2c3b-4a59-4e8b-9c71-0d2e3f4a5b6c" };
  table(
    "/components/schemas/VerifyOtpRequest",
    [
      { given: "otp and uuid", value: verify },
      {
        given: "mobile number starting with 1 (wider than send)",
        value: { ...verify, mobileNumber: "1234567890" },
      },
      { given: "mobile number starting with 9", value: { ...verify, mobileNumber: "9876543210" } },
      { given: "empty e-mail", value: { ...verify, email: "" } },
      { given: "e-mail address", value: { ...verify, email: "a@b.in" } },
      { given: "largest int32 OTP", value: { ...verify, otp: 2147483647 } },
    ],
    [
      { given: "missing otp", value: { uuid: "u" }, want: "otp" },
      { given: "missing uuid", value: { otp: 1 }, want: "uuid" },
      { given: "otp as a string", value: { ...verify, otp: "482913" }, want: "/otp" },
      { given: "otp with a fraction", value: { ...verify, otp: 4829.5 }, want: "/otp" },
      { given: "otp beyond int32", value: { ...verify, otp: 2147483648 }, want: "/otp" },
      { given: "empty uuid", value: { ...verify, uuid: "" }, want: "/uuid" },
      {
        given: "mobile number starting with 0",
        value: { ...verify, mobileNumber: "0123456789" },
        want: "/mobileNumber",
      },
      {
        given: "mobile number of 9 digits",
        value: { ...verify, mobileNumber: "123456789" },
        want: "/mobileNumber",
      },
      { given: "malformed e-mail", value: { ...verify, email: "x@" }, want: "/email" },
      {
        given: "an unknown field",
        value: { ...verify, channel: "SMS" },
        want: "must NOT have additional properties",
      },
    ],
  );
});

describe("success and error bodies", () => {
  describe("ServiceString (200 of every endpoint)", () => {
    table(
      "/components/schemas/ServiceString",
      [
        { given: "an identifier", value: "6f1d2c3b-4a59-4e8b-9c71-0d2e3f4a5b6c" },
        { given: "a message", value: "OTP verified successfully" },
      ],
      [{ given: "an object", value: { uuid: "x" }, want: "must be string" }],
    );
  });
  describe("ErrorBody (400 of every endpoint)", () => {
    table(
      "/components/schemas/ErrorBody",
      [
        {
          given: "the framework error object",
          value: {
            timestamp: "2026-08-12T10:15:42.123+00:00",
            status: 400,
            error: "Bad Request",
            path: "/otp/send",
          },
        },
        { given: "an object with other fields (open)", value: { code: "E1", detail: "x" } },
        { given: "an empty object", value: {} },
        { given: "a plain string", value: "Invalid mobile number" },
      ],
      [
        { given: "a number", value: 400, want: "must match a schema in anyOf" },
        { given: "status as a string", value: { status: "400" }, want: "/status" },
      ],
    );
  });
});

describe("headers and security", () => {
  const op = (path: string) => at(HOST, ptr("paths", path, "post")) as Json;
  const params = (path: string) =>
    ((op(path).parameters ?? []) as Json[]).map((p) => at(HOST, (p.$ref as string).slice(1)) as Json);
  it.each([
    ["/token/validate", { clientType: true }],
    ["/otp/send", { clientType: true }],
    ["/otp/resend", { clientType: true, uuid: true }],
    ["/otp/verify", { clientType: false }],
  ] as const)("%s declares its headers with the right required flags", (path, want) => {
    const got = Object.fromEntries(params(path).map((p) => [p.name, p.required === true]));
    expect(got).toEqual(want);
    for (const p of params(path)) expect(p.in).toBe("header");
  });
  it.each([
    ["clientType", "/components/parameters/ClientType/schema"],
    ["uuid", "/components/parameters/OtpRequestUuid/schema"],
  ])("%s header is a non-empty string", (_name, pointer) => {
    const validate = validatorAt(HOST, pointer);
    expect(check(validate, "WEB")).toEqual([]);
    expect(check(validate, "")).not.toEqual([]);
  });
  it("Authorization is an apiKey scheme in the Authorization header, required only on /token/validate", () => {
    expect(at(HOST, "/components/securitySchemes/otpAuthorization")).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "Authorization",
    });
    expect(op("/token/validate").security).toEqual([{ otpAuthorization: [] }]);
    for (const path of ["/otp/send", "/otp/resend", "/otp/verify"]) {
      expect(op(path).security).toEqual([]);
      expect(typeof op(path)["x-pgi-no-token"]).toBe("string");
    }
  });
  it.each(["/token/validate", "/otp/send", "/otp/resend", "/otp/verify"])(
    "%s answers 200 (string, text and JSON) and 400",
    (path) => {
      const responses = op(path).responses as Json;
      expect(Object.keys(responses).sort()).toEqual(["200", "400", "413", "415", "503"]);
      const [, ok] = resolve(ptr("paths", path, "post", "responses", "200"));
      expect(Object.keys(ok.content as Json).sort()).toEqual(["application/json", "text/plain"]);
    },
  );
});

describe("named examples validate against their schemas", () => {
  const examples = namedExamples();
  it("covers every body", () => {
    expect(examples.length).toBeGreaterThanOrEqual(20);
  });
  it.each(examples)("%s", (_name, schemaPointer, value) => {
    expect(check(validatorAt(HOST, schemaPointer), value)).toEqual([]);
  });
});
