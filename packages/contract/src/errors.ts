// Errors of @pgi/contract: one base class and precise subclasses whose messages say what to fix.

/**
 * Base class of every error this package throws on purpose.
 *
 * @example
 * try { await loadSpecSet("old/"); } catch (e) { if (e instanceof ContractError) console.error(e.message); }
 */
export class ContractError extends Error {
  override name = "ContractError";
  /** Stable identifier, e.g. `PGI_CONTRACT_INPUT`. */
  readonly code: string = "PGI_CONTRACT_ERROR";
}

/** A command line that cannot be carried out as written (unknown option, missing argument). Exit 2. */
export class UsageError extends ContractError {
  override name = "UsageError";
  override readonly code: string = "PGI_CONTRACT_USAGE";
}

/** An input (file, folder, git ref, `$ref`) that cannot be read or is not an OpenAPI document. Exit 2. */
export class InputError extends ContractError {
  override name = "InputError";
  override readonly code: string = "PGI_CONTRACT_INPUT";
}

/** A spec the Postman generator cannot turn into requests (an unknown recipe secret, an example it cannot use). */
export class GenerationError extends ContractError {
  override name = "GenerationError";
  override readonly code: string = "PGI_CONTRACT_GENERATION";
}
