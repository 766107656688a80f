// Hides secrets in any text that may be printed, logged or returned.

/** Placeholder used for the salt in explained pre-images. */
export const SALT_PLACEHOLDER = "<SALT>";
/** Placeholder used for the HMAC signing secret in explained pre-images. */
export const SIGNING_SECRET_PLACEHOLDER = "<SIGNING_SECRET>";

/**
 * Replaces every occurrence of `secret` in `text` with `mask`. Secrets shorter than 4 characters are
 * only masked when the whole text equals them (masking every "s" of a text would make it unreadable,
 * and such secrets are never put in output by this package anyway).
 *
 * @example
 * maskSecret("k|t|10.00|mySalt", "mySalt") // => "k|t|10.00|****"
 */
export function maskSecret(text: string, secret: string | undefined | null, mask = "****"): string {
  if (!secret) return text;
  if (secret.length < 4) return text === secret ? mask : text;
  return text.includes(secret) ? text.split(secret).join(mask) : text;
}
