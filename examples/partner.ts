// Partner onboarding: register the webhook endpoint, generate a merchant's agreement, verify a sign-in OTP.
import { createAccountsClient, createPartnerClient } from "@pgi/client";
import { loadConfig, mockOtp, need } from "./config.js";

const config = await loadConfig();
const { env } = config;
const partner = createPartnerClient({
  baseUrl: env.PGI_PARTNER_URL,
  credentials: { token: env.PGI_PARTNER_TOKEN },
});
const registered = await partner.POST("/api/v1/partners/register_webhook", {
  body: {
    webhook_url: "https://partner.example.in/pgi/merchant-status",
    reseller_uuid: need(config, "PGI_RESELLER_UUID"),
  },
});
const agreement = await partner.GET("/api/v1/merchants/{uuid}/generate_merged_document_for_esign", {
  params: { path: { uuid: "11eb-de10-3a450888-a354-a483e7015be5" } },
});
const identity = "9876543210";
if (config.mock)
  await fetch(`${env.PGI_ACCOUNTS_URL}/__mock/accounts/otp`, {
    method: "POST",
    body: JSON.stringify({ identity }),
  });
const accounts = createAccountsClient({
  baseUrl: env.PGI_ACCOUNTS_URL,
  credentials: { token: env.PGI_ACCOUNTS_TOKEN },
});
const signIn = await accounts.POST("/api/v1/otps/verify_otp", {
  body: { "otp[identity]": identity, "otp[code]": await mockOtp(config, identity), "otp[type]": "SignIn" },
});
console.log(
  `webhook: ${registered.data?.message}; agreement: ${agreement.data?.agreement_status}; sign-in scopes: ${signIn.data?.scope}`,
);
