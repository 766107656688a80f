// The mock's test credentials: defaults, overrides by configuration name, and the masked view printed and served.
import type { MockCredentials } from "../types.js";

type Named = Exclude<keyof MockCredentials, "tokens">;

/** Configuration names of DESIGN.md for each credential field. */
export const CREDENTIAL_ENV: Readonly<Record<Named, string>> = {
  merchantKey: "PGI_MERCHANT_KEY",
  salt: "PGI_SALT",
  walletMid: "PGI_WALLET_MID",
  walletSecret: "PGI_WALLET_SECRET",
  otpAuthorization: "PGI_OTP_AUTHORIZATION",
  otpClientType: "PGI_OTP_CLIENT_TYPE",
  partnerToken: "PGI_PARTNER_TOKEN",
  resellerUuid: "PGI_RESELLER_UUID",
  webhookSecret: "PGI_WEBHOOK_SECRET",
  accountsToken: "PGI_ACCOUNTS_TOKEN",
  payoutToken: "PGI_PAYOUT_TOKEN",
  payoutMerchantId: "PGI_PAYOUT_MERCHANT_ID",
  payoutMid: "PGI_PAYOUT_MID",
  bbpsToken: "PGI_BBPS_TOKEN",
};

/** Fields that are secrets (masked when printed unless the caller asks for the test values). */
export const SECRET_FIELDS: ReadonlySet<Named> = new Set<Named>([
  "salt",
  "walletSecret",
  "otpAuthorization",
  "partnerToken",
  "webhookSecret",
  "accountsToken",
  "payoutToken",
  "bbpsToken",
]);

/** A partner token with refer_merchant only: agreement generation must be refused with it. */
export const LIMITED_PARTNER_TOKEN = "pgi-test-partner-token-refer-only";
/** A token that expired at the epoch: every bearer operation must refuse it. */
export const EXPIRED_TOKEN = "pgi-test-token-expired";

/** The default test credentials (identifiers are the specs' example values, so documented examples fit). */
export const DEFAULT_CREDENTIALS: Readonly<Omit<MockCredentials, "tokens">> = {
  merchantKey: "Jx7Kq2",
  salt: "pgi-test-salt",
  walletMid: "MERCH1001",
  walletSecret: "pgi-test-wallet-secret",
  otpAuthorization: "pgi-test-otp-authorization",
  otpClientType: "WEB",
  partnerToken: "pgi-test-partner-token",
  resellerUuid: "11ec-4f1d-8a6b2c30-9e7d-0242ac120003",
  webhookSecret: "pgi-test-webhook-secret",
  accountsToken: "pgi-test-accounts-token",
  payoutToken: "pgi-test-payout-token",
  payoutMerchantId: "1111312",
  payoutMid: "8000051",
  bbpsToken: "pgi-test-bbps-token",
};

/**
 * Builds the credentials from defaults, then `overrides` (field names), then `env` (configuration names).
 *
 * @example
 * const creds = resolveCredentials({ salt: "my-salt" }, { PGI_PARTNER_TOKEN: "t" });
 * creds.tokens.t.scopes; // ["refer_merchant", "client_manage_agreement"]
 */
export function resolveCredentials(
  overrides: Partial<MockCredentials> = {},
  env: Record<string, string | undefined> = {},
): MockCredentials {
  const base: Record<string, string> = { ...DEFAULT_CREDENTIALS };
  for (const [field, value] of Object.entries(overrides)) {
    if (field !== "tokens" && typeof value === "string") base[field] = value;
  }
  for (const [field, name] of Object.entries(CREDENTIAL_ENV)) {
    const value = env[name];
    if (value !== undefined && value !== "") base[field] = value;
  }
  const c = base as Omit<MockCredentials, "tokens">;
  const tokens: MockCredentials["tokens"] = {
    [c.partnerToken]: { scopes: ["refer_merchant", "client_manage_agreement"] },
    [LIMITED_PARTNER_TOKEN]: { scopes: ["refer_merchant"] },
    [c.accountsToken]: { scopes: ["verify_sign_in_otp"] },
    [c.payoutToken]: { scopes: [] },
    [c.bbpsToken]: { scopes: ["check_complain_status"] },
    [EXPIRED_TOKEN]: {
      scopes: ["refer_merchant", "client_manage_agreement", "check_complain_status"],
      expiresAt: 0,
    },
    ...(overrides.tokens ?? {}),
  };
  return { ...c, tokens };
}

/**
 * The credentials keyed by configuration names. With `masked`, a value that differs from the built-in test
 * default is replaced by `<set from NAME>` (it may be a real sandbox secret); defaults are published test values
 * and are shown in full. GET /__mock/credentials and the start-up table use the masked view.
 *
 * @example
 * credentialsByName(resolveCredentials({ salt: "real" }), true).PGI_SALT; // "<set from PGI_SALT>"
 */
export function credentialsByName(credentials: MockCredentials, masked = false): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, name] of Object.entries(CREDENTIAL_ENV) as [Named, string][]) {
    const value = credentials[field];
    out[name] = masked && value !== DEFAULT_CREDENTIALS[field] ? maskValue(name) : value;
  }
  return out;
}

/** What a masked credential shows instead of its value. */
export function maskValue(name: string): string {
  return `<set from ${name}>`;
}

/**
 * Every credential value that differs from the built-in defaults (longest first), for masking printed lines.
 *
 * @example
 * maskedValues(resolveCredentials({ salt: "real-salt" })); // ["real-salt"]
 */
export function maskedValues(credentials: MockCredentials): string[] {
  return (Object.keys(CREDENTIAL_ENV) as Named[])
    .filter((f) => credentials[f] !== DEFAULT_CREDENTIALS[f] && credentials[f].length >= 3)
    .map((f) => credentials[f])
    .sort((a, b) => b.length - a.length);
}

/** Every secret value of the credentials (for masking log lines and hints). */
export function secretValues(credentials: MockCredentials): string[] {
  const values = [...SECRET_FIELDS].map((f) => credentials[f]);
  return [...values, ...Object.keys(credentials.tokens)].filter((v) => v.length >= 4);
}
