// What a flow is (src/flows/: one file each) and what its body can do; the runner (flow-runner.ts) provides it.
import type { Finding } from "../model/finding.js";
import type { Host, Target } from "../model/target.js";
import type { BuildOptions } from "../requests/build-request.js";
import type { SpecSet } from "../spec/spec-set.js";
import type { LocalReceiver } from "./local-receiver.js";

export type Json = Record<string, unknown>;

/** What a flow's body can do. */
export interface FlowCtx {
  /** Sends an operation (checked by every response check) and returns its status, parsed body and sent fields. */
  step(operationId: string, build: BuildOptions): Promise<{ status: number; body: unknown; fields: Json }>;
  /** Records one expectation as a `flow` finding. */
  expect(ok: boolean, message: string, expected?: string, actual?: unknown): void;
  /** The mock's control API on `host` (an empty object when it refuses). */
  control(host: Host, path: string, body?: unknown): Promise<Json>;
  /** A copy of an operation's request example, by index. */
  example(operationId: string, index?: number): Json;
  /** A copy of an operation's request example, by name. */
  namedExample(operationId: string, name: string): Json | undefined;
  /** Records a finding of another check (webhook_signature, response_signature, ...). */
  record(f: Finding): void;
  /** Starts a local HTTP receiver on 127.0.0.1 that answers with `answers` in turn (then 200). */
  receiver(answers: number[]): Promise<LocalReceiver>;
  /** Polls `probe` until it gives a value or `ms` pass. */
  until<T>(probe: () => T | undefined, ms: number): Promise<T | undefined>;
  readonly target: Target;
  readonly specs: SpecSet;
  /** How long to wait for a webhook or callback (real ms). */
  readonly retryWaitMs: number;
}

/** One flow: its name (as reports print it), its place in the run, the hosts it touches, and its body. */
export interface FlowDefinition {
  readonly name: string;
  /** Flows run in ascending order. */
  readonly order: number;
  readonly hosts: readonly Host[];
  /** True when it needs the mock's control API (it is skipped against other targets). */
  readonly needsControl: boolean;
  run(c: FlowCtx): Promise<void>;
}
