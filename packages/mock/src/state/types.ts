// What the mock keeps, as one store interface with an operation per state change, named for what it does. Two
// implementations: in memory (state/memory/, the default) and Redis (state/redis/, the shared sandbox), where each
// operation is one atomic script. Host behaviours decide answers; these operations decide state.
import type { StateLimits } from "../core/bounded-store.js";
import type { COMPLAINT_ORDER } from "./lifetimes.js";
import type { DeliveryState, ForcedState, JobQueue } from "./work-types.js";

export type { StateLimits } from "../core/bounded-store.js";
export type * from "./work-types.js";

/** An OTP request of the OTP service, by uuid (the uuid of a verified one is a token for /token/validate). */
export interface OtpRequest {
  uuid: string;
  identity: string;
  otp: string;
  /** Mock time (ms) the code expires. */
  expiresAt: number;
  attempts: number;
  resends: number;
  verified: boolean;
  verifiedAt?: number;
}

/** A code the mock "sent" (OTP service, wallet, accounts sign-in), for GET /__mock/otps. */
export interface SentOtp {
  host: string;
  uuid?: string;
  identity: string;
  otp: string;
  expiresAt: string;
}

export type ResendOutcome = "unknown" | "verified" | "limit" | "resent";
export type VerifyOtpOutcome =
  | "unknown"
  | "used"
  | "expired"
  | "tooManyAttempts"
  | "wrongNumber"
  | "verified"
  | { wrong: number };

/** OTP service state: requests by uuid, and the list of sent codes shared with the wallet and accounts. */
export interface OtpState {
  /** Records a new OTP request (attempts and resends 0) and its sent code. */
  send(r: { uuid: string; identity: string; otp: string; expiresAt: number }, now: number): Promise<void>;
  /** A new code for an unverified request under its resend limit; `identity` replaces the number when given. */
  resend(
    uuid: string,
    identity: string | undefined,
    otp: string,
    expiresAt: number,
    now: number,
  ): Promise<ResendOutcome>;
  /** Checks a code (constant-time); a wrong one counts an attempt, a right one verifies the request. */
  verify(uuid: string, otp: string, mobileNumber: string | undefined, now: number): Promise<VerifyOtpOutcome>;
  /** True for the uuid of a verified request, bound to `mobileNumber` when given. */
  tokenValid(token: string, mobileNumber: string | undefined, now: number): Promise<boolean>;
  /** Sent codes still within their expiry plus the retention, oldest first. */
  sent(now: number): Promise<SentOtp[]>;
  snapshot(now: number): Promise<{ requests: OtpRequest[]; sentOtps: number }>;
}

/** A wallet token, unique per cell and merchant. */
export interface WalletToken {
  token: string;
  issuedAt: number;
  expiresAt: number;
}

export type RedeemOutcome = "missing" | "expired" | "tooManyAttempts" | "wrong" | { token: string };

/** Wallet state: pending OTPs and accounts by cell, tokens by cell and merchant. */
export interface WalletState {
  /** Replaces the cell's pending OTP (the account is created on the first) and records the sent code. */
  sendOtp(cell: string, otp: string, expiresAt: number, now: number): Promise<void>;
  /**
   * Checks the cell's OTP (constant-time): a wrong one counts an attempt; a right one is used up and answers the
   * cell and merchant's live token, else `fresh` (which becomes theirs).
   */
  redeem(cell: string, mid: string, otp: string, now: number, fresh: WalletToken): Promise<RedeemOutcome>;
  snapshot(): Promise<{
    otps: number;
    accounts: [cell: string, createdAt: number][];
    tokens: [key: string, token: WalletToken][];
  }>;
}

/** A user token issued by the partner sign-in verification; kept by the SHA-256 digest of the token only. */
export interface IssuedToken {
  user_uuid: string;
  identity: string;
  expiresAt: number;
  scopes: string[];
}

/** Accounts state: pending sign-in codes by identity, issued tokens by digest. */
export interface AccountsState {
  /** Replaces the identity's pending code (attempts 0) and records the sent code. */
  sendCode(identity: string, code: string, listedUntil: number, now: number): Promise<void>;
  /**
   * Checks a code (constant-time): "locked" after too many wrong ones; a wrong one counts an attempt; a right one
   * is used up and `issue` is recorded under `digest` (the token's SHA-256).
   */
  verify(
    identity: string,
    code: string,
    now: number,
    digest: string,
    issue: IssuedToken,
  ): Promise<"locked" | "invalid" | "issued">;
  /** The scopes and expiry of an issued token, by its digest, until its expiry plus the retention. */
  grant(digest: string, now: number): Promise<{ scopes: string[]; expiresAt: number } | undefined>;
  snapshot(now: number): Promise<{ pending: string[]; issued: IssuedToken[] }>;
}

export type LinkState = "ACTIVE" | "SUCCESS" | "CANCELLED" | "EXPIRED";

