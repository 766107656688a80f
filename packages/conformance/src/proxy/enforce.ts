// --enforce: the request is read and checked before it leaves; a break gets the documented refusal, a huge body a 413.
import type { IncomingMessage } from "node:http";
import type { Finding } from "../model/finding.js";
import { deref, type Operation, type SpecSet } from "../spec/spec-set.js";
import { headerRecord, type SentRequest } from "./forward.js";
import { type JudgeContext, judgeRequest } from "./judge.js";

/** An answer the proxy writes itself. */
export interface OwnAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The refusal status of an operation: its documented 400, else 422, else its first documented 4xx. */
function refusalStatus(op: Operation): string | undefined {
  const statuses = [...op.responses.keys()];
  return ["400", "422"].find((s) => statuses.includes(s)) ?? statuses.find((s) => /^4\d\d$/.test(s));
}

const headerSafe = (text: string) => text.replace(/[^\x20-\x7e]/g, "?").slice(0, 300);

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
 * The answer to a request body above the proxy's limit (enforce mode only; by default every body is forwarded).
 *
 * @example
 * tooLarge(1_048_576).status; // 413
 */
export function tooLarge(limit: number): OwnAnswer {
  return {
    status: 413,
    headers: { "content-type": "application/problem+json" },
    body: JSON.stringify({
      type: "https://pgi.dev/proxy/problems/413",
      title: "Request body too large",
      status: 413,
      detail: `the body is larger than the proxy's limit of ${limit} bytes (--enforce); without --enforce it is forwarded unchecked`,
    }),
  };
}

/** Reads a request body up to `limit` bytes; resolves undefined when it is longer (the rest is drained). */
export function readLimited(
  req: import("node:http").IncomingMessage,
  limit: number,
): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers["content-length"] ?? 0) > limit) {
      req.resume();
      resolve(undefined);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) over = true;
      else chunks.push(chunk);
    });
    req.on("end", () => resolve(over ? undefined : Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** The outcome of {@link gate}: forward the body read, or answer the refusal. */
export type GateResult =
  | { pass: true; body: Buffer; findings: Finding[] }
  | { pass: false; answer: OwnAnswer; request: SentRequest; findings: Finding[] };

/**
 * Reads the whole request (up to `bodyLimit`) and checks it before anything is forwarded: a body over the limit
 * gets a 413, a request that breaks the contract the operation's documented refusal.
 *
 * @example
 * const g = await gate(ctx, op, req, upstream, 1024 * 1024);
 * if (!g.pass) res.writeHead(g.answer.status, g.answer.headers).end(g.answer.body);
 */
export async function gate(
  ctx: JudgeContext,
  op: Operation,
  req: IncomingMessage,
  upstream: URL,
  bodyLimit: number,
): Promise<GateResult> {
  const body = await readLimited(req, bodyLimit);
  const request: SentRequest = {
    method: req.method ?? "GET",
    url: upstream.toString(),
    headers: headerRecord(req.headers),
    body: { bytes: body ?? Buffer.alloc(0), size: body?.length ?? 0, complete: true },
  };
  if (!body) {
    const declared = req.headers["content-length"] ?? `more than ${bodyLimit}`;
    const finding: Finding = {
      check: "request_valid",
      ok: false,
      pointer: "request body",
      expected: `at most ${bodyLimit} bytes (--enforce)`,
      actual: `${declared} bytes`,
    };
    return { pass: false, answer: tooLarge(bodyLimit), request, findings: [finding] };
  }
  const findings = judgeRequest(ctx, op, request);
  const broken = findings.find((f) => !f.ok && !f.warning);
  if (!broken) return { pass: true, body, findings };
  const violation = `${broken.check}${broken.pointer ? ` at ${broken.pointer}` : ""}`;
  return { pass: false, answer: refusal(ctx.specs, op, violation), request, findings };
}
