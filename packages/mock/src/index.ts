// Public entry of @pgi/mock: every host of the interface, served from the specs, with state, checks and webhooks.
export { DEFAULT_STATE_LIMITS, type StateLimits } from "./core/bounded-store.js";
export { createClock } from "./core/clock.js";
export {
  CREDENTIAL_ENV,
  DEFAULT_CREDENTIALS,
  EXPIRED_TOKEN,
  LIMITED_PARTNER_TOKEN,
  resolveCredentials,
} from "./core/credentials.js";
export { createScheduler } from "./core/scheduler.js";
export { MockError, StoreConfigError, StoreUnavailableError } from "./errors.js";
export {
  CONFIGURATION,
  type ConfigurationEntry,
  type ConfigurationName,
  HOSTS,
} from "./generated/hosts.js";
export {
  createRequestLogger,
  formatText,
  type RequestLogEntry,
  type RequestLoggerOptions,
  type Verdict,
} from "./server/request-log.js";
export { DEFAULT_PORTS, startMock } from "./start.js";
export * from "./types.js";
