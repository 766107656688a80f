// Errors of the host behaviours: one class for the host, and a subclass per failure that names what to fix.
import { MockError } from "../errors.js";

/** Base class of every error thrown by a host behaviour. */
export class HostBehaviourError extends MockError {
  override readonly name: string = "HostBehaviourError";
  constructor(
    message: string,
    readonly host: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A rule the behaviour reads from the spec (x-pgi-rule) is missing or malformed in the bundle. */
export class MissingSpecRuleError extends HostBehaviourError {
  override readonly name = "MissingSpecRuleError";
  constructor(
    host: string,
    readonly operationId: string,
    readonly rule: string,
  ) {
    super(
      `the ${host} bundle has no valid x-pgi-rule ${rule} on ${operationId}; rebuild the specs (pnpm build) so specs/dist carries it`,
      host,
    );
  }
}
