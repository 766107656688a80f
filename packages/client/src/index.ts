// Entry point of @pgi/client: the generated per-host types and host metadata (the client factories build on these).
export type * as accounts from "./generated/accounts.js";
export type * as bbps from "./generated/bbps.js";
export type * as gateway from "./generated/gateway.js";
export { type HostName, hosts } from "./generated/hosts.js";
export type * as otp from "./generated/otp.js";
export type * as partner from "./generated/partner.js";
export type * as payout from "./generated/payout.js";
export type * as wallet from "./generated/wallet.js";
