// Contract tests of the accounts host (specs/accounts): the bracketed sign-in OTP form, the sign-in token, the 401
// and 422 bodies with their named shapes, the bearer scope, and every named example.
import { describe, expect, it } from "vitest";
import { at, check, loadBundle, ptr, validatorAt } from "./helpers.js";

const HOST = "accounts";

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

const form = { "otp[identity]": "9876543210", "otp[code]": "482913", "otp[type]": "SignIn" };
const without = (o: Json, key: string) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));

describe("VerifySignInOtpRequest (form body of /api/v1/otps/verify_otp)", () => {
  table(
    "/components/schemas/VerifySignInOtpRequest",
    [
      { given: "identity, code and type", value: form },
      { given: "with an e-mail", value: { ...form, "otp[email]": "owner@example.in" } },
      { given: "with an empty e-mail", value: { ...form, "otp[email]": "" } },
      { given: "a code with a leading zero", value: { ...form, "otp[code]": "012345" } },
      { given: "identity starting with 6", value: { ...form, "otp[identity]": "6123456789" } },
    ],
    [
      ...["otp[identity]", "otp[code]", "otp[type]"].map((key) => ({
        given: `missing ${key}`,
        value: without(form, key),
        want: `'${key}'`,
      })),
      { given: "identity of 5 digits", value: { ...form, "otp[identity]": "98765" }, want: "/otp[identity]" },
      {
        given: "identity starting with 5",
        value: { ...form, "otp[identity]": "5876543210" },
        want: "/otp[identity]",
      },
      {
        given: "identity with country code",
        value: { ...form, "otp[identity]": "+919876543210" },
        want: "/otp[identity]",
      },
      {
        given: "identity as an e-mail",
        value: { ...form, "otp[identity]": "owner@example.in" },
        want: "/otp[identity]",
      },
      { given: "malformed e-mail", value: { ...form, "otp[email]": "owner@" }, want: "/otp[email]" },
      { given: "empty code", value: { ...form, "otp[code]": "" }, want: "/otp[code]" },
      { given: "code as a number", value: { ...form, "otp[code]": 482913 }, want: "/otp[code]" },
      { given: "type SignUp", value: { ...form, "otp[type]": "SignUp" }, want: "/otp[type]" },
      { given: "type in lower case", value: { ...form, "otp[type]": "signin" }, want: "/otp[type]" },
      {
        given: "nested object instead of bracketed names",
        value: { otp: { identity: "9876543210", code: "1", type: "SignIn" } },
        want: "must NOT have additional properties",
      },
      {
        given: "an unknown field",
        value: { ...form, "otp[channel]": "sms" },
        want: "must NOT have additional properties",
      },
    ],
  );
});

const token = {
  access_token: "zHsql1EF6XTP8c3LpJ47jUONxteutj8HFfRvxX5MdB8",
  token_type: "Bearer",
  expires_in: 7200,
  scope: "user_profile create_bank_details update_bank_details",
  created_at: 1786529742,
  user_uuid: "7d5409b8-48bf-4854-81fd-e3889da65781",
  reseller_uuid: "3fbc944a-b8ac-4103-8748-49ef4a44ae02",
  mid: "8123456",
  merchant_uuid: "e4521b45-f223-4590-baff-135716a10a44",
};

describe("PartnerSignInToken (200)", () => {
  table(
    "/components/schemas/PartnerSignInToken",
    [
      { given: "the demonstrated token", value: token },
      { given: "reseller_uuid null", value: { ...token, reseller_uuid: null } },
      { given: "a single scope", value: { ...token, scope: "user_profile" } },
      { given: "an extra field (responses are open)", value: { ...token, refresh_token: "r" } },
    ],
    [
      ...Object.keys(token).map((key) => ({
        given: `missing ${key}`,
        value: without(token, key),
        want: `'${key}'`,
      })),
      { given: "token_type not Bearer", value: { ...token, token_type: "MAC" }, want: "/token_type" },
      { given: "expires_in as a string", value: { ...token, expires_in: "7200" }, want: "/expires_in" },
      { given: "expires_in with a fraction", value: { ...token, expires_in: 7200.5 }, want: "/expires_in" },
      {
        given: "created_at as an ISO date",
        value: { ...token, created_at: "2026-08-12T10:15:42Z" },
        want: "/created_at",
      },
      { given: "scope with a leading space", value: { ...token, scope: " user_profile" }, want: "/scope" },
      {
        given: "scope separated by a tab",
        value: { ...token, scope: "user_profile\tcreate_bank_details" },
        want: "/scope",
      },
      {
        given: "scope with a double space",
        value: { ...token, scope: "user_profile  create_bank_details" },
        want: "/scope",
      },
      { given: "scope as an array", value: { ...token, scope: ["user_profile"] }, want: "/scope" },
      { given: "mid as a number", value: { ...token, mid: 8123456 }, want: "/mid" },
      { given: "reseller_uuid as a number", value: { ...token, reseller_uuid: 1 }, want: "/reseller_uuid" },
      { given: "user_uuid null", value: { ...token, user_uuid: null }, want: "/user_uuid" },
      { given: "merchant_uuid null", value: { ...token, merchant_uuid: null }, want: "/merchant_uuid" },
      { given: "access_token empty", value: { ...token, access_token: "" }, want: "/access_token" },
    ],
  );
});

describe("Unauthorized (401)", () => {
  table(
    "/components/schemas/Unauthorized",
    [{ given: "status Unauthorized", value: { status: "Unauthorized" } }],
    [
      { given: "another status", value: { status: "Forbidden" }, want: "/status" },
      { given: "no status", value: {}, want: "'status'" },
    ],
  );
});

