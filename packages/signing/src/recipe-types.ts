// Types describing a signing recipe as generated from specs/shared/signatures.yaml.

/** One piece of a joined pre-image. */
export type RecipePart =
  | { readonly kind: "field"; readonly name: string }
  | { readonly kind: "optional"; readonly name: string }
  | { readonly kind: "secret" }
  | { readonly kind: "empty" };

/** Hash or MAC used to turn the pre-image into the digest. */
export type Algorithm = "sha512" | "hmac-sha256";

/** Which secret a recipe uses: the merchant salt or the HMAC signing secret. */
export type SecretKind = "salt" | "signing-secret";

/** A recipe exactly as written in signatures.yaml, normalised. */
export interface Recipe {
  readonly id: string;
  readonly title: string;
  readonly algorithm: Algorithm;
  readonly secret: SecretKind;
  readonly output: "hex-lower";
  readonly carrier: { readonly in: "body" | "header"; readonly name: string };
  readonly format: "joined" | "sorted-key-value";
  readonly join: string;
  readonly quote: string;
  readonly parts: readonly RecipePart[];
  readonly notes: string;
}

/**
 * A recipe's pre-image builder, generated as straight-line code. `slow(slot, value)` converts any
 * value that is not a non-empty string (or throws the typed error).
 */
export type PreimageBuilder = (
  fields: { readonly [name: string]: unknown },
  secret: string,
  slow: (slot: number, value: unknown) => string,
) => string;