/** A smart send link. */
export interface Link {
  merchantRefId: string;
  /** The payout merchant identifier exactly as the pid header carried it (digits of a long). */
  payoutMerchantId: string;
  linkId: string;
  link: string;
  /** The amount as sent (a decimal string). */
  amount: string;
  custName: string;
  custMobile: string;
  custEmail: string | null;
  description: string | null;
  addedOn: number;
  updatedOn: number;
  expiresAt: number;
  state: LinkState;
  succeededAt?: number;
}

/** Payout state: links by linkId, and the newest link of each merchantRefId. */
export interface PayoutState {
  create(link: Link, now: number): Promise<void>;
  /** The link as of `now` (an active one past its expiry reads EXPIRED). */
  byRef(merchantRefId: string, now: number): Promise<Link | undefined>;
  byId(linkId: string, now: number): Promise<Link | undefined>;
  /** Moves an active link's expiry (to a time after `now`); `pid` must be the creator's. */
  extend(
    linkId: string,
    pid: string,
    expiresAt: number,
    now: number,
  ): Promise<"notFound" | "notFuture" | "extended" | { refused: LinkState }>;
  /** Cancels an active link; `pid` must be the creator's. */
  cancel(
    merchantRefId: string,
    pid: string,
    now: number,
  ): Promise<"notFound" | "alreadyCancelled" | "cancelled" | { refused: LinkState }>;
  /** The beneficiary claims an active link: it becomes SUCCESS. */
  claim(merchantRefId: string, now: number): Promise<"notFound" | { refused: LinkState } | { claimed: Link }>;
  snapshot(now: number): Promise<Link[]>;
}

/** A gateway payment or mandate, by txnid. */
export interface Payment {
  txnid: string;
  flow: "mandate" | "upi-intent" | "upi-collect" | "bnpl";
  state: string;
  mihpayid: string;
  createdAt: string;
  completedAt?: string;
  callback?: { url: string; status?: number; error?: string };
}

/** Gateway state: payments by txnid, BNPL users linked by a first-time registration. */
export interface GatewayState {
  record(payment: Payment): Promise<void>;
  payment(txnid: string): Promise<Payment | undefined>;
  /** Links a BNPL user by phone; true when this call linked it (false: it already was). */
  linkBnplUser(phone: string): Promise<boolean>;
  /**
   * Completes a pending UPI payment (the one with `mihpayid`); true when its callback is to be posted now (also
   * when a completion ran but no answer to its callback was recorded), false when it is gone or done.
   */
  complete(
    txnid: string,
    mihpayid: string,
    update: { state: string; completedAt: string; callback?: { url: string } },
  ): Promise<boolean>;
  /** Records the answer (or failure) of the Collect final response posted to surl or furl. */
  recordCallback(txnid: string, mihpayid: string, result: { status?: number; error?: string }): Promise<void>;
  snapshot(): Promise<{ payments: Payment[]; linkedBnplUsers: string[] }>;
}

export type ComplaintStatus = (typeof COMPLAINT_ORDER)[number];

/** Bill-payment state: complaint statuses by id. */
export interface BbpsState {
  /** The complaint's status; an unknown id starts CAPTURED. */
  status(complaintId: string): Promise<ComplaintStatus>;
  /** Moves the complaint one status on; "resolved" when it is at the last. */
  advance(complaintId: string): Promise<{ previous: ComplaintStatus; next: ComplaintStatus } | "resolved">;
  snapshot(): Promise<[complaintId: string, status: ComplaintStatus][]>;
}

/** A reseller's registered webhook endpoint. */
export interface Endpoint {
  url: string;
  registeredAt: string;
}

/** Partner state: endpoints by reseller, item statuses by merchant, agreements by merchant. */
export interface PartnerState {
  register(reseller: string, endpoint: Endpoint): Promise<void>;
  endpoint(reseller: string): Promise<Endpoint | undefined>;
  /** The status `event` last reported for `merchant`. */
  itemStatus(merchant: string, event: string): Promise<string | undefined>;
  recordAgreement(merchant: string, agreement: { status: string; at: string }): Promise<void>;
  snapshot(): Promise<{
    endpoints: [string, Endpoint][];
    merchants: [string, Record<string, string>][];
    agreements: [string, { status: string; at: string }][];
  }>;
}

/** Everything the mock keeps. */
export interface MockStore {
  readonly kind: "memory" | "redis";
  readonly limits: Readonly<StateLimits>;
  readonly otp: OtpState;
  readonly wallet: WalletState;
  readonly accounts: AccountsState;
  readonly payout: PayoutState;
  readonly gateway: GatewayState;
  readonly bbps: BbpsState;
  readonly partner: PartnerState;
  readonly deliveries: DeliveryState;
  readonly forced: ForcedState;
  readonly jobs: JobQueue;
  /**
   * Shared store only: reads what each request must see fresh from the other instances (the clock's offset,
   * whether answers are forced). Undefined for the memory store, so its requests pay nothing.
   */
  readonly sync: (() => Promise<void>) | undefined;
  /** Forgets everything: records, deliveries, jobs, forced answers and the clock's offset. */
  reset(): Promise<void>;
  /** Stops scheduled work and closes connections; the records stay (in Redis) or go (memory). */
  close(): Promise<void>;
}
