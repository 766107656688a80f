// What trigger and resend share: the options that name the mock and bound the wait, and following the delivery
// they started to its end with the exit code that says how it ended.
import { DEFAULT_PORTS } from "../start.js";
import type { Delivery } from "../state/work-types.js";
import { exitCodeOf } from "./exec.js";
import { followDelivery } from "./follow-delivery.js";
import { type CliIo, CliUsageError } from "./io.js";
import type { MockControl } from "./mock-control.js";
import type { OptionTable, ParsedValues } from "./parse-options.js";

/** Options of every command that acts on a running mock's deliveries. */
export const FOLLOW_OPTIONS: OptionTable = {
  mock: { type: "string", valid: "the running mock's partner URL, e.g. http://127.0.0.1:4013" },
  "no-wait": { type: "boolean" },
  timeout: { type: "string", valid: "seconds, a number > 0 (default 600)" },
  help: { type: "boolean", short: "h" },
};

/** Their lines in a command's help. */
export const FOLLOW_OPTIONS_HELP = `  --mock URL            the running mock's partner host (default $PGI_PARTNER_URL, else http://127.0.0.1:${DEFAULT_PORTS.partner})
  --no-wait             print the delivery's id and return at once; the mock goes on delivering
  --timeout S           stop following after S seconds (default 600: the whole retry schedule at time factor 1)
  -h, --help            this help`;

/** The partner URL to talk to: --mock, else PGI_PARTNER_URL, else the default local port. */
export function mockUrlOf(values: ParsedValues, env: CliIo["env"]): string {
  const given = (values.mock as string | undefined) ?? env.PGI_PARTNER_URL;
  const url = given && given !== "" ? given : `http://127.0.0.1:${DEFAULT_PORTS.partner}`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CliUsageError(
      `--mock ${url}: not a URL; the running mock's partner URL, e.g. http://127.0.0.1:4013`,
    );
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    throw new CliUsageError(`--mock ${url}: an http:// or https:// URL`);
  return url;
}

/** --timeout in ms. */
export function followTimeoutMs(value: unknown): number {
  if (value === undefined) return 600_000;
  const s = Number(value);
  if (typeof value !== "string" || value.trim() === "" || !Number.isFinite(s) || s <= 0)
    throw new CliUsageError(`--timeout ${String(value)}: seconds, a number > 0 (default 600)`);
  return s * 1000;
}

/** How to follow: the parsed values plus the poll interval (tests shorten it). */
export interface FollowRequest {
  values: ParsedValues;
  timeoutMs: number;
  intervalMs?: number | undefined;
}

/**
 * Follows `delivery` (unless --no-wait) and prints how it ended; 0 delivered (or not waited for), 1 failed for
 * good or still pending at the timeout, 128 + N when signal N stopped the wait.
 */
export async function followToExit(
  control: MockControl,
  delivery: Delivery,
  request: FollowRequest,
  io: CliIo,
): Promise<number> {
  const log = `GET ${control.base}/__mock/deliveries`;
  if (request.values["no-wait"]) {
    io.stdout(`delivery ${delivery.id} started; follow it with ${log}\n`);
    return 0;
  }
  let signal: NodeJS.Signals | undefined;
  const unsubscribe = io.onSignal((s) => {
    signal ??= s;
  });
  try {
    const outcome = await followDelivery(control, delivery.id, {
      timeoutMs: request.timeoutMs,
      ...(request.intervalMs !== undefined ? { intervalMs: request.intervalMs } : {}),
      stopped: () => signal !== undefined,
      color: io.isTTY && !io.env.NO_COLOR,
      write: io.stdout,
    });
    switch (outcome) {
      case "delivered":
        io.stdout(`delivery ${delivery.id}: delivered\n`);
        return 0;
      case "failed":
        io.stdout(`delivery ${delivery.id}: failed; every attempt is in ${log}\n`);
        return 1;
      case "timeout":
        io.stdout(
          `delivery ${delivery.id}: still pending after ${request.timeoutMs / 1000} s; the mock goes on (${log})\n`,
        );
        return 1;
      default:
        io.stdout(`stopped following delivery ${delivery.id}; the mock goes on delivering it\n`);
        return exitCodeOf(null, signal ?? "SIGINT");
    }
  } finally {
    unsubscribe();
  }
}
