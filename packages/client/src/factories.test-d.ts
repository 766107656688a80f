// Type-level tests of the factories: what the client fills is optional, everything else is still enforced.
import { describe, expectTypeOf, it } from "vitest";
import { createGatewayClient, createOtpClient, createPayoutClient } from "./factories.js";

const gw = createGatewayClient();
const otp = createOtpClient();
const payout = createPayoutClient();

describe("factory types", () => {
  it("a mandate authorization needs no hash and no key, and takes JSON-in-form fields as objects", () => {
    expectTypeOf(
      gw.POST("/AuthorizeTransaction.php", {
        body: {
          txnid: "T1",
          amount: "1.00",
          si: "1",
          authentication_info: { referenceId: "r" },
          si_details: '{"billingCycle":"MONTHLY"}',
        },
      }),
    ).toBeObject();
  });

  it("a misspelt or missing required field is still a compile error", () => {
    gw.POST("/AuthorizeTransaction.php", {
      // @ts-expect-error amout is not a field (and amount is missing)
      body: { txnid: "T1", amout: "1.00", si: "1", authentication_info: "{}", si_details: "{}" },
    });
    gw.POST("/AuthorizeTransaction.php", {
      // @ts-expect-error amount must be a string
      body: { txnid: "T1", amount: 1, si: "1", authentication_info: "{}", si_details: "{}" },
    });
  });

  it("credential headers are filled; a per-call header (uuid of resend) is still required", () => {
    otp.POST("/otp/send", {
      body: { mobileNumber: "9876543210", merchantName: "Shop", merchantDomain: "shop.in" },
    });
    // @ts-expect-error the uuid header of /otp/resend is required
    otp.POST("/otp/resend", {
      body: { mobileNumber: "9876543210", merchantName: "Shop", merchantDomain: "shop.in" },
    });
    otp.POST("/otp/resend", {
      params: { header: { uuid: "6f1d2c3b" } },
      body: { mobileNumber: "9876543210", merchantName: "Shop", merchantDomain: "shop.in" },
    });
  });

  it("a wrong path or method does not compile", () => {
    // @ts-expect-error no such path on the payout host
    payout.GET("/payout/v9/nothing");
    // @ts-expect-error the link is created with POST, not GET
    payout.GET("/payout/v2/smartSend/link");
  });
});
