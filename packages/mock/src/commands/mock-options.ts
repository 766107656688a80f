// The options that say how to start the mock (hosts, ports, time factor, credentials, the shared sandbox's Redis),
// shared by every command that starts one (serve, exec), with their checks and the environment variables that stand
// in for them.
import { readFile } from "node:fs/promises";
import { CREDENTIAL_ENV } from "../core/credentials.js";
import { StoreConfigError } from "../errors.js";
import { sandboxSettings } from "../sandbox-options.js";
import { DEFAULT_PORTS } from "../start.js";
import { HOST_NAMES, type HostName, type MockCredentials, type MockOptions } from "../types.js";
import { CliUsageError } from "./io.js";
import type { OptionTable, ParsedValues } from "./parse-options.js";

/** Options of every command that starts the mock. */
export const MOCK_OPTIONS: OptionTable = {
  hostname: { type: "string", valid: "an interface to listen on, e.g. 127.0.0.1 or 0.0.0.0" },
  "port-base": { type: "string", valid: "an integer 1-65529 (hosts take N..N+6)" },
  port: { type: "string", multiple: true, valid: `HOST=N, HOST one of ${HOST_NAMES.join(", ")}, N 0-65535` },
  "time-factor": { type: "string", valid: "a number >= 0, e.g. 0.01" },
  credentials: { type: "string", valid: "a JSON file of credentials keyed by PGI_* name" },
  redis: { type: "string", valid: "redis://[:PASSWORD@]HOST:PORT[/DB] or rediss://..." },
  namespace: { type: "string", valid: "1-64 letters, digits, '.', '-' or '_'" },
  "idle-expiry": { type: "string", valid: "a duration from 1s to 366d, e.g. 90s, 30m, 12h, 7d" },
  "redis-timeout": { type: "string", valid: "milliseconds from 50 to 60000" },
};

/** The help lines of MOCK_OPTIONS (each command's help includes them). */
export const MOCK_OPTIONS_HELP = `  --hostname H          interface to listen on (default 127.0.0.1)
  --port-base N         first port; hosts take N..N+6 in the order otp, gateway, wallet, partner,
                        accounts, payout, bbps (default 4010, or PGI_MOCK_PORT_BASE)
  --port HOST=N         port of one host, e.g. --port gateway=5011 (repeatable; 0 picks a free port)
  --time-factor F       real seconds per mock second for webhook retries and callbacks (default 1)
  --credentials FILE    JSON object of test credentials keyed by configuration name (PGI_SALT, ...);
                        PGI_* environment variables are read too
  --redis URL           keep the state in Redis (redis://[:PASSWORD@]HOST:PORT[/DB]): a shared sandbox, where
                        every instance on the same URL and namespace acts as one mock (PGI_MOCK_REDIS_URL)
  --namespace NAME      the sandbox on that Redis: one per team or CI job (PGI_MOCK_NAMESPACE; default "default")
  --idle-expiry D       a namespace unused this long expires: 90s, 30m, 12h, 7d (PGI_MOCK_IDLE_EXPIRY; default 7d)
  --redis-timeout MS    how long a call waits for Redis before its 503 (PGI_MOCK_REDIS_TIMEOUT_MS; default 2000)`;

/** What startMock needs from the command line. */
export type MockStartOptions = Required<Pick<MockOptions, "ports" | "credentials" | "timeFactor">> &
  Pick<MockOptions, "hostname" | "redis">;

function portBase(value: string, source: string): Partial<Record<HostName, number>> {
  const n = Number(value);
  if (value.trim() === "" || !Number.isInteger(n) || n < 1 || n > 65_529)
    throw new CliUsageError(`${source} ${value}: an integer 1-65529 (hosts take N..N+6)`);
  return Object.fromEntries(HOST_NAMES.map((h, i) => [h, n + i]));
}

