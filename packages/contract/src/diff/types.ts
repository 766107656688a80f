// Shared types of the diff: changes, severities, rule metadata and the side of the exchange a value travels on.

/** How a change affects merchants that integrated against the old contract. */
export type Severity = "breaking" | "non-breaking" | "informational";

/**
 * Which side of the exchange the merchant is on for a value: `request` for what the merchant sends (requests of the
 * operations it calls, its answers to webhooks and callbacks), `response` for what it receives (answers of the
 * operations it calls, webhook and callback deliveries). Webhooks and callbacks swap the roles of the HTTP message.
 */
export type Role = "request" | "response";

/** One rule: its stable id (used by `--allow`), fixed severity, family and what it detects. */
export interface RuleMeta {
  readonly id: string;
  readonly severity: Severity;
  readonly family: string;
  readonly summary: string;
}

/** One classified change between the old and the new contract. */
export interface Change {
  /** Rule id, e.g. `request-property-became-required`. */
  readonly rule: string;
  readonly severity: Severity;
  /** Host the change belongs to (`payout`, ...). */
  readonly host: string;
  /** The operation, e.g. `POST /payout/v2/smartSend/link`, `webhook merchantStatusUpdate` (absent: document level). */
  readonly operation?: string;
  /** Where inside the operation, in words: `request body (application/json) › amount`. */
  readonly where: string;
  /** The place in the spec: file and JSON pointer where the changed definition lives (new side; old when removed). */
  readonly location: string;
  /** What changed, in one sentence. */
  readonly message: string;
  readonly before?: unknown;
  readonly after?: unknown;
}

/** Counts of a diff result by severity. */
export interface DiffSummary {
  readonly breaking: number;
  readonly nonBreaking: number;
  readonly informational: number;
}
