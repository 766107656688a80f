// Entry point of @pgi/client: typed clients for the seven hosts that sign, serialise and check for you.
export type { PgiClient } from "./client-type.js";
export * from "./errors.js";
export {
  createAccountsClient,
  createBbpsClient,
  createGatewayClient,
  createOtpClient,
  createPartnerClient,
  createPayoutClient,
  createWalletClient,
} from "./factories.js";
export type * as accounts from "./generated/accounts.js";
export type * as bbps from "./generated/bbps.js";
export type * as gateway from "./generated/gateway.js";
export { OPERATIONS, type OperationMeta, RULES } from "./generated/operations.js";
export type * as otp from "./generated/otp.js";
export type * as partner from "./generated/partner.js";
export type * as payout from "./generated/payout.js";
export type * as wallet from "./generated/wallet.js";
export { type HostInfo, type HostName, hosts } from "./host-index.js";
export type { ClientOptions, Credentials, LogEntry, RetryPolicy } from "./options.js";
export { parsePreciseJson } from "./precise-json.js";
export { redact, redactText } from "./redact.js";
export {
  assertAutopayExecutionAllowed,
  assertMandateFrequency,
  formatSmartSendTimestamp,
  isMandateRegistered,
  merchantStatusDuplicateKey,
} from "./rules.js";
