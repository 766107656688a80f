// The files this package carries: the bundled specs with their index of hosts, and the mock's defaults.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { InputError } from "./errors.js";

/** One host of the contract, as the index lists it. */
export interface ContractHost {
  /** Short name: `otp`, `gateway`, `wallet`, `partner`, `accounts`, `payout`, `bbps`. */
  readonly host: string;
  readonly title: string;
  /** `info.title` of the bundle. */
  readonly apiTitle: string;
  /** `info.version` of the bundle. */
  readonly version: string;
  /** Default port of the local mock. */
  readonly port: number;
  /** Base-URL configuration name, e.g. `PGI_PAYOUT_URL`. */
  readonly env: string;
  /** File names inside the package's `specs/` folder. */
  readonly yaml: string;
  readonly json: string;
  /** SHA-256 of the YAML bundle. */
  readonly sha256: string;
}

/** The mock's default ports and test credentials (keyed by configuration name), captured at build time. */
export interface MockDefaults {
  readonly ports: Readonly<Record<string, number>>;
  readonly credentials: Readonly<Record<string, string>>;
}

const HERE = dirname(fileURLToPath(import.meta.url));
/** dist/ (this module's folder once built; from src/, as the tests run it, the built dist/ beside it). */
const DIST = existsSync(join(HERE, "specs")) ? HERE : join(HERE, "..", "dist");

function readJson<T>(file: string): T {
  if (!existsSync(file)) throw new InputError(`${file} is missing; build the package first (pnpm build)`);
  return JSON.parse(readFileSync(file, "utf8")) as T;
}

/**
 * The folder holding the bundled specs (`<host>.yaml`, `<host>.json`, `index.json`).
 *
 * @example
 * join(specsDir(), "payout.yaml")
 */
export function specsDir(): string {
  return join(DIST, "specs");
}

/**
 * The index of hosts, in the order of the interface.
 *
 * @example
 * contractHosts().map((h) => h.host) // ["otp", "gateway", ...]
 */
export function contractHosts(): ContractHost[] {
  return readJson<{ hosts: ContractHost[] }>(join(specsDir(), "index.json")).hosts;
}

/**
 * One host's bundled spec, parsed (from its JSON bundle).
 *
 * @example
 * const payout = loadSpec("payout"); payout.info.version
 */
export function loadSpec(
  host: string,
): Record<string, unknown> & { info: { title: string; version: string } } {
  const entry = contractHosts().find((h) => h.host === host);
  if (!entry)
    throw new InputError(
      `unknown host "${host}" (one of ${contractHosts()
        .map((h) => h.host)
        .join(", ")})`,
    );
  return readJson(join(specsDir(), entry.json));
}

/**
 * Path of one host's bundle in the given format.
 *
 * @example
 * specPath("wallet", "yaml") // .../node_modules/@pgi/contract/dist/specs/wallet.yaml
 */
export function specPath(host: string, format: "yaml" | "json" = "yaml"): string {
  const entry = contractHosts().find((h) => h.host === host);
  if (!entry)
    throw new InputError(
      `unknown host "${host}" (one of ${contractHosts()
        .map((h) => h.host)
        .join(", ")})`,
    );
  return join(specsDir(), format === "yaml" ? entry.yaml : entry.json);
}

/**
 * The mock's default ports and test credentials.
 *
 * @example
 * mockDefaults().credentials.PGI_SALT
 */
export function mockDefaults(): MockDefaults {
  return readJson<MockDefaults>(join(DIST, "mock-defaults.json"));
}
