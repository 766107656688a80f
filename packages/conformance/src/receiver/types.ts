// What a receiver check is (src/receiver/checks/: one file each) and what it can do: send deliveries to the endpoint
// under grading through a Grader, and judge each case it sends into a CaseVerdict.
import type { WebhookContract } from "../spec/webhook-contract.js";

/** A payload as the grader builds it: field → value (integers beyond 2^53 as bigint). */
export type Payload = Record<string, unknown>;

/** One request the grader sends to the endpoint. */
export interface Delivery {
  /** The exact body text. */
  body: string;
  /** The Authorization header: a digest, "" (sent empty), or null (not sent). */
  authorization: string | null;
  /** What the body is, for reports, e.g. `"Document status update" Pending → Approved`. */
  label: string;
  /** How the Authorization header was made, for reports, e.g. "valid signature", "signed with another secret". */
  signing: string;
  /** Send only this many bytes of the body, then close the connection (a delivery that fails in transit). */
  cutAfter?: number;
  /** A shell command writing the body on stdout, for reproduce lines when the body is too long to quote. */
  shellBody?: string;
}

/** What came back for one request. */
export interface Attempt {
  /** The HTTP status; absent when nothing came back. */
  status?: number;
  /** Milliseconds from sending to the answer's status line (or to the failure). */
  ms: number;
  /** The first bytes of the answer's body. */
  head: string;
  /** Why nothing came back: no answer in time, connection refused or reset, the cut the grader made. */
  error?: string;
  /** True when nothing came back within the wait. */
  timedOut?: boolean;
  /** The request was not sent, and why (the run's request budget, or the endpoint stopped answering). */
  notSent?: string;
}

/** The judgement of one case: what was sent, what came back, the rule, and whether it held. */
export interface CaseVerdict {
  name: string;
  ok: boolean;
  /** What was sent: the body summarised and the signature as sent (never the secret). */
  sent: string;
  /** What came back: status, time and first bytes, or why nothing did. */
  got: string;
  /** The rule the case applies. */
  expected: string;
  /** The delivery a reproduce line sends again. */
  reproduce?: Delivery;
  /** How many copies a reproduce line sends at once. */
  copies?: number;
  status?: number;
  durationMs: number;
  /** Set when the case could not be judged, with why. */
  skipped?: string;
}

/** A valid delivery's answer time, kept for the answer-time check. */
export interface TimedAnswer {
  check: string;
  name: string;
  ms: number;
  status?: number;
  error?: string;
  /** True when nothing came back within the grader's wait. */
  timedOut?: boolean;
}

/** What a check can do. Times are already scaled by --time-factor. */
export interface Grader {
  readonly contract: WebhookContract;
  /** The answer limit (30 s × time factor), in ms. */
  readonly limitMs: number;
  /** How long the grader waits for an answer before giving up on it, in ms (the limit plus a margin). */
  readonly timeoutMs: number;
  /** The retry schedule (3, 9, 27, 81, 243 s × time factor), in ms. */
  readonly retryDelaysMs: readonly number[];
  readonly timeFactor: number;
  /** A valid payload of its own event: the spec's example with a merchant_uuid and change_timestamp of this run. */
  payload(fields?: Payload): Payload;
  /** A delivery of `payload` as compact JSON with sorted keys, validly signed. */
  delivery(label: string, payload: Payload): Delivery;
  /** The valid signature of exact body text (the secret stays inside the grader). */
  sign(body: string): string;
  /** The signature of `body` with a secret that is not the endpoint's. */
  signWithOtherSecret(body: string): string;
  /**
   * Sends one delivery. `timed` marks a valid delivery whose answer time the answer-time check judges. Never
   * throws: a transport failure is an Attempt with `error`.
   */
  send(d: Delivery, timed?: { check: string; name: string }): Promise<Attempt>;
  /** Every timed answer of the run so far. */
  readonly timedAnswers: readonly TimedAnswer[];
  /** Waits `ms` (already scaled). */
  sleep(ms: number): Promise<void>;
  /** A progress note (rewritten in place on a terminal). */
  progress(text: string): void;
}

/** One check of the receiver grader: its id, the rule it grades (as reports print it), its place in the run. */
export interface ReceiverCheck<Id extends string = string> {
  readonly id: Id;
  /** The rule, as graded: what is sent and what must come back. */
  readonly description: string;
  /** The rule in a few words, for --help. */
  readonly summary: string;
  /** Checks run in ascending order. */
  readonly order: number;
  /** The most requests it sends (the run's total is bounded by the sum). */
  readonly maxRequests: number;
  run(g: Grader): Promise<CaseVerdict[]>;
}
