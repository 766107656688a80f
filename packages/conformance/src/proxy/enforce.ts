// --enforce: the request is read and checked before it leaves; a break gets the documented refusal, a huge body a 413.
import type { Finding } from "../model/finding.js";
import { deref, type Operation, type SpecSet } from "../spec/spec-set.js";
import type { SentRequest } from "./forward.js";
import { type JudgeContext, judgeRequest } from "./judge.js";
import { headerSafe, type OwnAnswer, problem } from "./own-answers.js";

/** The refusal status of an operation: its documented 400, else 422, else its first documented 4xx. */
function refusalStatus(op: Operation): string | undefined {
  const statuses = [...op.responses.keys()];
  return ["400", "422"].find((s) => statuses.includes(s)) ?? statuses.find((s) => /^4\d\d$/.test(s));
}

/**
 * The operation's documented refusal (status, media type and the spec's first example of it), with the first
 * violation in an `x-pgi-proxy-violation` header. Prepared from the spec, so the answer is what the host documents.
 *
 * @example
 * const answer = refusal(specs, op, "request body /amount: pattern");
 * res.writeHead(answer.status, answer.headers).end(answer.body);
 */
export function refusal(specs: SpecSet, op: Operation, violation: string): OwnAnswer {
  const status = refusalStatus(op) ?? "400";
  const doc = specs.docs.get(op.host);
  const documented = deref(doc, (op.raw.responses as Record<string, unknown> | undefined)?.[status]) as {
    content?: Record<string, { example?: unknown; examples?: Record<string, unknown> }>;
  };
  const [type, media] = Object.entries(documented?.content ?? {})[0] ?? [];
  const named = Object.values(media?.examples ?? {})[0];
  const example = media?.example ?? (named ? (deref(doc, named) as { value?: unknown }).value : undefined);
  const headers: Record<string, string> = { "x-pgi-proxy-violation": headerSafe(violation) };
  if (type === undefined || example === undefined) {
    const body = JSON.stringify({
      type: "https://pgi.dev/proxy/problems/contract",
      title: "The request breaks the contract",
      status: Number(status),
      detail: violation,
    });
    return {
      status: Number(status),
      headers: { ...headers, "content-type": "application/problem+json" },
      body,
    };
  }
  const body = typeof example === "string" ? example : JSON.stringify(example);
  return { status: Number(status), headers: { ...headers, "content-type": type }, body };
}

/**
 * The answer to a request body above the proxy's limit (enforce mode only; by default every body is forwarded),
 * and its finding. The connection is closed: the rest of the body is not read.
 *
 * @example
 * tooLarge(1_048_576, "2000000").answer.status; // 413
 */
export function tooLarge(
  limit: number,
  declared: string | undefined,
): { answer: OwnAnswer; finding: Finding } {
  return {
    answer: problem(
      413,
      "Request body too large",
      `the body is larger than the proxy's limit of ${limit} bytes (--enforce); without --enforce it is forwarded unchecked`,
      { close: true },
    ),
    finding: {
      check: "request_valid",
      ok: false,
      pointer: "request body",
      expected: `at most ${limit} bytes (--enforce)`,
      actual: `${declared ?? `more than ${limit}`} bytes`,
    },
  };
}

/** The outcome of {@link gate}: forward the request, or answer the refusal. */
export type GateResult =
  | { pass: true; findings: Finding[] }
  | { pass: false; answer: OwnAnswer; findings: Finding[] };

/**
 * Checks a request read whole before anything is forwarded: one that breaks the contract gets the operation's
 * documented refusal.
 *
 * @example
 * const g = gate(ctx, op, request);
 * if (!g.pass) writeOwn(res, g.answer);
 */
export function gate(ctx: JudgeContext, op: Operation, request: SentRequest): GateResult {
  const findings = judgeRequest(ctx, op, request);
  const broken = findings.find((f) => !f.ok && !f.warning);
  if (!broken) return { pass: true, findings };
  const violation = `${broken.check}${broken.pointer ? ` at ${broken.pointer}` : ""}`;
  return { pass: false, answer: refusal(ctx.specs, op, violation), findings };
}
