// The mock's test credentials: defaults, overrides by configuration name, and the masked view printed and served.
import { CONFIGURATION } from "../generated/hosts.js";
import type { CredentialField, MockCredentials } from "../types.js";

type Named = CredentialField;

/** The configuration name of each credential field (PGI_SALT for salt, ...), from the specs' x-pgi-host. */
export const CREDENTIAL_ENV: Readonly<Record<Named, string>> = Object.fromEntries(
  CONFIGURATION.map((c) => [c.field, c.name]),
) as Record<Named, string>;

/** Fields that are secrets (masked when printed unless the caller asks for the test values). */
export const SECRET_FIELDS: ReadonlySet<Named> = new Set<Named>(
  CONFIGURATION.filter((c) => c.secret).map((c) => c.field),
);

/** A partner token with refer_merchant only: agreement generation must be refused with it. */
export const LIMITED_PARTNER_TOKEN = "pgi-test-partner-token-refer-only";
/** A token that expired at the epoch: every bearer operation must refuse it. */
export const EXPIRED_TOKEN = "pgi-test-token-expired";

/** The default test credentials: each configuration name's test value in the specs (the examples are signed with them). */
export const DEFAULT_CREDENTIALS: Readonly<Omit<MockCredentials, "tokens">> = Object.fromEntries(
  CONFIGURATION.map((c) => [c.field, c.testValue]),
) as Omit<MockCredentials, "tokens">;

/**
 * Builds the credentials from defaults, then `overrides` (field names), then `env` (configuration names).
 *
 * @example
 * const creds = resolveCredentials({ salt: "my-salt" }, { PGI_PARTNER_TOKEN: "t" });
 * creds.tokens.t.scopes; // ["refer_merchant", "client_manage_agreement"]
 */
export function resolveCredentials(
  overrides: Partial<MockCredentials> = {},
  env: Record<string, string | undefined> = {},
): MockCredentials {
  const base: Record<string, string> = { ...DEFAULT_CREDENTIALS };
  for (const [field, value] of Object.entries(overrides)) {
    if (field !== "tokens" && typeof value === "string") base[field] = value;
  }
  for (const [field, name] of Object.entries(CREDENTIAL_ENV)) {
    const value = env[name];
    if (value !== undefined && value !== "") base[field] = value;
  }
  const c = base as Omit<MockCredentials, "tokens">;
  const tokens: MockCredentials["tokens"] = {
    [c.partnerToken]: { scopes: ["refer_merchant", "client_manage_agreement"] },
    [LIMITED_PARTNER_TOKEN]: { scopes: ["refer_merchant"] },
    [c.accountsToken]: { scopes: ["verify_sign_in_otp"] },
    [c.payoutToken]: { scopes: [] },
    [c.bbpsToken]: { scopes: ["check_complain_status"] },
    [EXPIRED_TOKEN]: {
      scopes: ["refer_merchant", "client_manage_agreement", "check_complain_status"],
      expiresAt: 0,
    },
    ...(overrides.tokens ?? {}),
  };
  return { ...c, tokens };
}

/**
 * The credentials keyed by configuration names. With `masked`, a value that differs from the built-in test
 * default is replaced by `<set from NAME>` (it may be a real sandbox secret); defaults are published test values
 * and are shown in full. GET /__mock/credentials and the start-up table use the masked view.
 *
 * @example
 * credentialsByName(resolveCredentials({ salt: "real" }), true).PGI_SALT; // "<set from PGI_SALT>"
 */
export function credentialsByName(credentials: MockCredentials, masked = false): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, name] of Object.entries(CREDENTIAL_ENV) as [Named, string][]) {
    const value = credentials[field];
    out[name] = masked && value !== DEFAULT_CREDENTIALS[field] ? maskValue(name) : value;
  }
  return out;
}

/** What a masked credential shows instead of its value. */
export function maskValue(name: string): string {
  return `<set from ${name}>`;
}

/**
 * Every credential value that differs from the built-in defaults (longest first), for masking printed lines.
 *
 * @example
 * maskedValues(resolveCredentials({ salt: "real-salt" })); // ["real-salt"]
 */
export function maskedValues(credentials: MockCredentials): string[] {
  return (Object.keys(CREDENTIAL_ENV) as Named[])
    .filter((f) => credentials[f] !== DEFAULT_CREDENTIALS[f] && credentials[f].length >= 3)
    .map((f) => credentials[f])
    .sort((a, b) => b.length - a.length);
}

/** Every secret value of the credentials (for masking log lines and hints). */
export function secretValues(credentials: MockCredentials): string[] {
  const values = [...SECRET_FIELDS].map((f) => credentials[f]);
  return [...values, ...Object.keys(credentials.tokens)].filter((v) => v.length >= 4);
}
