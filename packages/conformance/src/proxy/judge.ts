// Judges one recorded exchange: request checks, the suite's answer checks, signatures; callbacks by their own rules.
import { checkExchange } from "../checks.js";
import type { Host, SpecSet } from "../spec-set.js";
import { collectFinalFindings, webhookFindings } from "./callbacks.js";
import { bodyText, type ReceivedAnswer, type SentRequest } from "./forward.js";
import type { Route } from "./match.js";
import { parseRequestBody, type RequestValidators, requestFindings } from "./request-checks.js";
import {
  explainResponseSignature,
  type ProxyFinding,
  type ProxySecrets,
  requestSignature,
} from "./signatures.js";

/** One exchange that went through the proxy. */
export interface Recorded {
  host: Host;
  route: Route;
  startedAt: Date;
  durationMs: number;
  request: SentRequest;
  answer: ReceivedAnswer;
  /** True when --enforce answered the request itself instead of forwarding it. */
  refused?: boolean;
}

/** What the proxy concluded about an exchange. */
export interface Verdict {
  operationId: string;
  findings: ProxyFinding[];
}

/** What judging needs, prepared once per proxy. */
export interface JudgeContext {
  specs: SpecSet;
  validators: RequestValidators;
  secrets: ProxySecrets;
}

const tooLong = (what: string, size: number): ProxyFinding => ({
  check: what === "request" ? "request_valid" : "response_schema",
  ok: true,
  warning: true,
  message: `the ${what} body (${size} bytes) is longer than the capture limit and was forwarded unchecked`,
});

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
): ProxyFinding[] {
  if (!request.body.complete) return [tooLong("request", request.body.size)];
  const text = request.body.size ? request.body.bytes.toString("utf8") : undefined;
  const out: ProxyFinding[] = requestFindings(ctx.specs, ctx.validators, op, {
    url: request.url,
    headers: request.headers,
    ...(text !== undefined ? { body: text } : {}),
  });
  const type = (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (text !== undefined && (type.includes("json") || type === "application/x-www-form-urlencoded")) {
    let fields: unknown;
    try {
      fields = parseRequestBody(type, text);
    } catch {
      fields = undefined; // already reported by requestFindings
    }
    if (fields && typeof fields === "object" && !Array.isArray(fields))
      out.push(...requestSignature(ctx.specs, op, fields as Record<string, unknown>, ctx.secrets));
  }
  return out;
}

/**
 * Every finding of one exchange. `requestChecked` carries request findings already computed (enforce mode).
 *
 * @example
 * const { operationId, findings } = judge(ctx, recorded);
 */
export function judge(ctx: JudgeContext, rec: Recorded, requestChecked?: ProxyFinding[]): Verdict {
  const { route, request, answer } = rec;
  const requestText = request.body.complete ? request.body.bytes.toString("utf8") : undefined;
  if (route.kind === "relay") {
    const operationId =
      route.callback === "collectFinalResponse" ? "receiveCollectFinalResponse" : "merchantStatusUpdate";
    if (requestText === undefined) return { operationId, findings: [tooLong("request", request.body.size)] };
    const findings =
      route.callback === "collectFinalResponse"
        ? collectFinalFindings(ctx.specs, requestText, ctx.secrets)
        : webhookFindings(ctx.specs, requestText, request.headers.authorization, ctx.secrets);
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
  if (rec.refused) return { operationId: op.operationId, findings };
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
    return { operationId: op.operationId, findings: [...findings, tooLong("answer", answer.body.size)] };
  const responseBody = bodyText(answer.body, answer.headers["content-encoding"]);
  const exchange = {
    request: {
      method: request.method,
      url: request.url,
      headers: request.headers,
      ...(requestText !== undefined ? { body: requestText } : {}),
    },
    response: { status: answer.status, headers: answer.headers, body: responseBody },
  };
  const checked = checkExchange(ctx.specs, op, exchange, {
    ...(ctx.secrets.salt ? { salt: ctx.secrets.salt } : {}),
    ...(ctx.secrets.walletSecret ? { walletSecret: ctx.secrets.walletSecret } : {}),
  });
  findings.push(
    ...explainResponseSignature(
      op,
      checked,
      {
        ...(requestText !== undefined ? { requestBody: requestText } : {}),
        responseBody,
      },
      ctx.secrets,
    ),
  );
  return { operationId: op.operationId, findings };
}
