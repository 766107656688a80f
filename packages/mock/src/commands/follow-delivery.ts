// Follows one webhook delivery in a running mock's log and prints each attempt as it ends (attempt, answer,
// latency, next attempt) until the delivery is delivered or failed for good, or the wait runs out.
import pc from "picocolors";
import type { Delivery, DeliveryAttempt } from "../state/work-types.js";
import { type MockControl, MockControlError } from "./mock-control.js";

/** How a followed delivery ended. */
export type FollowOutcome = "delivered" | "failed" | "timeout" | "stopped";

export interface FollowOptions {
  /** Gives up after this many real ms ("timeout"). */
  timeoutMs: number;
  /** Pause between looks at the log (default 100 ms). */
  intervalMs?: number;
  /** Stops early ("stopped") when it returns true, e.g. after Ctrl-C. */
  stopped?: () => boolean;
  color: boolean;
  write(text: string): void;
}

const ended = (a: DeliveryAttempt) => a.status !== undefined || a.error !== undefined;

/** One attempt's answer: "500 in 12 ms" or the reason nothing usable came back. */
function answerOf(a: DeliveryAttempt, color: boolean): string {
  if (a.status === undefined) return color ? pc.red(`no answer: ${a.error}`) : `no answer: ${a.error}`;
  const text = `${a.status}${a.ms !== undefined ? ` in ${a.ms} ms` : ""}`;
  if (!color) return text;
  return a.status >= 200 && a.status < 300 ? pc.green(text) : pc.red(text);
}

/** What follows an ended attempt: delivered, failed for good, or when the next attempt is due (mock clock). */
function afterwards(d: Delivery, a: DeliveryAttempt, last: boolean, now: number, color: boolean): string {
  const paint = (s: string, f: (t: string) => string) => (color ? f(s) : s);
  if (a.status !== undefined && !a.error) return paint("delivered", pc.green);
  if (!last) {
    const next = d.attempts.find((x) => x.n === a.n + 1);
    const s = next ? (Date.parse(next.at) - Date.parse(a.at)) / 1000 : undefined;
    return s === undefined ? "" : `retried ${s < 10 ? s.toFixed(1) : Math.round(s)} s later`;
  }
  if (d.state === "failed") return paint("failed for good: no attempts left", pc.red);
  if (d.nextAttemptAt) {
    const s = Math.max(0, (Date.parse(d.nextAttemptAt) - now) / 1000);
    return `next attempt in ${s < 10 ? s.toFixed(1) : Math.round(s)} s`;
  }
  return "";
}

/** The printed line of an ended attempt. */
export function attemptLine(d: Delivery, a: DeliveryAttempt, now: number, color: boolean): string {
  const last = a.n === Math.max(...d.attempts.map((x) => x.n));
  const answer = answerOf(a, false);
  const pad = " ".repeat(Math.max(1, 28 - answer.length));
  return `  attempt ${a.n}  ${answerOf(a, color)}${pad}${afterwards(d, a, last, now, color)}`.trimEnd();
}

/**
 * Prints the attempts of delivery `id` as they end until it is delivered or failed.
 *
 * @example
 * const outcome = await followDelivery(new MockControl(url), "dlv_3", { timeoutMs: 600_000, color: false, write });
 */
export async function followDelivery(
  control: MockControl,
  id: string,
  options: FollowOptions,
): Promise<FollowOutcome> {
  const until = Date.now() + options.timeoutMs;
  const printed = new Set<number>();
  for (;;) {
    const d = (await control.deliveries()).find((x) => x.id === id);
    if (!d) throw new MockControlError(`delivery ${id} is no longer in the mock's log (was the mock reset?)`);
    const fresh = d.attempts.filter((a) => ended(a) && !printed.has(a.n));
    if (fresh.length > 0) {
      const now = d.state === "pending" ? await control.now() : 0;
      for (const a of fresh) {
        options.write(`${attemptLine(d, a, now, options.color)}\n`);
        printed.add(a.n);
      }
    }
    if (d.state !== "pending" && d.attempts.every((a) => printed.has(a.n) || !ended(a))) return d.state;
    if (options.stopped?.()) return "stopped";
    if (Date.now() >= until) return "timeout";
    await new Promise((r) => setTimeout(r, options.intervalMs ?? 100));
  }
}
