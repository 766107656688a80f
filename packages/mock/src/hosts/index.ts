// The behaviour of every host: the state and rules that the specs alone cannot express.
import type { HostBehaviour } from "../types.js";
import { createGatewayBehaviour } from "./gateway.js";
import { createPartnerBehaviour } from "./partner.js";

/** Creates a fresh behaviour (with empty state) for each host that has one. */
export function createHostBehaviours(): HostBehaviour[] {
  return [createGatewayBehaviour(), createPartnerBehaviour()];
}
