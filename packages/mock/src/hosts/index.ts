// The behaviour of every host: the state and rules that the specs alone cannot express.
import { DEFAULT_STATE_LIMITS, type StateLimits } from "../core/bounded-store.js";
import type { HostBehaviour } from "../types.js";
import { createAccountsBehaviour } from "./accounts.js";
import { createBbpsBehaviour } from "./bbps.js";
import { createGatewayBehaviour } from "./gateway.js";
import { createOtpBehaviour, type SentOtp } from "./otp.js";
import { createPartnerBehaviour } from "./partner.js";
import { createPayoutBehaviour } from "./payout.js";
import { createWalletBehaviour } from "./wallet.js";

/** Creates a fresh behaviour (with empty state) for each host. */
export function createHostBehaviours(limits: StateLimits = DEFAULT_STATE_LIMITS): HostBehaviour[] {
  const sent: SentOtp[] = [];
  return [
    createOtpBehaviour(sent, limits),
    createGatewayBehaviour(limits),
    createWalletBehaviour(sent, limits),
    createPartnerBehaviour(limits),
    createAccountsBehaviour(sent, limits),
    createPayoutBehaviour(limits),
    createBbpsBehaviour(limits),
  ];
}
