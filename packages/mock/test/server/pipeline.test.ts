import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITED_PARTNER_TOKEN } from "../../src/core/credentials.js";
import type { RunningMock } from "../../src/types.js";
import { call, startTestMock } from "../helpers.js";

let mock: RunningMock;
beforeAll(async () => {
  mock = await startTestMock({ bodyLimit: 64 * 1024 });
});
afterAll(() => mock.close());

const COMPLAINT = "/gateway-nbc/v1/nbc/checkComplaintStatus?complaintId=CMP1";

describe("request pipeline: routing, parsing, security and validation", () => {
  it.each([
    ["unknown path", "otp", "/nope", {}, 404, /not an operation of the otp host/, "application/problem+json"],
    ["documented path, wrong method", "otp", "/otp/send", {}, 405, /use POST/, "application/problem+json"],
    [
      "malformed JSON",
      "otp",
      "/otp/send",
      { method: "POST", headers: { "content-type": "application/json", clienttype: "WEB" }, body: "{bad" },
      400,
      /body: not valid JSON/,
      "application/json",
    ],
    [
      "wrong content type",
      "otp",
      "/otp/send",
      { method: "POST", headers: { "content-type": "text/xml", clienttype: "WEB" }, body: "<x/>" },
      415,
      /send application\/json/,
      "application/problem+json",
    ],
    [
      "body over the limit",
      "otp",
      "/otp/send",
      { method: "POST", headers: { "content-type": "application/json" }, body: "x".repeat(70_000) },
      413,
      /limit of 65536 bytes/,
      "application/problem+json",
    ],
    [
      "duplicated form field",
      "gateway",
      "/AuthorizeTransaction.php",
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "key=a&key=b",
      },
      400,
      /body.key: the field appears more than once/,
      "application/json",
    ],
    [
      "malformed percent-encoding (Prism's decoder would throw)",
      "gateway",
      "/AuthorizeTransaction.php",
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "key=a&txnid=e%9",
      },
      400,
      /body.txnid: malformed percent-encoding/,
      "application/json",
    ],
  ] as const)("%s gets %i naming the problem", async (_name, host, path, init, status, detail, type) => {
    const res = await call(mock.urls[host] + path, init as never);
    expect(res.status).toBe(status);
    // The operation's own documented body (host shape) where it has one, else the shared refusal.
    expect(res.headers.get("content-type")).toBe(type);
    const violations = JSON.parse(res.headers.get("x-pgi-mock-violations") ?? "[]") as {
      field: string;
      message: string;
    }[];
    const named = [res.text, ...violations.map((v) => `${v.field}: ${v.message}`)].join("\n");
    expect(named).toMatch(detail);
  });

  it("a bad field gets the documented 400 with each violation named (field and rule)", async () => {
    const res = await call(`${mock.urls.otp}/otp/send`, {
      headers: { clienttype: "WEB" },
      body: { mobileNumber: "12345", merchantName: "Shop", merchantDomain: "shop.in" },
    });
    expect(res.status).toBe(400);
    const violations = JSON.parse(res.headers.get("x-pgi-mock-violations") ?? "[]");
    expect(violations).toContainEqual(
      expect.objectContaining({ field: "body.mobileNumber", rule: "pattern" }),
    );
  });

  it("JSON carried in a form field is checked against its contentSchema", async () => {
    const res = await call(`${mock.urls.gateway}/AuthorizeTransaction.php`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ authentication_info: "{not json" }).toString(),
    });
    expect(res.status).toBe(400);
    const violations = JSON.parse(res.headers.get("x-pgi-mock-violations") ?? "[]");
    expect(violations).toContainEqual(
      expect.objectContaining({ field: "body.authentication_info", rule: "contentMediaType" }),
    );
  });

  it.each([
    ["no token", {}, /missing/],
    ["an unknown token", { authorization: "Bearer nope" }, /unknown access token/],
    ["an expired token", { authorization: "Bearer pgi-test-token-expired" }, /expired/],
  ])("bearer operations refuse %s with 401 and a hint", async (_n, headers, hint) => {
    const res = await call(mock.urls.bbps + COMPLAINT, { headers });
    expect(res.status).toBe(401);
    expect(res.headers.get("x-pgi-mock-hint")).toMatch(hint);
  });

  it("agreement generation without client_manage_* gets the documented insufficient-scope 401", async () => {
    const res = await call(`${mock.urls.partner}/api/v1/merchants/m-1/generate_merged_document_for_esign`, {
      headers: { authorization: `Bearer ${LIMITED_PARTNER_TOKEN}` },
    });
    expect(res.status).toBe(401);
    expect(res.json()).toEqual({ error: "unauthorized", message: "insufficient scope" });
    expect(res.headers.get("x-pgi-mock-hint")).toMatch(/lacks the scope client_manage_agreement/);
  });

  it("a valid call with the right token is answered from the spec, and Prefer picks another example", async () => {
    const auth = { authorization: `Bearer ${mock.credentials.bbpsToken}` };
    const ok = await call(mock.urls.bbps + COMPLAINT, { headers: auth });
    expect(ok.status).toBe(200);
    const resolved = await call(mock.urls.bbps + COMPLAINT, {
      headers: { ...auth, prefer: "example=resolved" },
    });
    expect(resolved.status).toBe(200);
    expect(JSON.stringify(resolved.json())).toMatch(/RESOLVED/);
  });
});
