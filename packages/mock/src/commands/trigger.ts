// pgi-mock trigger: fires a merchant status event on a running mock, at the reseller's registered endpoint or at
// --to URL (registered on the fly), and prints each delivery attempt until the endpoint took it or it failed.
import { randomUUID } from "node:crypto";
import type { Delivery } from "../state/work-types.js";
import { type EventCatalogue, formatCatalogue, isKnownEvent, readEventCatalogue } from "./event-kinds.js";
import {
  FOLLOW_OPTIONS,
  FOLLOW_OPTIONS_HELP,
  followTimeoutMs,
  followToExit,
  mockUrlOf,
} from "./follow-command.js";
import { type CliIo, CliUsageError, failWith, invokedAs } from "./io.js";
import { detailOf, MockControl, MockControlError } from "./mock-control.js";
import { type OptionTable, type ParsedValues, parseOptions } from "./parse-options.js";
import { splitPositionals } from "./positionals.js";
import { registrationUrl } from "./trigger-target.js";

const OPTIONS: OptionTable = {
  list: { type: "boolean" },
  status: { type: "string", valid: "the new status, e.g. Approved (trigger --list shows them)" },
  previous: { type: "string", valid: "the status before the change, e.g. Pending" },
  error: { type: "string", valid: "the error text (NA when there is none)" },
  remarks: { type: "string", valid: "the remarks text (NA when there are none)" },
  "merchant-uuid": { type: "string", valid: "the merchant's UUID" },
  mid: { type: "string", valid: "an integer 0-9007199254740991" },
  to: { type: "string", valid: "your endpoint's URL, e.g. http://127.0.0.1:8080/webhooks/pgi" },
  ...FOLLOW_OPTIONS,
};

/** The written help of `pgi-mock trigger`. */
export const triggerHelp = (
  name: string,
) => `${name}: fire a merchant status webhook at an endpoint and follow its delivery

Usage: ${name} "EVENT KIND" [options]
       ${name} --list

Asks a running mock (pgi-mock, or pgi-mock exec) to change a merchant item's status. The mock signs the
merchant status webhook with its webhook secret and delivers it like the gateway does: to the reseller's
registered endpoint, answer 200 within 30 s, retries 3, 9, 27, 81 and 243 s after a failure (scaled by the
mock's --time-factor). Each attempt is printed as it ends: its answer, how long the endpoint took, and when the
next attempt is due. Retry times are on the mock's clock (the schedule's 3, 9, 27 s), which a --time-factor
below 1 runs through faster.

Options:
  --list                the event kinds and statuses the contract names
  --status S            the new status (default Success for "Agreement status update", else Approved)
  --previous S          the status before the change (default: the item's last status, Pending at first)
  --error TEXT          error text (default NA; for Declined, a reason taken from the contract's examples)
  --remarks TEXT        remarks (default NA; for a declined KYC document event, guidance from the examples)
  --merchant-uuid U     the merchant (default: a new UUID, so each trigger is a new event)
  --mid N               the merchant id (default: the mock's PGI_PAYOUT_MID)
  --to URL              register URL as the reseller's endpoint first (replacing the one registered), then fire.
                        http:// is accepted for 127.0.0.1, localhost and [::1] only: it is registered as
                        https:// (the interface's rule) and the mock reaches loopback endpoints over plain http
${FOLLOW_OPTIONS_HELP}

Examples:
  ${name} --list
  ${name} "Bank verification status update" --to http://127.0.0.1:8080/webhooks/pgi
  ${name} "Bank verification status update" --status Declined --error "Name mismatch" --remarks NA
  ${name} "SIGNED_AUTHORISATION_LETTER status update" --status Declined --merchant-uuid 11eb-de10-3a450888-a354-a483e7015be5 --mid 8000051
  ${name} "Agreement status update" --mock http://127.0.0.1:5013 --no-wait

Credentials: with --to, the registration uses PGI_PARTNER_TOKEN and PGI_RESELLER_UUID from the environment,
else the mock's published test values (GET /__mock/credentials).

Exit codes: 0 delivered (or started, with --no-wait); 1 failed after every retry, or still pending at --timeout;
2 on misuse, when no mock answers at --mock, or when it refuses the event (no endpoint registered, too many
pending deliveries).`;

