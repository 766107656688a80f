// Type-level contract tests: the generated paths make a misspelt field or a wrong type a compile error.
import createClient from "openapi-fetch";
import { expectTypeOf, test } from "vitest";
import type { paths as GatewayPaths } from "./generated/gateway.js";
import type { components as OtpComponents, paths as OtpPaths } from "./generated/otp.js";
import type { paths as WalletPaths } from "./generated/wallet.js";

// The clients are only type-checked here (vitest --typecheck never runs a .test-d.ts file).
const otp = createClient<OtpPaths>({ baseUrl: "http://127.0.0.1:4010" });
const wallet = createClient<WalletPaths>({ baseUrl: "http://127.0.0.1:4012" });
const gateway = createClient<GatewayPaths>({ baseUrl: "http://127.0.0.1:4011" });
const clientType = { clientType: "WEB" };
const send = { mobileNumber: "9876543210", merchantName: "Shop", merchantDomain: "shop.in" };

test("a valid send-OTP call compiles", () => {
  expectTypeOf(otp.POST).toBeCallableWith("/otp/send", { params: { header: clientType }, body: send });
});

test("a misspelt field in a request body is a compile error", () => {
  otp.POST("/otp/send", {
    params: { header: clientType },
    // @ts-expect-error mobileNumbr is not a field of SendOtpRequest (and mobileNumber is missing)
    body: { mobileNumbr: "9876543210", merchantName: "Shop", merchantDomain: "shop.in" },
  });
  // A misspelt optional field beside complete required ones: raw openapi-fetch infers its init type and so
  // skips the excess-property check (openapi-typescript issues 1769, 2329); the schema type catches it.
  const body = {
    mobileNumber: "9876543210",
    merchantName: "Shop",
    merchantDomain: "shop.in",
    // @ts-expect-error chanel is not a field of SendOtpRequest
    chanel: "SMS",
  } satisfies OtpComponents["schemas"]["SendOtpRequest"];
  otp.POST("/otp/send", { params: { header: clientType }, body });
});

test("a wrong type in a request body is a compile error", () => {
  // @ts-expect-error amount is a number, not a string
  otp.POST("/otp/send", { params: { header: clientType }, body: { ...send, amount: "12.50" } });
  // @ts-expect-error otp is an int32, not a string
  otp.POST("/otp/verify", { params: { header: clientType }, body: { otp: "123456", uuid: "u-1" } });
  // @ts-expect-error channel is an enum: SMS, EMAIL or WHATSAPP
  otp.POST("/otp/send", { params: { header: clientType }, body: { ...send, channel: "FAX" } });
});

test("a missing required header or field is a compile error", () => {
  // @ts-expect-error clientType is a required header of /otp/send
  otp.POST("/otp/send", { body: send });
  otp.POST("/otp/send", {
    params: { header: clientType },
    // @ts-expect-error merchantDomain is required
    body: { mobileNumber: "9876543210", merchantName: "Shop" },
  });
});

test("a path or method the host does not have is a compile error", () => {
  // @ts-expect-error /otp/sent is not a path of the OTP service
  otp.POST("/otp/sent", { params: { header: clientType }, body: send });
  // @ts-expect-error /tokengenerate takes POST only
  wallet.GET("/tokengenerate", {});
  // @ts-expect-error AuthorizeTransaction.php has no GET
  gateway.GET("/AuthorizeTransaction.php", {});
});

test("schema types carry the documented enums", () => {
  expectTypeOf<NonNullable<OtpComponents["schemas"]["SendOtpRequest"]["channel"]>>().toEqualTypeOf<
    "SMS" | "EMAIL" | "WHATSAPP"
  >();
});
