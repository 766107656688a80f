// Payout smart send: create a link, read its details, extend it, cancel it.
import { createPayoutClient, formatSmartSendTimestamp } from "@pgi/client";
import { loadConfig, need } from "./config.js";

const config = await loadConfig();
const { env } = config;
const payout = createPayoutClient({
  baseUrl: env.PGI_PAYOUT_URL,
  credentials: {
    token: env.PGI_PAYOUT_TOKEN,
    pid: env.PGI_PAYOUT_MERCHANT_ID,
    mid: env.PGI_PAYOUT_MID,
    payoutMerchantId: env.PGI_PAYOUT_MERCHANT_ID,
  },
});
const merchantRefId = `REF${Date.now()}`;
const inDays = (d: number) => formatSmartSendTimestamp(new Date(Date.now() + d * 86_400_000));
const created = await payout.POST("/payout/v2/smartSend/link", {
  body: {
    amount: "1",
    merchantRefId,
    custName: "DIVIK",
    custMobile: "9868888568",
    description: "Refund",
    expiryDate: inDays(7),
  },
});
const linkId = created.data?.data?.linkId ?? "";
const details = await payout.GET("/payout/merchant/smartSend/details", {
  params: { query: { merchantRefId, payoutMerchantId: need(config, "PGI_PAYOUT_MERCHANT_ID") } },
});
await payout.PUT("/payout/v2/smartSend/expiry/{id}", {
  params: { path: { id: linkId } },
  body: { expiryDate: inDays(14) },
});
const cancelled = await payout.POST("/payout/smartPay/cancel", { params: { query: { merchantRefId } } });
console.log(
  `link ${created.data?.data?.link}: ${details.data?.data?.smartSendStatus}; cancel: ${cancelled.data?.msg}`,
);
