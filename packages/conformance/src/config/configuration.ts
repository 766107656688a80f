// The configuration names as the suite uses them, derived from the host index the specs declare (x-pgi-host): which
// host each name serves, the credential field it fills, whether it is secret, and where the interface uses it.
import { CONFIGURATION, type CredentialField, HOSTS as HOST_INDEX } from "@pgi/mock";
import type { Credentials, Host } from "../model/target.js";

type Entry = (typeof CONFIGURATION)[number];

/** Every host, in the order of its default port. */
export const HOSTS: readonly Host[] = HOST_INDEX.map((h) => h.id);

/** Every configuration name: each host's base URL, then every credential. */
export const CONFIG_NAMES: readonly string[] = [
  ...HOST_INDEX.map((h) => h.baseUrlName),
  ...CONFIGURATION.map((c) => c.name),
];

const byField = new Map<string, Entry>(CONFIGURATION.map((c) => [c.field, c]));
const onHost = (host: Host) => CONFIGURATION.filter((c) => c.host === host);

/**
 * The base-URL configuration name of a host.
 *
 * @example
 * baseUrlName("payout"); // "PGI_PAYOUT_URL"
 */
export function baseUrlName(host: Host): string {
  return HOST_INDEX.find((h) => h.id === host)?.baseUrlName ?? `PGI_${host.toUpperCase()}_URL`;
}

/**
 * The configuration name of a credential field.
 *
 * @example
 * configName("salt"); // "PGI_SALT"
 */
export function configName(field: CredentialField): string {
  return byField.get(field)?.name ?? field;
}

/** Whether a credential's value is a secret (masked everywhere, a `$PGI_*` reference in reproduce lines). */
export const isSecret = (field: CredentialField): boolean => byField.get(field)?.secret === true;

/** The credential fields a host's suite needs; a host without them is skipped with their names. */
export const requiredFields = (host: Host): CredentialField[] =>
  onHost(host)
    .filter((c) => c.suite === "required")
    .map((c) => c.field);

/** The field whose value goes in a host's Authorization header (its bearer token, or the OTP service's raw value). */
export function authorizationField(host: Host): CredentialField | undefined {
  return onHost(host).find((c) => "security" in c.use)?.field;
}

/** The field that fills a parameter (header or query) of a host, by the parameter's name (case-insensitive). */
export function parameterField(host: Host, parameter: string): CredentialField | undefined {
  const wanted = parameter.toLowerCase();
  return onHost(host).find(
    (c) => "parameters" in c.use && c.use.parameters.some((p) => p.toLowerCase() === wanted),
  )?.field;
}

/** The body fields of a host's requests that carry a credential, each with its credential field. */
export function bodyCredentialFields(host: Host): [bodyField: string, field: CredentialField][] {
  return onHost(host).flatMap((c) =>
    "bodyFields" in c.use ? c.use.bodyFields.map((b) => [b, c.field] as [string, CredentialField]) : [],
  );
}

/** The field holding the secret of a host's recipes of `kind` (salt or signing-secret). */
export function recipeSecretField(host: Host, kind: "salt" | "signing-secret"): CredentialField | undefined {
  return onHost(host).find((c) => "recipeSecret" in c.use && c.use.recipeSecret === kind)?.field;
}

/**
 * The credentials of a map of configuration names (the environment or a config file); empty values are unset.
 *
 * @example
 * credentialsFrom({ PGI_SALT: "s" }).salt; // "s"
 */
export function credentialsFrom(values: Record<string, string | undefined>): Credentials {
  const out: Credentials = {};
  for (const c of CONFIGURATION) {
    const v = values[c.name];
    if (v) out[c.field] = v;
  }
  return out;
}

/**
 * The secret credentials that are set, as [configuration name, value], longest value first (so a secret containing
 * another is replaced whole).
 *
 * @example
 * secretsOf({ salt: "s3cret" }); // [["PGI_SALT", "s3cret"]]
 */
export function secretsOf(credentials: Credentials): [name: string, value: string][] {
  return CONFIGURATION.filter((c) => c.secret && credentials[c.field])
    .map((c): [string, string] => [c.name, credentials[c.field] as string])
    .sort((a, b) => b[1].length - a[1].length);
}

/**
 * The secret of a host's recipes of `kind` from the credentials, when it is set.
 *
 * @example
 * recipeSecret(target.credentials, "gateway", "salt"); // the value of PGI_SALT
 */
export function recipeSecret(
  credentials: Credentials,
  host: Host,
  kind: "salt" | "signing-secret",
): string | undefined {
  const field = recipeSecretField(host, kind);
  return field ? credentials[field] : undefined;
}
