// UPI one-time mandate, Intent flow: the hosted checkout answers pending; the UPI app completes it.
import { createGatewayClient } from "@pgi/client";
import { loadConfig } from "./config.js";

const { env } = await loadConfig();
const gateway = createGatewayClient({
  baseUrl: env.PGI_GATEWAY_URL,
  credentials: { merchantKey: env.PGI_MERCHANT_KEY, salt: env.PGI_SALT },
});
const { data, error, response } = await gateway.POST("/_payment", {
  body: {
    txnid: `UPI-${Date.now()}`,
    amount: "10.00",
    productinfo: "Subscription",
    firstname: "Asha",
    email: "asha@example.in",
    phone: "9876543210",
    surl: "https://merchant.example.in/pay/success",
    furl: "https://merchant.example.in/pay/failure",
    pg: "UPI",
    bankcode: "INTENT",
    pre_authorize: "1",
    si_Details: { paymentStartDate: "2026-12-01", paymentEndDate: "2026-12-31" },
  },
});
if (error) throw new Error(`payment refused (${response.status}): ${JSON.stringify(error)}`);
console.log(`UPI intent: ${JSON.stringify(data).match(/"(unmappedStatus|status)":"(\w+)"/)?.[2] ?? "?"}`);
