// Type-level tests of the factories: what the client fills is optional, everything else is still enforced.
import { describe, expectTypeOf, it } from "vitest";
import { createGatewayClient, createOtpClient, createPayoutClient } from "./factories.js";
import type { components, paths as GatewayPaths } from "./generated/gateway.js";
import type { ClientPaths } from "./loose-types.js";

const gw = createGatewayClient();
const otp = createOtpClient();
const payout = createPayoutClient();

type Schemas = components["schemas"];
const additionalInfo: Schemas["AdditionalInfo"] = {
  authUdf1: "",
  authUdf2: "",
  authUdf3: "",
  authUdf4: "",
  authUdf5: "",
  authUdf6: "",
  authUdf7: "",
  authUdf8: "",
  authUdf9: "",
  authUdf10: "",
};
const siTokenDetails: Schemas["SiTokenDetails"] = {
  token_exp_yr: "2029",
  token_exp_mon: "07",
  token_value: "4895370012003478",
  card_name: "Asha Verma",
  tavv: "AAEB",
  par: "V001",
  last4digits: "3478",
};
const siDetails: Schemas["SiDetails"] = {
  billingAmount: "100.00",
  billingCurrency: "INR",
  billingCycle: "MONTHLY",
  billingInterval: 1,
  paymentStartDate: "2026-09-01",
  paymentEndDate: "2027-08-31",
};
const mandate = { txnid: "T1", amount: "1.00", si: "1" as const };

describe("factory types", () => {
  it("a mandate authorization needs no hash and no key, and takes JSON-in-form fields as objects", () => {
    expectTypeOf(
      gw.POST("/AuthorizeTransaction.php", {
        body: {
          txnid: "T1",
          amount: "1.00",
          si: "1",
          authentication_info: { referenceId: "r", cres: "c", additionalInfo, siTokenDetails },
          si_details: '{"billingCycle":"MONTHLY"}',
        },
      }),
    ).toBeObject();
  });

  it("JSON-in-form fields take the generated object types (AuthenticationInfo, SiDetails, UpiSiDetails)", () => {
    type Form<Path extends keyof GatewayPaths> = NonNullable<
      ClientPaths<GatewayPaths, "gateway">[Path]["post"]
    >["requestBody"]["content"]["application/x-www-form-urlencoded"];
    expectTypeOf<Form<"/AuthorizeTransaction.php">["authentication_info"]>().toEqualTypeOf<
      string | Schemas["AuthenticationInfo"]
    >();
    expectTypeOf<Form<"/AuthorizeTransaction.php">["si_details"]>().toEqualTypeOf<
      string | Schemas["SiDetails"]
    >();
    type Field<U, K extends PropertyKey> = U extends Record<K, unknown> | Partial<Record<K, unknown>>
      ? K extends keyof U
        ? NonNullable<U[K]>
        : never
      : never;
    expectTypeOf<Field<Form<"/_payment">, "si_Details">>().toEqualTypeOf<string | Schemas["UpiSiDetails"]>();
    expectTypeOf<Field<Form<"/_payment">, "siDetails">>().toEqualTypeOf<string | Schemas["UpiSiDetails"]>();
    gw.POST("/AuthorizeTransaction.php", {
      body: {
        ...mandate,
        // @ts-expect-error additionalInfo needs authUdf1..authUdf10: the host refuses {}
        authentication_info: { referenceId: "r", cres: "c", additionalInfo: {} },
        si_details: siDetails,
      },
    });
    gw.POST("/AuthorizeTransaction.php", {
      body: {
        ...mandate,
        // @ts-expect-error siTokenDetail is a misspelling of siTokenDetails
        authentication_info: { referenceId: "r", cres: "c", additionalInfo, siTokenDetail: siTokenDetails },
        si_details: siDetails,
      },
    });
    gw.POST("/AuthorizeTransaction.php", {
      body: {
        ...mandate,
        authentication_info: {
          referenceId: "r",
          cres: "c",
          additionalInfo,
          // @ts-expect-error token_exp_year is a misspelling of token_exp_yr
          siTokenDetails: { ...siTokenDetails, token_exp_yr: undefined, token_exp_year: "2029" },
        },
        si_details: siDetails,
      },
    });
    gw.POST("/AuthorizeTransaction.php", {
      // @ts-expect-error si_details is SiDetails: billingInterval is a number
      body: { ...mandate, authentication_info: "{}", si_details: { ...siDetails, billingInterval: "1" } },
    });
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
