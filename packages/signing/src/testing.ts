// Test helpers (@pgi/signing/testing): signed webhooks and requests for merchants' own test suites.
import type { SchemeId } from "./generated/recipes.js";
import type { Fields } from "./joined.js";
import { getScheme, type JoinedSchemeId } from "./registry.js";
import type { SchemeFields } from "./scheme-types.js";
import { sign as signWebhook, type WebhookPayload } from "./schemes/webhook-signature.js";

/** A webhook delivery as the gateway would send it. */
export interface TestWebhook {
  /** The exact JSON body text (pass it to your handler as the raw body). */
  readonly body: string;
  readonly headers: { readonly Authorization: string; readonly "Content-Type": "application/json" };
}

/**
 * Builds a signed webhook delivery, like stripe-node's `generateTestHeaderString`.
 * Pass a string to sign exact bytes (e.g. a large `mid` literal); pass an object to have it serialised.
 *
 * @example
 * const { body, headers } = generateTestWebhook({ current_status: "Approved", mid: 5123456 }, "whsec_test");
 * const res = await app.request("/webhook", { method: "POST", body, headers });
 */
export function generateTestWebhook(payload: WebhookPayload | string, secret: string): TestWebhook {
  const { digest, body } = signWebhook(payload, secret);
  return { body, headers: { Authorization: digest, "Content-Type": "application/json" } };
}

/**
 * Returns the fields with the recipe's carrier (`hash` or `checksum`) filled in, JSON-in-form objects
 * replaced by the exact strings hashed: ready to post to a mock or feed to your verifier.
 *
 * @example
 * const request = signTestRequest("payment-request", { key: "JPM7Fg", txnid: "T1", amount: "10.00", productinfo: "p", firstname: "A", email: "" }, "salt");
 * request.hash // => 128 hex characters
 */
export function signTestRequest<S extends JoinedSchemeId>(
  scheme: S,
  fields: SchemeFields<S>,
  secret: string,
): Fields & { readonly [carrier: string]: unknown } {
  const module = getScheme<SchemeId>(scheme);
  if (module.id === "webhook-signature") throw new TypeError("use generateTestWebhook for webhook-signature");
  const { digest, fields: sent } = module.sign(fields, secret);
  return { ...sent, [module.recipe.carrier.name]: digest };
}

/**
 * Flips one hex character of a digest: a signature that is well-formed but wrong, for negative tests.
 *
 * @example
 * tamperDigest("ab12") // => "bb12"
 */
export function tamperDigest(digest: string, position = 0): string {
  const c = digest.charAt(position);
  const flipped = c === "a" ? "b" : "a";
  return digest.slice(0, position) + flipped + digest.slice(position + 1);
}
