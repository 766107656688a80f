// A small client of a running mock's partner port for the CLI's trigger and resend: its control routes
// (/__mock/...) and webhook registration, with every failure turned into one line that says what to do.
import type { Delivery } from "../state/work-types.js";
import { MockCliError } from "./io.js";

/** The mock could not be reached, or answered something the command cannot go on from (exit 2). */
export class MockControlError extends MockCliError {
  override readonly name = "MockControlError";
}

/** What a control call answered: its status and parsed JSON body (undefined when it was not JSON). */
export interface ControlAnswer {
  status: number;
  body: unknown;
}

/** The problem detail (or error message) of an answer, for one-line errors. */
export function detailOf(answer: ControlAnswer): string {
  const b = answer.body as { detail?: unknown; message?: unknown; title?: unknown } | undefined;
  const text = b?.detail ?? b?.message ?? b?.title;
  return typeof text === "string" ? text : `HTTP ${answer.status}`;
}

/** A running mock's partner port, e.g. `new MockControl("http://127.0.0.1:4013")`. */
export class MockControl {
  readonly base: string;

  constructor(
    base: string,
    private readonly fetchImpl: typeof globalThis.fetch = globalThis.fetch,
  ) {
    this.base = base.replace(/\/+$/, "");
  }

  /** Sends one request; throws MockControlError when nothing answers within 10 s. */
  async call(method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}) {
    let res: Response;
    try {
      res = await this.fetchImpl(`${this.base}${path}`, {
        method,
        headers: init.headers,
        body: init.body,
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
      throw new MockControlError(
        `no mock answers at ${this.base} (${cause}); start one with pgi-mock, or name it with --mock URL (the partner host's URL, PGI_PARTNER_URL)`,
      );
    }
    const text = await res.text();
    let body: unknown;
    try {
      body = text === "" ? undefined : JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: res.status, body } satisfies ControlAnswer;
  }

  /** POSTs a JSON control body. */
  post(path: string, body: unknown): Promise<ControlAnswer> {
    return this.call("POST", path, {
      body: JSON.stringify(body),
      headers: { "content-type": "application/json" },
    });
  }

  /** Fails unless `path` is a control route of this port (the partner host serves the webhook routes). */
  private notPartner(answer: ControlAnswer, what: string): MockControlError {
    return new MockControlError(
      answer.status === 404 && detailOf(answer).startsWith("Unknown control route")
        ? `${this.base} has no ${what}: is it the partner host's URL (PGI_PARTNER_URL)?`
        : `${what}: ${answer.status} ${detailOf(answer)}`,
    );
  }

  /** The mock's published credentials and URLs, by configuration name (secrets it was given are masked). */
  async credentials(): Promise<Record<string, string>> {
    const answer = await this.call("GET", "/__mock/credentials");
    if (answer.status !== 200 || typeof answer.body !== "object")
      throw this.notPartner(answer, "GET /__mock/credentials");
    return answer.body as Record<string, string>;
  }

  /** The delivery log. */
  async deliveries(): Promise<Delivery[]> {
    const answer = await this.call("GET", "/__mock/deliveries");
    const list = (answer.body as { deliveries?: Delivery[] } | undefined)?.deliveries;
    if (answer.status !== 200 || !Array.isArray(list))
      throw this.notPartner(answer, "GET /__mock/deliveries");
    return list;
  }

  /** The mock's clock, in ms. */
  async now(): Promise<number> {
    const answer = await this.call("GET", "/__mock/clock");
    const at = Date.parse(String((answer.body as { now?: string } | undefined)?.now));
    if (answer.status !== 200 || Number.isNaN(at)) throw this.notPartner(answer, "GET /__mock/clock");
    return at;
  }

  /** Registers `webhookUrl` for `reseller` with the partner token (the documented operation, not a control route). */
  async register(webhookUrl: string, reseller: string, token: string): Promise<void> {
    const answer = await this.call("POST", "/api/v1/partners/register_webhook", {
      body: new URLSearchParams({ webhook_url: webhookUrl, reseller_uuid: reseller }).toString(),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Bearer ${token}`,
      },
    });
    if (answer.status === 200) return;
    if (answer.status === 401)
      throw new MockControlError(
        "register_webhook: the mock refused the partner token (401); set PGI_PARTNER_TOKEN to the token the mock was started with",
      );
    throw new MockControlError(`register_webhook ${webhookUrl}: ${answer.status} ${detailOf(answer)}`);
  }
}
