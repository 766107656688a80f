// What a check is: an id and a description, and for the checks run on every exchange, the stage they run at and the
// function that runs them. Every file in src/checks/ exports one `check` of these kinds.
import type { Exchange, Finding } from "../model/finding.js";
import type { Credentials } from "../model/target.js";
import type { Operation, ResponseSpec, SpecSet } from "../spec/spec-set.js";

/** What every check declares: its id (as reports print it) and what it checks, in a reader's words. */
export interface CheckDefinition<Id extends string = string> {
  readonly id: Id;
  readonly description: string;
}

/** The findings of a check; `stop` ends the exchange's checks there (nothing later can be judged). */
export type CheckOutcome = Finding[] | { findings: Finding[]; stop: true };

/** The body of an answer, parsed by its media type once for every check that needs it. */
export type ParsedBody = { ok: true; value: unknown } | { ok: false; error: string };

/** What a response check sees. */
export interface ResponseContext {
  specs: SpecSet;
  op: Operation;
  ex: Exchange;
  credentials: Credentials;
  /** The documented response the status falls under (exact, nXX or default), if any. */
  documented: ResponseSpec | undefined;
  /** The answer's media type, lower-cased, without parameters ("" when absent). */
  mediaType: string;
  /** The answer's body parsed as its media type (memoised). */
  parsed(): ParsedBody;
}

/** A check run on every answer, in the order of `stage`. */
export interface ResponseCheck<Id extends string = string> extends CheckDefinition<Id> {
  readonly kind: "response";
  readonly stage: number;
  run(ctx: ResponseContext): CheckOutcome;
}

/** A request as received or recorded, and the validators prepared once for it. */
export interface RequestContext {
  specs: SpecSet;
  op: Operation;
  request: { url: string; headers: Record<string, string>; body?: string };
  credentials: Credentials;
}

/** A check run on every request the proxy sees and every request of a recorded HAR, in the order of `stage`. */
export interface RequestCheck<Id extends string = string> extends CheckDefinition<Id> {
  readonly kind: "request";
  readonly stage: number;
  run(ctx: RequestContext): Finding[];
}

/** A check whose verdict a case, a flow or a relayed callback gives (positive success, refusals, webhooks). */
export interface VerdictCheck<Id extends string = string> extends CheckDefinition<Id> {
  readonly kind: "verdict";
}

/** Any check of the registry. */
export type Check = ResponseCheck | RequestCheck | VerdictCheck;
