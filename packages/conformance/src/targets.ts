// Resolves where the suite runs: the embedded mock (default), the environment, or a config file of the same names.
import { readFile } from "node:fs/promises";
import { HOST_NAMES, startMock } from "@pgi/mock";
import type { Target } from "./request-builder.js";
import { HOSTS, type Host } from "./spec-set.js";

/** Every configuration name of DESIGN.md. */
export const CONFIG_NAMES = [
  ...HOSTS.map((h) => `PGI_${h.toUpperCase()}_URL`),
  "PGI_MERCHANT_KEY",
  "PGI_SALT",
  "PGI_WALLET_MID",
  "PGI_WALLET_SECRET",
  "PGI_OTP_AUTHORIZATION",
  "PGI_OTP_CLIENT_TYPE",
  "PGI_PARTNER_TOKEN",
  "PGI_RESELLER_UUID",
  "PGI_WEBHOOK_SECRET",
  "PGI_ACCOUNTS_TOKEN",
  "PGI_PAYOUT_TOKEN",
  "PGI_PAYOUT_MERCHANT_ID",
  "PGI_PAYOUT_MID",
  "PGI_BBPS_TOKEN",
] as const;

/** A misuse of the CLI (exit 2). */
export class UsageError extends Error {
  override name = "UsageError";
}

/** Builds a target from a map of configuration names (environment or config file). */
export function targetFromNames(name: string, values: Record<string, string | undefined>): Target {
  const urls: Partial<Record<Host, string>> = {};
  for (const h of HOSTS) {
    const url = values[`PGI_${h.toUpperCase()}_URL`];
    if (url) {
      try {
        new URL(url);
      } catch {
        throw new UsageError(`PGI_${h.toUpperCase()}_URL: not a URL (${url})`);
      }
      urls[h] = url.replace(/\/+$/, "");
    }
  }
  const creds = Object.fromEntries(
    CONFIG_NAMES.filter((n) => !n.endsWith("_URL")).map((n) => [n, values[n]]),
  );
  return { name, urls, creds, isMock: false };
}

/** Reads a config file: a JSON object keyed by configuration names. */
export async function targetFromFile(file: string): Promise<Target> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    throw new UsageError(`--config ${file}: ${(error as Error).message}`);
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
    throw new UsageError(`--config ${file}: not a JSON object`);
  const values: Record<string, string> = {};
  for (const [k, v] of Object.entries(parsed)) {
    if (!(CONFIG_NAMES as readonly string[]).includes(k))
      throw new UsageError(`--config ${file}: unknown name ${k}`);
    if (typeof v !== "string") throw new UsageError(`--config ${file}: ${k} must be a string`);
    values[k] = v;
  }
  return targetFromNames(file, values);
}

/**
 * Starts the embedded mock on free ports (webhook retries 100x faster) and returns it as a target.
 *
 * @example
 * const { target, close } = await embeddedMock();
 */
export async function embeddedMock(): Promise<{
  target: Target;
  close: () => Promise<void>;
  startMs: number;
}> {
  const t0 = performance.now();
  const mock = await startMock({
    ports: Object.fromEntries(HOST_NAMES.map((h) => [h, 0])),
    timeFactor: 0.01,
  });
  const target = targetFromNames("the embedded mock", mock.env);
  target.isMock = true;
  return { target, close: () => mock.close(), startMs: performance.now() - t0 };
}
