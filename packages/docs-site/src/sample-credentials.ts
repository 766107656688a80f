// Which credential fills what in a code sample, derived from the specs' configuration names (the host index).
import { type HostName, hosts } from "@pgi/client";
import { CONFIGURATION, DEFAULT_CREDENTIALS } from "@pgi/mock";

type Entry = (typeof CONFIGURATION)[number];
const testValue = (c: Entry) => DEFAULT_CREDENTIALS[c.field];
const onHost = (host: HostName) => CONFIGURATION.filter((c) => c.host === host);

/** The mock's default URL per host: samples target `pnpm mock` as started with no options. */
export const MOCK_URLS: Readonly<Record<HostName, string>> = Object.fromEntries(
  Object.entries(hosts).map(([h, info]) => [h, info.defaultUrl]),
) as Record<HostName, string>;

/** The Authorization value (bearer token or the OTP service's raw value) the mock accepts, per host. */
export function authorizationValue(host: HostName): string | undefined {
  const entry = onHost(host).find((c) => "security" in c.use);
  return entry ? testValue(entry) : undefined;
}

/** Parameters (headers and queries) the client fills from its credentials, with the mock's test value. */
export const CREDENTIAL_PARAMETERS: Readonly<Record<string, string>> = Object.fromEntries(
  CONFIGURATION.flatMap((c) => ("parameters" in c.use ? c.use.parameters.map((p) => [p, testValue(c)]) : [])),
);

/** The configuration name of each parameter that carries a credential (payoutMerchantId: PGI_PAYOUT_MERCHANT_ID). */
export const PARAMETER_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  CONFIGURATION.flatMap((c) => ("parameters" in c.use ? c.use.parameters.map((p) => [p, c.name]) : [])),
);

/** Body fields a host's requests take from the credentials: [field, test value, filled by the client]. */
export function credentialFields(host: HostName): { field: string; value: string; byClient: boolean }[] {
  return onHost(host).flatMap((c) =>
    "bodyFields" in c.use
      ? c.use.bodyFields.map((field) => ({
          field,
          value: testValue(c),
          byClient: c.clientOptions.length > 0,
        }))
      : [],
  );
}

/** The test secret of a host's recipes whose secret is `kind` (salt or signing-secret). */
export function recipeSecret(host: HostName, kind: "salt" | "signing-secret"): string | undefined {
  const entry = onHost(host).find((c) => "recipeSecret" in c.use && c.use.recipeSecret === kind);
  return entry ? testValue(entry) : undefined;
}

/** The client's credentials option as a TypeScript literal, each value read from its configuration name. */
export function clientCredentialsLiteral(host: HostName): string {
  const options = onHost(host).flatMap((c) => c.clientOptions.map((o) => `${o}: process.env.${c.name}`));
  return options.length > 2 ? `{\n    ${options.join(",\n    ")},\n  }` : `{ ${options.join(", ")} }`;
}

/** The factory of @pgi/client for a host: createPayoutClient for payout. */
export const factoryName = (host: HostName): string =>
  `create${host[0]?.toUpperCase()}${host.slice(1)}Client`;
