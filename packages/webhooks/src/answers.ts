// What the receiver answers: the shape of an answer and the fixed answers, which never carry internal details.

/** What the handler answers. `error` names the error class; `message` is fixed text, never an exception's. */
export interface WebhookAnswer {
  status: number;
  body: { ok: boolean; duplicate?: boolean; error?: string; message?: string; violations?: string[] };
}

/**
 * A refusal naming the error class and what the sender should do.
 *
 * @example
 * refuse(409, "in_progress", "this event is being processed by another attempt; retry later")
 */
export function refuse(status: number, error: string, message: string, violations?: string[]): WebhookAnswer {
  return { status, body: { ok: false, error, message, ...(violations ? { violations } : {}) } };
}

export const OK: WebhookAnswer = { status: 200, body: { ok: true } };
export const DUPLICATE: WebhookAnswer = { status: 200, body: { ok: true, duplicate: true } };
export const IN_PROGRESS = refuse(
  409,
  "in_progress",
  "this event is being processed by another attempt; retry later",
);
export const STORE_UNAVAILABLE = refuse(
  503,
  "store_unavailable",
  "de-duplication store unreachable; the delivery was not processed: retry later",
);
export const CALLBACK_FAILED = refuse(
  500,
  "callback_failed",
  "onEvent failed; the event was not processed: retry later",
);
export const INTERNAL = refuse(
  500,
  "internal_error",
  "the receiver failed; the event was not processed: retry later",
);
export const RAW_BODY_REQUIRED = refuse(
  500,
  "raw_body_required",
  "the receiver was handed a parsed body, not the raw bytes the signature covers; the event was not processed: retry later",
);
