// The shape of one alternative construction that explain() tries (a leaf module: imports nothing of ours).

/** One alternative construction: its pre-image (with a given secret text), its size and its digest. */
export interface Trial {
  /** Stable id, e.g. `swap-productinfo-firstname` or `amount-10`. */
  readonly id: string;
  /** Reads after "the received digest is reproduced when ...", naming the exact fields. */
  readonly description: string;
  /** The pre-image with `secretText` in the secret's place (the real secret to hash, a placeholder to show). */
  preimage(secretText: string): string;
  /** Characters hashed to compute the digest: what the work bound of a diagnosis counts. */
  readonly size: number;
  /** Lowercase hex digest of the construction, computed with the real secret. */
  digest(): string;
}
