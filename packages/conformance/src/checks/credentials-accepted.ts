// credentials_accepted: the target accepts the configured credentials for a positive case (a refusal that names
// them, or a 401/403, fails under this check).

import type { VerdictCheck } from "../checking/types.js";
import type { Exchange } from "../model/finding.js";

const CREDENTIAL_WORDS =
  /authori[sz]ation|unauthori[sz]ed|forbidden|access token|bearer|credential|merchant key|clienttype|merchant does not exist|access denied|insufficient scope/i;

/**
 * Whether a refusal is about the credentials: a 401 or 403, or words that name them in the refusal's text.
 *
 * @example
 * refusesCredentials(exchange, refusalText(exchange)); // true for a 401 "access denied"
 */
export function refusesCredentials(ex: Exchange, text: string): boolean {
  return ex.response.status === 401 || ex.response.status === 403 || CREDENTIAL_WORDS.test(text);
}

export const check = {
  id: "credentials_accepted",
  description: "the target accepts the configured credentials for a positive case",
  kind: "verdict",
} as const satisfies VerdictCheck<"credentials_accepted">;