function onePort(entry: string): [HostName, number] {
  const [host, value, ...rest] = entry.split("=");
  if (!HOST_NAMES.includes(host as HostName) || value === undefined || rest.length > 0)
    throw new CliUsageError(`--port ${entry}: HOST=N with HOST one of ${HOST_NAMES.join(", ")}, N 0-65535`);
  const n = Number(value);
  if (value.trim() === "" || !Number.isInteger(n) || n < 0 || n > 65_535)
    throw new CliUsageError(`--port ${entry}: N must be an integer 0-65535`);
  return [host as HostName, n];
}

async function readCredentials(file: string | undefined, env: CliEnv): Promise<Partial<MockCredentials>> {
  const byName: Record<string, unknown> = { ...env };
  if (file) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(file, "utf8"));
    } catch (error) {
      // Not the parser's message: it can quote the file's text, and the file holds secrets.
      const code = (error as NodeJS.ErrnoException).code;
      throw new CliUsageError(
        `--credentials ${file}: ${code ? `cannot read (${code})` : "not valid JSON"}; a JSON object keyed by PGI_* name`,
      );
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
      throw new CliUsageError(`--credentials ${file}: not a JSON object; a JSON object keyed by PGI_* name`);
    Object.assign(byName, parsed);
  }
  const out: Record<string, string> = {};
  for (const [field, name] of Object.entries(CREDENTIAL_ENV)) {
    const v = byName[name];
    if (typeof v === "string" && v !== "") out[field] = v;
  }
  return out as Partial<MockCredentials>;
}

type CliEnv = Readonly<Record<string, string | undefined>>;

/**
 * The mock's start options from parsed MOCK_OPTIONS values and the environment (`PGI_MOCK_PORT_BASE`, `PGI_*`
 * credentials, `PGI_MOCK_REDIS_URL` ...); options win over the environment.
 *
 * @example
 * const start = await mockStartOptions({ "port-base": "5010" }, process.env);
 * start.ports.bbps; // 5016
 */
export async function mockStartOptions(values: ParsedValues, env: CliEnv): Promise<MockStartOptions> {
  const base = values["port-base"];
  const envBase = env.PGI_MOCK_PORT_BASE;
  const ports: Record<HostName, number> = {
    ...DEFAULT_PORTS,
    ...(typeof base === "string"
      ? portBase(base, "--port-base")
      : envBase
        ? portBase(envBase, "PGI_MOCK_PORT_BASE")
        : {}),
  };
  for (const entry of (values.port as string[] | undefined) ?? []) {
    const [host, n] = onePort(entry);
    ports[host] = n;
  }
  let timeFactor = 1;
  const factor = values["time-factor"];
  if (typeof factor === "string") {
    timeFactor = Number(factor);
    if (factor.trim() === "" || !Number.isFinite(timeFactor) || timeFactor < 0)
      throw new CliUsageError(`--time-factor ${factor}: a number >= 0, e.g. 0.01`);
  }
  const credentials = await readCredentials(values.credentials as string | undefined, env);
  const hostname = values.hostname;
  if (typeof hostname === "string" && hostname.trim() === "")
    throw new CliUsageError("--hostname: an interface to listen on, e.g. 127.0.0.1 or 0.0.0.0");
  const { redis } = await sandboxOptions(values, env);
  return {
    ports,
    credentials,
    timeFactor,
    ...(typeof hostname === "string" ? { hostname } : {}),
    ...(redis ? { redis } : {}),
  };
}

/**
 * The shared-sandbox settings (the Redis store, the worker count) from parsed values and the environment, a bad
 * one a usage error naming its option.
 *
 * @example
 * (await sandboxOptions({ redis: "redis://127.0.0.1:6379" }, {})).redis?.namespace; // "default"
 */
export async function sandboxOptions(values: ParsedValues, env: CliEnv) {
  const text = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : undefined);
  try {
    return await sandboxSettings(
      {
        redis: text("redis"),
        namespace: text("namespace"),
        "idle-expiry": text("idle-expiry"),
        "redis-timeout": text("redis-timeout"),
        workers: text("workers"),
      },
      env,
    );
  } catch (error) {
    throw error instanceof StoreConfigError ? new CliUsageError(error.message) : error;
  }
}
