// The order of requests and the state they pass on, so a run against a fresh mock (or the sandbox) succeeds:
// values captured from answers, values filled from them, generated unique values, and the mock's control calls
// that stand in for what a person would type (an OTP received by SMS). Keyed by operationId.
import type { Capture, GeneratedValue, MockStep } from "./sandbox-types.js";

/** What one operation takes from and gives to the others. */
export interface Flow {
  /** Position within its host's folder (lower first); operations without a flow keep document order after these. */
  readonly order: number;
  /** Values set in the request: `body:<field>`, `header:<name>`, `query:<name>`, `path:<name>` → `{{variable}}`. */
  readonly fill?: Readonly<Record<string, string>>;
  readonly generate?: readonly GeneratedValue[];
  readonly capture?: readonly Capture[];
  /** Calls to the mock's control API, made only when the environment sets pgiMock to "true". */
  readonly mock?: readonly MockStep[];
  /** What the merchant does instead when it is not the mock. */
  readonly note?: string;
}

const otpCode = (
  host: string,
  variable: string,
  where: Record<string, string>,
  numeric = false,
): MockStep => ({
  method: "GET",
  url: `{{PGI_${host.toUpperCase()}_URL}}/__mock/otps`,
  pick: { variable, list: "otps", where: { host, ...where }, field: "otp", numeric },
});

/** The flows of the interface's stateful operations. */
export const FLOWS: Readonly<Record<string, Flow>> = {
  sendOtp: { order: 1, capture: [{ variable: "otpUuid", from: "text" }] },
  resendOtp: { order: 2, fill: { "header:uuid": "otpUuid" } },
  verifyOtp: {
    order: 3,
    fill: { "body:uuid": "otpUuid", "body:otp": "otpCode" },
    mock: [otpCode("otp", "otpCode", { uuid: "$var:otpUuid" }, true)],
    note: "Set otpCode to the code the customer received.",
  },
  validateToken: { order: 4, fill: { "body:token": "otpUuid" } },
  generateWalletToken: {
    order: 1,
    fill: { "body:otp": "walletOtp" },
    mock: [
      { method: "POST", url: "{{PGI_WALLET_URL}}/__mock/wallet/otp", body: { cell: "$field:cell" } },
      otpCode("wallet", "walletOtp", { identity: "$field:cell" }),
    ],
    note: "Set walletOtp to the OTP the wallet user received.",
  },
  verifySignInOtp: {
    order: 1,
    fill: { "body:otp[code]": "signInOtp" },
    mock: [
      {
        method: "POST",
        url: "{{PGI_ACCOUNTS_URL}}/__mock/accounts/otp",
        body: { identity: "$field:otp[identity]" },
      },
      otpCode("accounts", "signInOtp", { identity: "$field:otp[identity]" }),
    ],
    note: "Set signInOtp to the code the merchant user received.",
  },
  createSmartSendLink: {
    order: 1,
    fill: { "body:merchantRefId": "merchantRefId", "body:expiryDate": "linkExpiry" },
    generate: [
      { variable: "merchantRefId", kind: "unique:PGI" },
      { variable: "linkExpiry", kind: "future:7" },
    ],
    capture: [{ variable: "linkId", from: "json:data.linkId" }],
  },
  getSmartSendDetails: { order: 2, fill: { "query:merchantRefId": "merchantRefId" } },
  getSmartSendStatus: { order: 3, fill: { "query:linkId": "linkIdEncoded" } },
  extendSmartSendExpiry: {
    order: 4,
    fill: { "path:id": "linkIdEncoded", "body:expiryDate": "laterExpiry" },
    generate: [{ variable: "laterExpiry", kind: "future:14" }],
  },
  cancelSmartSendLink: { order: 5, fill: { "query:merchantRefId": "merchantRefId" } },
};