/** The status change the mock is asked for (POST /__mock/merchants/:uuid/status). */
export function statusChange(event: string, values: ParsedValues, catalogue: EventCatalogue) {
  const status =
    (values.status as string | undefined) ?? (/^Agreement /.test(event) ? "Success" : "Approved");
  const declined = status === "Declined";
  const kyc = catalogue.fragments.list.some((f) => event.includes(f));
  const error = (values.error as string | undefined) ?? (declined ? catalogue.declined.error : undefined);
  const remarks =
    (values.remarks as string | undefined) ?? (declined && kyc ? catalogue.declined.remarks : undefined);
  const mid = values.mid as string | undefined;
  if (mid !== undefined && (!/^\d+$/.test(mid) || !Number.isSafeInteger(Number(mid))))
    throw new CliUsageError(`--mid ${mid}: an integer 0-9007199254740991`);
  for (const key of ["status", "previous", "merchant-uuid"] as const) {
    if (values[key] === "") throw new CliUsageError(`--${key}: must not be empty`);
  }
  return {
    event_name: event,
    current_status: status,
    ...(values.previous !== undefined ? { previous_status: values.previous as string } : {}),
    ...(error !== undefined ? { error } : {}),
    ...(remarks !== undefined ? { remarks } : {}),
    ...(mid !== undefined ? { mid: Number(mid) } : {}),
  };
}

/** Registers --to for the reseller (token and reseller from the environment, else the mock's test values). */
async function registerTo(control: MockControl, to: string, env: CliIo["env"]): Promise<string> {
  const url = registrationUrl(to);
  const published = await control.credentials();
  const pick = (name: string) => {
    const value = env[name] || published[name];
    if (!value || value.startsWith("<"))
      throw new MockControlError(
        `--to: the mock was started with its own ${name}; set ${name} to that value`,
      );
    return value;
  };
  const reseller = pick("PGI_RESELLER_UUID");
  await control.register(url, reseller, pick("PGI_PARTNER_TOKEN"));
  return reseller;
}

/** Asks the mock for the status change; the delivery it started, or a one-line error. */
async function fire(control: MockControl, merchant: string, body: object): Promise<Delivery> {
  const answer = await control.post(`/__mock/merchants/${encodeURIComponent(merchant)}/status`, body);
  const delivery = (answer.body as { delivery?: Delivery } | undefined)?.delivery;
  if (answer.status === 202 && delivery) return delivery;
  if (answer.status === 409 && /No webhook registered/.test(JSON.stringify(answer.body)))
    throw new MockControlError(`${detailOf(answer)}, or pass --to URL to register your endpoint`);
  if (answer.status === 404)
    throw new MockControlError(`${control.base} has no merchant status route: is it the partner host's URL?`);
  throw new MockControlError(`the mock refused the event: ${answer.status} ${detailOf(answer)}`);
}

/** Options the tests shorten. */
export interface TriggerTuning {
  intervalMs?: number;
  catalogue?: EventCatalogue;
}

/**
 * `pgi-mock trigger "EVENT" [options]`; resolves with the exit code.
 *
 * @example
 * process.exitCode = await trigger(["Website status update", "--to", "http://127.0.0.1:8080/hook"], processIo());
 */
export async function trigger(argv: string[], io: CliIo, tuning: TriggerTuning = {}): Promise<number> {
  const name = `${invokedAs(io.env)} trigger`;
  try {
    const { options, positionals } = splitPositionals(argv, OPTIONS);
    const values = parseOptions(options, OPTIONS);
    if (values.help) {
      io.stdout(`${triggerHelp(name)}\n`);
      return 0;
    }
    const catalogue = tuning.catalogue ?? readEventCatalogue();
    if (values.list) {
      io.stdout(formatCatalogue(catalogue, name));
      return 0;
    }
    const [event, ...extra] = positionals;
    if (extra.length > 0)
      throw new CliUsageError(
        `unexpected argument "${extra[0]}"; quote the event kind: ${name} "Website status update"`,
      );
    if (!event) throw new CliUsageError(`no event kind given; ${name} --list shows them`);
    const body = statusChange(event, values, catalogue);
    if (!isKnownEvent(catalogue, event))
      io.stderr(
        `${name}: note: "${event}" is not a kind the contract names (${name} --list); sent as given\n`,
      );
    if (!catalogue.statuses.includes(body.current_status))
      io.stderr(
        `${name}: note: status "${body.current_status}" is not one the contract names (${catalogue.statuses.join(", ")}); sent as given\n`,
      );
    const timeoutMs = followTimeoutMs(values.timeout);
    const control = new MockControl(mockUrlOf(values, io.env));
    const reseller =
      values.to !== undefined ? await registerTo(control, values.to as string, io.env) : undefined;
    const merchant = (values["merchant-uuid"] as string | undefined) ?? randomUUID();
    const delivery = await fire(control, merchant, {
      ...body,
      ...(reseller ? { reseller_uuid: reseller } : {}),
    });
    const p = delivery.payload;
    io.stdout(
      `${name}: "${event}" ${p.previous_status} -> ${p.current_status}, merchant ${merchant} (mid ${p.mid})\n`,
    );
    io.stdout(`delivery ${delivery.id} to ${delivery.url}\n`);
    return await followToExit(control, delivery, { values, timeoutMs, intervalMs: tuning.intervalMs }, io);
  } catch (error) {
    return failWith(io, name, error);
  }
}
