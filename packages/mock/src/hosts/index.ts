// The behaviour of every host: the state and rules that the specs alone cannot express.
import type { HostBehaviour } from "../types.js";
import { createAccountsBehaviour } from "./accounts.js";
import { createBbpsBehaviour } from "./bbps.js";
import { createGatewayBehaviour } from "./gateway.js";
import { createOtpBehaviour, type SentOtp } from "./otp.js";
import { createPartnerBehaviour } from "./partner.js";
import { createPayoutBehaviour } from "./payout.js";
import { createWalletBehaviour } from "./wallet.js";

/** Creates a fresh behaviour (with empty state) for each host. */
export function createHostBehaviours(): HostBehaviour[] {
  const sent: SentOtp[] = [];
  return [
    createOtpBehaviour(sent),
    createGatewayBehaviour(),
    createWalletBehaviour(sent),
    createPartnerBehaviour(),
    createAccountsBehaviour(sent),
    createPayoutBehaviour(),
    createBbpsBehaviour(),
  ];
}
