// pgi-mock resend: sends a delivery of a running mock's log again (same payload, signed again, to the same URL) as
// a new delivery with its own retries, and follows it like trigger does.
import type { Delivery } from "../state/work-types.js";
import {
  FOLLOW_OPTIONS,
  FOLLOW_OPTIONS_HELP,
  followTimeoutMs,
  followToExit,
  mockUrlOf,
} from "./follow-command.js";
import { type CliIo, CliUsageError, failWith, invokedAs } from "./io.js";
import { detailOf, MockControl, MockControlError } from "./mock-control.js";
import { parseOptions } from "./parse-options.js";
import { splitPositionals } from "./positionals.js";

/** The written help of `pgi-mock resend`. */
export const resendHelp = (name: string) => `${name}: deliver a webhook of the mock's log again

Usage: ${name} DELIVERY-ID [options]

Sends the delivery's payload again to the URL it went to, as a new delivery with its own attempts and retries
(the old one is left as it was), and prints each attempt as it ends. The ids are in GET /__mock/deliveries and
in the output of trigger. A resent webhook has the same merchant_uuid, change_timestamp and event_name, so a
receiver that tolerates duplicates answers it 200 and changes nothing.

Options:
${FOLLOW_OPTIONS_HELP}

Examples:
  ${name} dlv_3
  ${name} dlv_3 --mock http://127.0.0.1:5013 --timeout 60

Exit codes: 0 delivered (or started, with --no-wait); 1 failed after every retry, or still pending at --timeout;
2 on misuse, when no mock answers at --mock, or when the log has no such delivery.`;

/**
 * `pgi-mock resend ID [options]`; resolves with the exit code.
 *
 * @example
 * process.exitCode = await resend(["dlv_3"], processIo());
 */
export async function resend(
  argv: string[],
  io: CliIo,
  tuning: { intervalMs?: number } = {},
): Promise<number> {
  const name = `${invokedAs(io.env)} resend`;
  try {
    const { options, positionals } = splitPositionals(argv, FOLLOW_OPTIONS);
    const values = parseOptions(options, FOLLOW_OPTIONS);
    if (values.help) {
      io.stdout(`${resendHelp(name)}\n`);
      return 0;
    }
    const [id, ...extra] = positionals;
    if (!id)
      throw new CliUsageError(
        `no delivery id given; usage: ${name} DELIVERY-ID (ids are in GET /__mock/deliveries)`,
      );
    if (extra.length > 0)
      throw new CliUsageError(`unexpected argument "${extra[0]}"; one delivery id at a time`);
    const timeoutMs = followTimeoutMs(values.timeout);
    const control = new MockControl(mockUrlOf(values, io.env));
    const answer = await control.post(`/__mock/deliveries/${encodeURIComponent(id)}/resend`, {});
    const delivery = (answer.body as { delivery?: Delivery } | undefined)?.delivery;
    if (answer.status !== 202 || !delivery)
      throw new MockControlError(`${answer.status} ${detailOf(answer)}`);
    io.stdout(`${name}: ${id} sent again as delivery ${delivery.id} to ${delivery.url}\n`);
    return await followToExit(control, delivery, { values, timeoutMs, intervalMs: tuning.intervalMs }, io);
  } catch (error) {
    return failWith(io, name, error);
  }
}
