// Where a run sends its requests and with which credentials: resolved once, read by field, never by variable name.
import type { CredentialField, HostName } from "@pgi/mock";

/** The interface's host names (the spec folders). */
export type Host = HostName;

/** The credentials of a target by field (`salt` holds PGI_SALT, `payoutToken` PGI_PAYOUT_TOKEN, ...). */
export type Credentials = Partial<Record<CredentialField, string>>;

/** Where to send and with which credentials. */
export interface Target {
  name: string;
  urls: Partial<Record<Host, string>>;
  credentials: Credentials;
  /** True when the target is the embedded mock (its control API can be used). */
  isMock: boolean;
}
