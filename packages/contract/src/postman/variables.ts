// Which configuration name (PGI_*) fills which value of a request: base URLs, identifiers sent in fields or
// headers, Authorization values and the secrets of the recipes. The names are the toolkit's configuration names.
import { GenerationError } from "../errors.js";

/** Identifiers sent in a field or parameter, per host: `body:<field>` or `<in>:<name>` (header names lowercased). */
export const VALUE_VARIABLES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  otp: { "header:clienttype": "PGI_OTP_CLIENT_TYPE" },
  gateway: { "body:key": "PGI_MERCHANT_KEY" },
  wallet: { "body:mid": "PGI_WALLET_MID" },
  partner: { "body:reseller_uuid": "PGI_RESELLER_UUID" },
  payout: {
    "header:pid": "PGI_PAYOUT_MERCHANT_ID",
    "header:payoutmerchantid": "PGI_PAYOUT_MERCHANT_ID",
    "query:payoutMerchantId": "PGI_PAYOUT_MERCHANT_ID",
    "header:mid": "PGI_PAYOUT_MID",
  },
};

/** The variable holding the Authorization value (bearer token, or the OTP service's raw value) per host. */
export const AUTHORIZATION_VARIABLES: Readonly<Record<string, string>> = {
  otp: "PGI_OTP_AUTHORIZATION",
  partner: "PGI_PARTNER_TOKEN",
  accounts: "PGI_ACCOUNTS_TOKEN",
  payout: "PGI_PAYOUT_TOKEN",
  bbps: "PGI_BBPS_TOKEN",
};

/** The variable holding a recipe's secret, by the recipe's `secret` kind and the host. */
const SECRET_VARIABLES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  salt: { gateway: "PGI_SALT" },
  "signing-secret": { wallet: "PGI_WALLET_SECRET", partner: "PGI_WEBHOOK_SECRET" },
};

/** Secrets and tokens: typed `secret` in the environment so Postman hides them. */
export const SECRET_NAMES: ReadonlySet<string> = new Set([
  "PGI_SALT",
  "PGI_WALLET_SECRET",
  "PGI_WEBHOOK_SECRET",
  "PGI_OTP_AUTHORIZATION",
  ...Object.values(AUTHORIZATION_VARIABLES),
]);

/**
 * The variable of a recipe's secret on a host; a combination the toolkit does not know is a GenerationError.
 *
 * @example
 * secretVariable("salt", "gateway", "payment-request") // => "PGI_SALT"
 */
export function secretVariable(secretKind: string, host: string, recipeId: string): string {
  const name = SECRET_VARIABLES[secretKind]?.[host];
  if (!name)
    throw new GenerationError(
      `${host}: recipe ${recipeId} uses secret "${secretKind}", which has no configuration name on this host`,
    );
  return name;
}