const shapes = {
  otpTypeInvalid: {
    errors: { type: ["invalid"] },
    messages: { type: ["is invalid"] },
    additional_data: { type: { value: "SignUp" } },
  },
  identityInvalid: {
    errors: { identity: ["invalid_format"], channels: ["not_permitted"] },
    messages: { identity: ["has an invalid format"], channels: ["are not permitted"] },
    additional_data: { identity: { value: "98765" }, channels: { value: ["sms"] } },
  },
  userNotFound: {
    errors: { user: ["not_found"] },
    messages: { user: ["not found"] },
    additional_data: { user: { search_term: "9876543210" } },
  },
  userLocked: {
    errors: { user: ["locked"] },
    messages: { user: ["is locked"] },
    additional_data: { user: { lock_duration: 1800, search_term: "9876543210" } },
  },
  // Not shown by the interface: the contract's decision for a wrong, expired or never sent code.
  codeInvalid: {
    errors: { code: ["invalid"] },
    messages: { code: ["is invalid"] },
    additional_data: { code: { value: "****" } },
  },
};
/** The request examples' names, each paired with the 422 the mock answers them before any code was sent. */
const pairedWithCodeInvalid = ["phoneOnly", "withEmail"];

describe("VerifyOtpValidationError (422)", () => {
  table(
    "/components/schemas/VerifyOtpValidationError",
    [
      ...Object.entries(shapes).map(([given, value]) => ({ given, value })),
      {
        given: "messages as plain strings",
        value: { ...shapes.userNotFound, messages: { user: "not found" } },
      },
      {
        given: "an empty channel list",
        value: {
          ...shapes.identityInvalid,
          additional_data: { identity: { value: "1" }, channels: { value: [] } },
        },
      },
    ],
    [
      ...["errors", "messages", "additional_data"].map((key) => ({
        given: `missing ${key}`,
        value: without(shapes.userLocked, key),
        want: `'${key}'`,
      })),
      {
        given: "errors.type as a string",
        value: { ...shapes.otpTypeInvalid, errors: { type: "invalid" } },
        want: "/errors/type",
      },
      {
        given: "errors.user with a non-string key",
        value: { ...shapes.userLocked, errors: { user: [1] } },
        want: "/errors/user/0",
      },
      {
        given: "messages.user as a number",
        value: { ...shapes.userLocked, messages: { user: 1 } },
        want: "/messages/user",
      },
      {
        given: "additional_data.type without value",
        value: { ...shapes.otpTypeInvalid, additional_data: { type: {} } },
        want: "'value'",
      },
      {
        given: "channels.value as a string",
        value: {
          ...shapes.identityInvalid,
          additional_data: { identity: { value: "1" }, channels: { value: "sms" } },
        },
        want: "/additional_data/channels/value",
      },
      {
        given: "lock_duration as a string",
        value: {
          ...shapes.userLocked,
          additional_data: { user: { lock_duration: "1800", search_term: "x" } },
        },
        want: "/additional_data/user/lock_duration",
      },
      {
        given: "user data without search_term",
        value: { ...shapes.userLocked, additional_data: { user: { lock_duration: 1800 } } },
        want: "'search_term'",
      },
    ],
  );
  it("documents the five shapes as named examples, and the request examples' pairs", () => {
    const [, response] = resolve(ptr("paths", "/api/v1/otps/verify_otp", "post", "responses", "422"));
    const examples = ((response.content as Json)["application/json"] as Json).examples as Json;
    expect(Object.keys(examples).sort()).toEqual([...Object.keys(shapes), ...pairedWithCodeInvalid].sort());
    const all = {
      ...shapes,
      ...Object.fromEntries(pairedWithCodeInvalid.map((n) => [n, shapes.codeInvalid])),
    };
    for (const [name, value] of Object.entries(all))
      expect(
        resolve(`/components/responses/VerifyOtpUnprocessable/content/application~1json/examples/${name}`)[1]
          .value,
      ).toEqual(value);
  });
});

describe("operation contract", () => {
  const op = at(HOST, ptr("paths", "/api/v1/otps/verify_otp", "post")) as Json;
  it("needs a bearer token with the verify_sign_in_otp scope", () => {
    expect(at(HOST, "/components/securitySchemes/partnerBearer")).toMatchObject({
      type: "http",
      scheme: "bearer",
    });
    expect(op.security).toEqual([{ partnerBearer: ["verify_sign_in_otp"] }]);
  });
  it("is a form post answering 200, 401 and 422", () => {
    expect(Object.keys((op.requestBody as Json).content as Json)).toEqual([
      "application/x-www-form-urlencoded",
    ]);
    expect(Object.keys(op.responses as Json).sort()).toEqual([
      "200",
      "400",
      "401",
      "413",
      "415",
      "422",
      "503",
    ]);
  });
  it("has two named 401 examples", () => {
    const [, response] = resolve(ptr("paths", "/api/v1/otps/verify_otp", "post", "responses", "401"));
    expect(
      Object.keys(((response.content as Json)["application/json"] as Json).examples as Json),
    ).toHaveLength(2);
  });
});

describe("named examples validate against their schemas", () => {
  const examples = namedExamples();
  it("covers every body", () => {
    // Including the example of the shared store-unavailable refusal (503).
    expect(examples.length).toBe(17);
  });
  it.each(examples)("%s", (_name, schemaPointer, value) => {
    expect(check(validatorAt(HOST, schemaPointer), value)).toEqual([]);
  });
});
