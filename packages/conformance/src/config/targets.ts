// Resolves where a run goes: the embedded mock (default), the environment, or a config file of the same names; the
// credentials are resolved here once, into a typed object.
import { readFile } from "node:fs/promises";
import { HOST_NAMES, startMock } from "@pgi/mock";
import { UsageError } from "../errors.js";
import type { Host, Target } from "../model/target.js";
import { baseUrlName, CONFIG_NAMES, credentialsFrom, HOSTS } from "./configuration.js";

/**
 * A target from a map of configuration names (the environment, or a config file's object).
 *
 * @example
 * const target = targetFromNames("the hosts of the environment", process.env);
 */
export function targetFromNames(name: string, values: Record<string, string | undefined>): Target {
  const urls: Partial<Record<Host, string>> = {};
  for (const h of HOSTS) {
    const variable = baseUrlName(h);
    const url = values[variable];
    if (!url) continue;
    try {
      new URL(url);
    } catch {
      throw new UsageError(`${variable}: not a URL (${url})`);
    }
    urls[h] = url.replace(/\/+$/, "");
  }
  return { name, urls, credentials: credentialsFrom(values), isMock: false };
}

/**
 * A target from a config file: a JSON object keyed by configuration names.
 *
 * @example
 * const target = await targetFromFile("sandbox.json");
 */
export async function targetFromFile(file: string): Promise<Target> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    // Not the parser's message alone: it can quote the file's text, and the file holds secrets.
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`--config ${file}: ${code ? `cannot read (${code})` : "not valid JSON"}`);
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
    throw new UsageError(`--config ${file}: not a JSON object`);
  const values: Record<string, string> = {};
  for (const [k, v] of Object.entries(parsed)) {
    if (!CONFIG_NAMES.includes(k))
      throw new UsageError(`--config ${file}: unknown name ${k}; the names are ${CONFIG_NAMES.join(", ")}`);
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
