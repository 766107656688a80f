// OTP service: send an OTP, verify it, then validate the verified request as a token.
import { createOtpClient } from "@pgi/client";
import { loadConfig, mockOtp } from "./config.js";

const config = await loadConfig();
const otp = createOtpClient({
  baseUrl: config.env.PGI_OTP_URL,
  credentials: {
    clientType: config.env.PGI_OTP_CLIENT_TYPE,
    otpAuthorization: config.env.PGI_OTP_AUTHORIZATION,
  },
});
const mobileNumber = "9876543210";
const sent = await otp.POST("/otp/send", {
  body: { mobileNumber, merchantName: "Example Store", merchantDomain: "example.in" },
  parseAs: "text",
});
const uuid = String(sent.data);
const code = await mockOtp(config, mobileNumber); // in production, the customer types it
const verified = await otp.POST("/otp/verify", {
  body: { uuid, otp: Number(code), mobileNumber },
  parseAs: "text",
});
const token = await otp.POST("/token/validate", { body: { token: uuid, mobileNumber }, parseAs: "text" });
console.log(`sent ${uuid}; verify: ${verified.data}; token: ${token.data}`);
