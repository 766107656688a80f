// Prism itself, loaded on first use: the oracle for what the fast path does not cover, and the source of answers
// that no behaviour gives (its static examples, stored per operation, Accept and Prefer).
import { createRequire } from "node:module";
import type { OperationInfo } from "../core/spec-index.js";
import type { MockResponse } from "../types.js";
import { prepare } from "./answer.js";
import type { Preference } from "./prefer.js";

const require = createRequire(import.meta.url);

/** An error Prism answered instead of a response (it could not read or answer the request). */
export interface PrismError {
  status?: number;
  name?: string;
  detail?: string;
  message?: string;
  additional?: Record<string, unknown>;
}
/** Prism's result for one request: its answer and its verdict on the input. */
export interface PrismOutput {
  output: { statusCode: number; headers?: Record<string, string>; body?: unknown };
  validations: { input: { path?: string[]; code?: string | number; message: string; severity: number }[] };
}
export type PrismResult = { _tag: "Left"; left: PrismError } | { _tag: "Right"; right: PrismOutput };
interface PrismInstance {
  request(input: unknown, operations: unknown[], config: unknown): () => Promise<PrismResult>;
}

/** The request as Prism takes it: JSON bodies parsed, form bodies as the raw string. */
export interface PrismInput {
  method: string;
  url: { path: string; query: Record<string, string | string[]> };
  headers: Record<string, string>;
  body: unknown;
}

const BASE_CONFIG = {
  isProxy: false,
  mock: { dynamic: false },
  validateRequest: true,
  validateResponse: false,
  checkSecurity: false,
  errors: false,
  upstreamProxy: undefined,
};

let shared: PrismInstance | undefined;
/** One Prism instance serves every host: operations are passed per call. */
function prism(): PrismInstance {
  if (!shared) {
    const { createInstance } = require("@stoplight/prism-http") as {
      createInstance(config: unknown, components: unknown): PrismInstance;
    };
    const { createLogger } = require("@stoplight/prism-core") as {
      createLogger(n: string, o: unknown): unknown;
    };
    shared = createInstance(BASE_CONFIG, { logger: createLogger("pgi-mock", { level: "silent" }) });
  }
  return shared;
}

/**
 * Runs a request through Prism's full pipeline (validation and its mock answer).
 *
 * @example
 * const result = await askPrism(op, { method: "post", url: { path: "/otp/send", query: {} }, headers, body }, undefined);
 */
export function askPrism(
  op: OperationInfo,
  input: PrismInput,
  prefer: Preference | undefined,
): Promise<PrismResult> {
  const mock = {
    ...BASE_CONFIG.mock,
    ...(prefer?.code !== undefined ? { code: prefer.code } : {}),
    ...(prefer?.example !== undefined ? { exampleKey: prefer.example } : {}),
  };
  return prism().request(input, [op.prism], { ...BASE_CONFIG, mock })();
}

/** Prism's answer as a MockResponse (content-type moved to its own field). */
export function prismAnswer(output: PrismOutput["output"]): MockResponse {
  const headers: Record<string, string> = {};
  let contentType: string | undefined;
  for (const [k, v] of Object.entries(output.headers ?? {})) {
    if (k.toLowerCase() === "content-type") contentType = v;
    else headers[k] = v;
  }
  return { status: output.statusCode, headers, body: output.body, ...(contentType ? { contentType } : {}) };
}

const stored = new WeakMap<OperationInfo, Map<string, MockResponse>>();

/**
 * Prism's answer to a valid request, asked once per operation, Accept and Prefer and stored (static mode answers
 * only from the spec). Operations with callbacks always go to Prism, which sends them. A `Left` is not stored.
 *
 * @example
 * const answer = await storedPrismAnswer(op, input, undefined);
 */
export async function storedPrismAnswer(
  op: OperationInfo,
  input: PrismInput,
  prefer: Preference | undefined,
): Promise<PrismResult | MockResponse> {
  const key = `${input.headers.accept ?? ""}|${prefer?.code ?? ""}|${prefer?.example ?? ""}`;
  const known = stored.get(op)?.get(key);
  if (known) return known;
  const result = await askPrism(op, input, prefer);
  if (result._tag === "Left" || result.right.validations.input.some((v) => v.severity === 0)) return result;
  const answer = prismAnswer(result.right.output);
  if (!op.prism.callbacks) {
    prepare(answer);
    let byKey = stored.get(op);
    if (!byKey) {
      byKey = new Map();
      stored.set(op, byKey);
    }
    byKey.set(key, answer);
  }
  return answer;
}
