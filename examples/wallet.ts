// Wallet token: the checksum is computed by the client and the response checksum verified before you see it.
import { createWalletClient } from "@pgi/client";
import { loadConfig, mockOtp } from "./config.js";

const config = await loadConfig();
const { env } = config;
const cell = "9876543210";
if (config.mock)
  await fetch(`${env.PGI_WALLET_URL}/__mock/wallet/otp`, { method: "POST", body: JSON.stringify({ cell }) });
const otp = Number(await mockOtp(config, cell)); // in production, the wallet sends it to the customer
const wallet = createWalletClient({
  baseUrl: env.PGI_WALLET_URL,
  credentials: { walletMid: env.PGI_WALLET_MID, walletSecret: env.PGI_WALLET_SECRET },
});
const { data } = await wallet.POST("/tokengenerate", {
  body: { cell, msgcode: "501", merchantname: "ExampleStore", amount: 5000, otp, tokentype: 1 },
});
console.log(
  `wallet: ${data?.status} ${data?.statuscode} ${data?.token ? "token issued" : data?.statusdescription}`,
);
