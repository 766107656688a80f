// Shared by the examples: configuration from PGI_* variables, else from the running mock's /__mock/credentials.
import { hosts } from "@pgi/client";

export interface Config {
  env: Record<string, string>;
  /** True when talking to the mock: examples may read sent OTP codes from its control API. */
  mock: boolean;
}

/** Reads PGI_* variables; when PGI_SALT is unset, asks the mock (pnpm mock) for its test credentials. */
export async function loadConfig(): Promise<Config> {
  const fromEnv = Object.fromEntries(
    Object.entries(process.env).filter(([k, v]) => k.startsWith("PGI_") && v),
  ) as Record<string, string>;
  if (fromEnv.PGI_SALT && !process.env.PGI_EXAMPLES_USE_MOCK) return { env: fromEnv, mock: false };
  const base = fromEnv[hosts.otp.env] ?? hosts.otp.defaultUrl;
  const res = await fetch(`${base}/__mock/credentials`).catch(() => undefined);
  if (!res?.ok)
    throw new Error(`no PGI_* credentials set and no mock at ${base}: start one with \`pnpm mock\``);
  return { env: { ...((await res.json()) as Record<string, string>), ...fromEnv }, mock: true };
}

/** The latest OTP the mock "sent" to `identity` (a real user would type it). */
export async function mockOtp(config: Config, identity: string): Promise<string> {
  const res = await fetch(`${config.env.PGI_OTP_URL}/__mock/otps`);
  const { otps } = (await res.json()) as { otps: { identity: string; otp: string }[] };
  const found = otps.filter((o) => o.identity === identity).at(-1);
  if (!found) throw new Error(`the mock sent no OTP to ${identity}`);
  return found.otp;
}

/** A configuration value that must be set. */
export function need(config: Config, name: string): string {
  const value = config.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}
