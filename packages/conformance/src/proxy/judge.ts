// Judges one recorded exchange: request checks, the suite's answer checks, signatures; callbacks by their own rules.
import { checkExchange } from "../checking/check-exchange.js";
import { checkRequest } from "../checking/check-request.js";
import { responseSignatureFindings } from "../checks/response-signature.js";
import type { Finding } from "../model/finding.js";
import type { Credentials, Host } from "../model/target.js";
import type { SpecSet } from "../spec/spec-set.js";
import { collectFinalFindings, webhookFindings } from "./callbacks.js";
import type { Captured, ReceivedAnswer, SentRequest } from "./forward.js";
import type { Route } from "./match.js";

/** One exchange that went through the proxy. */
export interface Recorded {
  host: Host;
  route: Route;
  startedAt: Date;
  durationMs: number;
  request: SentRequest;
  answer: ReceivedAnswer;
  /**
   * Set when the proxy answered the request itself instead of forwarding it (or stopped forwarding it): why, in a
   * few words ("--enforce", "ambiguous framing", "request timeout", "upstream busy", "unparsable request").
   */
  refused?: string;
}

/** What the proxy concluded about an exchange. */
export interface Verdict {
  operationId: string;
  findings: Finding[];
}

/** What judging needs: the specs and the credentials whose secrets recompute hashes and signatures. */
export interface JudgeContext {
  specs: SpecSet;
  credentials: Credentials;
}

const tooLong = (what: string, body: Captured): Finding => ({
  check: what === "request" ? "request_valid" : "response_schema",
  ok: true,
  warning: true,
  message:
    body.note ??
    `the ${what} body (${body.size} bytes) is longer than the capture limit and was forwarded unchecked`,
});

/**
 * The operation an exchange is reported under: the matched operation, the relayed callback, or `unmatched`.
 *
 * @example
 * operationIdOf(route(specs, "gateway", "POST", "/_payment")); // "initiateHostedCheckoutPayment"
 */
export function operationIdOf(route: Route): string {
  if (route.kind === "operation") return route.op.operationId;
  if (route.kind === "relay")
    return route.callback === "collectFinalResponse" ? "receiveCollectFinalResponse" : "merchantStatusUpdate";
  return route.kind === "control" ? "mockControl" : "unmatched";
}

/**
 * The request checks of an operation's exchange: parameters, credentials, body schema, and its hash or checksum.
 *
 * @example
 * const findings = judgeRequest(ctx, op, recorded.request);
 */
export function judgeRequest(
  ctx: JudgeContext,
  op: Extract<Route, { kind: "operation" }>["op"],
  request: SentRequest,
): Finding[] {
  if (!request.body.complete) return [tooLong("request", request.body)];
  const text = request.body.size ? request.body.bytes.toString("utf8") : undefined;
  return checkRequest(
    ctx.specs,
    op,
    { url: request.url, headers: request.headers, ...(text !== undefined ? { body: text } : {}) },
    ctx.credentials,
  );
}

/** The response_signature finding of checkExchange(), replaced by one that carries the diagnosis on a mismatch. */
function explained(
  ctx: JudgeContext,
  op: Extract<Route, { kind: "operation" }>["op"],
  findings: Finding[],
  requestText: string | undefined,
  responseBody: string,
): Finding[] {
  const failed = findings.find((f) => f.check === "response_signature" && !f.ok);
  if (!failed) return findings;
  let value: unknown;
  try {
    value = JSON.parse(responseBody);
  } catch {
    return findings;
  }
  const detail = responseSignatureFindings(op.host, value, requestText, ctx.credentials, {
    explain: true,
  })[0];
  return findings.map((f) => (f === failed && detail?.message ? { ...f, message: detail.message } : f));
}

/**
 * Every finding of one exchange. `requestChecked` carries request findings already computed (enforce mode); for an
 * exchange the proxy refused, they are its findings.
 *
 * @example
 * const { operationId, findings } = judge(ctx, recorded);
 */
export function judge(ctx: JudgeContext, rec: Recorded, requestChecked?: Finding[]): Verdict {
  const { route, request, answer } = rec;
  if (rec.refused) return { operationId: operationIdOf(route), findings: requestChecked ?? [] };
  const requestText = request.body.complete ? request.body.bytes.toString("utf8") : undefined;
  if (route.kind === "relay") {
    const operationId = operationIdOf(route);
    if (requestText === undefined) return { operationId, findings: [tooLong("request", request.body)] };
    const findings =
      route.callback === "collectFinalResponse"
        ? collectFinalFindings(ctx.specs, requestText, ctx.credentials)
        : webhookFindings(ctx.specs, requestText, request.headers.authorization, ctx.credentials);
    return { operationId, findings };
  }
  if (route.kind !== "operation") {
    const path = new URL(request.url).pathname;
    return {
      operationId: "unmatched",
      findings: [
        {
          check: "request_valid",
          ok: false,
          pointer: "method and path",
          expected: `a documented operation of ${rec.host}`,
          actual: `${request.method} ${path}`,
        },
      ],
    };
  }
  const op = route.op;
  const findings = requestChecked ?? judgeRequest(ctx, op, request);
  if (answer.transportError !== undefined) {
    findings.push({
      check: "not_a_server_error",
      ok: false,
      expected: "an answer from the host",
      actual: `${answer.status} (${answer.transportError})`,
    });
    return { operationId: op.operationId, findings };
  }
  if (!answer.body.complete)
    return { operationId: op.operationId, findings: [...findings, tooLong("answer", answer.body)] };
  // Decoded already when the answer had a content coding (decodeCaptured).
  const responseBody = answer.body.bytes.toString("utf8");
  const exchange = {
    request: {
      method: request.method,
      url: request.url,
      headers: request.headers,
      ...(requestText !== undefined ? { body: requestText } : {}),
    },
    response: { status: answer.status, headers: answer.headers, body: responseBody },
  };
  const checked = checkExchange(ctx.specs, op, exchange, ctx.credentials);
  findings.push(...explained(ctx, op, checked, requestText, responseBody));
  return { operationId: op.operationId, findings };
}
