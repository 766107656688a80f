// One client factory per host: an openapi-fetch client typed by the generated paths, with the transport around it.
import createClient from "openapi-fetch";
import type { PgiClient } from "./client-type.js";
import type { paths as AccountsPaths } from "./generated/accounts.js";
import type { paths as BbpsPaths } from "./generated/bbps.js";
import type { paths as GatewayPaths } from "./generated/gateway.js";
import type { HostName } from "./generated/hosts.js";
import type { paths as OtpPaths } from "./generated/otp.js";
import type { paths as PartnerPaths } from "./generated/partner.js";
import type { paths as PayoutPaths } from "./generated/payout.js";
import type { paths as WalletPaths } from "./generated/wallet.js";
import { lightRequestClass } from "./light-request.js";
import type { ClientPaths } from "./loose-types.js";
import { type ClientOptions, createTransport, defaultBaseUrl } from "./transport.js";

function make<P extends {}, H extends HostName>(host: H, options: ClientOptions): PgiClient<P, H> {
  const baseUrl = (options.baseUrl ?? defaultBaseUrl(host)).replace(/\/$/, "");
  const requests = lightRequestClass();
  const client = createClient<ClientPaths<P, H>>({
    baseUrl,
    Request: requests.Request,
    // A light request carries the body object as given (the transport serialises it once); a real one, JSON.
    bodySerializer: (body: unknown) =>
      requests.isReal() || typeof body !== "object" || body === null ? JSON.stringify(body) : body,
    fetch: createTransport(host, { ...options, baseUrl }) as typeof globalThis.fetch,
  });
  // Middleware gets the standard Request API: from the first client.use() on, openapi-fetch builds real Requests.
  const use = client.use.bind(client);
  client.use = (...middleware) => {
    requests.useReal();
    use(...middleware);
  };
  // Same object: PgiClient only narrows what the methods accept (exact JSON-in-form objects).
  return client as PgiClient<P, H>;
}

/**
 * OTP and token service.
 *
 * @example
 * const otp = createOtpClient({ credentials: { clientType: "WEB", otpAuthorization } });
 * const { data } = await otp.POST("/otp/send", { body: { mobileNumber: "9876543210", merchantName: "Shop", merchantDomain: "shop.in" } });
 */
export const createOtpClient = (options: ClientOptions = {}) => make<OtpPaths, "otp">("otp", options);
/**
 * Payment gateway: mandate authorization and hosted-checkout payments; hashes computed and verified for you.
 *
 * @example
 * const gw = createGatewayClient({ credentials: { merchantKey, salt } });
 * const { data } = await gw.POST("/AuthorizeTransaction.php", { body: { txnid, amount: "1.00", si: "1", authentication_info, si_details } });
 */
export const createGatewayClient = (options: ClientOptions = {}) =>
  make<GatewayPaths, "gateway">("gateway", options);
/** Wallet token generation; the request checksum is computed and the response checksum verified. */
export const createWalletClient = (options: ClientOptions = {}) =>
  make<WalletPaths, "wallet">("wallet", options);
/** Partner onboarding: webhook registration and agreement generation (bearer token with scopes). */
export const createPartnerClient = (options: ClientOptions = {}) =>
  make<PartnerPaths, "partner">("partner", options);
/** Accounts: partner sign-in OTP verification. */
export const createAccountsClient = (options: ClientOptions = {}) =>
  make<AccountsPaths, "accounts">("accounts", options);
/** Payout smart send: links, details, status, expiry and cancellation. */
export const createPayoutClient = (options: ClientOptions = {}) =>
  make<PayoutPaths, "payout">("payout", options);
/** Bill-payment complaint status. */
export const createBbpsClient = (options: ClientOptions = {}) => make<BbpsPaths, "bbps">("bbps", options);
