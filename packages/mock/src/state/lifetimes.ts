// Lifetimes and attempt limits of the mock's records: the interface publishes none of them (docs/flows.md).

/** OTP service: a code lives 300 s, allows 3 wrong attempts; a uuid can be resent 3 times. */
export const OTP_LIMITS = {
  validitySeconds: 300,
  maxVerifyAttempts: 3,
  maxResends: 3,
  /** How long a verified uuid is accepted as a token by /token/validate (not shown by the interface). */
  tokenValiditySeconds: 86_400,
} as const;

/** Wallet OTPs: 300 s, 3 wrong attempts. */
export const WALLET_OTP = { validitySeconds: 300, maxAttempts: 3 } as const;

/** A wallet token lives 365 days. */
export const WALLET_TOKEN_MS = 365 * 86_400_000;

/** Partner sign-in codes: 3 wrong attempts lock the identity; a code is listed for 600 s. */
export const SIGN_IN = { maxAttempts: 3, listedSeconds: 600 } as const;

/** How many sent codes GET /__mock/otps keeps (the oldest are dropped), so a long-running mock stays small. */
export const MAX_SENT_OTPS = 1_000;

/** Complaint statuses in the order a complaint moves through them. */
export const COMPLAINT_ORDER = ["CAPTURED", "ASSIGNED", "RESOLVED"] as const;
