// The behaviour of every host: the rules that the specs alone cannot express (what they keep is in the store).
import type { HostBehaviour } from "../types.js";
import { createAccountsBehaviour } from "./accounts.js";
import { createBbpsBehaviour } from "./bbps.js";
import { createGatewayBehaviour } from "./gateway.js";
import { createOtpBehaviour } from "./otp.js";
import { createPartnerBehaviour } from "./partner.js";
import { createPayoutBehaviour } from "./payout.js";
import { createWalletBehaviour } from "./wallet.js";

/** Creates the behaviour of each host; their state is the HostContext's store. */
export function createHostBehaviours(): HostBehaviour[] {
  return [
    createOtpBehaviour(),
    createGatewayBehaviour(),
    createWalletBehaviour(),
    createPartnerBehaviour(),
    createAccountsBehaviour(),
    createPayoutBehaviour(),
    createBbpsBehaviour(),
  ];
}
