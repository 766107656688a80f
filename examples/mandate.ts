// Card standing instruction: authorize a mandate (hash computed by the client, result.hash verified) and check it.
import { assertMandateFrequency, createGatewayClient, isMandateRegistered } from "@pgi/client";
import { loadConfig } from "./config.js";

const { env } = await loadConfig();
const gateway = createGatewayClient({
  baseUrl: env.PGI_GATEWAY_URL,
  credentials: { merchantKey: env.PGI_MERCHANT_KEY, salt: env.PGI_SALT },
});
const siDetails = {
  billingAmount: "100.00",
  billingCurrency: "INR",
  billingCycle: "MONTHLY",
  billingInterval: 1,
  paymentStartDate: "2026-12-01",
  paymentEndDate: "2027-11-30",
};
assertMandateFrequency({ billingCycle: siDetails.billingCycle, paymentCategory: "subscription" });
const authenticationInfo = {
  referenceId: "8f2c1a7e4b5d4c3a9e1f0a2b3c4d5e6f",
  cres: "eyJhY3NUcmFuc0lEIjoiYTEiLCJ0cmFuc1N0YXR1cyI6IlkifQ==",
  additionalInfo: {
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
  },
  siTokenDetails: {
    token_exp_yr: "2029",
    token_exp_mon: "07",
    token_value: "4895370012003478",
    card_name: "Asha Verma",
    tavv: "AAEBAwQjSQAAXXXXXXXJYe0BbQA=",
    par: "V0010013819200000000000000001",
    last4digits: "2346",
  },
};
const { data, error } = await gateway.POST("/AuthorizeTransaction.php", {
  body: {
    txnid: `MANDATE-${Date.now()}`,
    amount: "1.00",
    si: "1",
    authentication_info: authenticationInfo,
    si_details: siDetails,
  },
});
if (error || !data) throw new Error(`authorization refused: ${JSON.stringify(error)}`);
console.log(
  `mandate registered: ${isMandateRegistered(data)} (mihpayid ${"result" in data ? data.result.mihpayid : "?"})`,
);
