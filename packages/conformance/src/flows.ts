// Flows across operations: OTP, token fallback, mandates, smart send, webhooks with retry, UPI Collect, BNPL.
import { verify, webhookSignature } from "@pgi/signing";
import { checkExchange, checkSecrets, type Finding } from "./checks.js";
import { curlLine } from "./exchange.js";
import {
  FLOWS,
  type FlowCtx,
  type FlowOptions,
  findRule,
  type Json,
  receiver,
  until,
} from "./flow-support.js";
import { exampleOf, mockControl, sendOperation } from "./operation-calls.js";
import { requestBody, type Target } from "./request-builder.js";
import type { CaseResult } from "./runner.js";
import type { Host, SpecSet } from "./spec-set.js";

export { FLOWS, flowsFor, type Observation } from "./flow-support.js";

/** Runs every flow; flows needing the mock's control API are skipped against other targets. */
export async function runFlows(specs: SpecSet, target: Target, options: FlowOptions): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  const secrets = checkSecrets(target.creds);
  // A refused control call reads as an empty answer: the flow's expectations then say what is missing.
  const control = async (host: Host, path: string, body?: unknown): Promise<Json> =>
    (await mockControl(target, host, path, body, options.fetch)) ?? {};

  const push = (r: CaseResult) => {
    results.push(r);
    options.onResult?.(r);
  };
  const flow = async (name: string, body: (ctx: FlowCtx) => Promise<void>) => {
    const def = FLOWS.find((f) => f.name === name);
    if (!def) throw new Error(`flow ${name} is not listed in FLOWS`);
    if (!def.hosts.every((h) => options.selected.has(h))) return;
    const skip = (skipped: string) => push({ host: "flows", operation: name, name, findings: [], skipped });
    const blocked = def.hosts.filter((h) => options.skippedHosts.has(h));
    if (blocked.length) return skip(`${name}: ${blocked.join(", ")} not configured`);
    if (def.needsControl && !def.hosts.every((h) => options.controls.has(h)))
      return skip(`${name}: needs the mock's control API (run against the mock)`);
    const t0 = performance.now();
    const findings: Finding[] = [];
    let lastCurl: string | undefined;
    const ctx: FlowCtx = {
      step: async (operationId, build) => {
        const { op, req, ex, body } = await sendOperation(specs, target, operationId, build, options.fetch);
        lastCurl = curlLine(req, target);
        options.observe?.({ operationId, status: ex.response.status, flow: name });
        findings.push(...checkExchange(specs, op, ex, secrets));
        return { status: ex.response.status, body, fields: req.fields ?? {} };
      },
      expect: (ok, message, expected, actual) =>
        findings.push(
          ok
            ? { check: "flow", ok: true }
            : { check: "flow", ok: false, message, expected, actual: String(actual) },
        ),
      control,
      example: (operationId, index) => exampleOf(specs, operationId, index),
      record: (f) => findings.push(f),
    };
    try {
      await body(ctx);
    } catch (error) {
      findings.push({ check: "flow", ok: false, message: `the flow stopped: ${(error as Error).message}` });
    }
    push({
      host: "flows",
      operation: name,
      name,
      findings,
      durationMs: performance.now() - t0,
      ...(lastCurl ? { curl: lastCurl } : {}),
    });
  };

  await flow("OTP send → verify", async (c) => {
    const sent = await c.step("sendOtp", { body: c.example("sendOtp") });
    c.expect(sent.status === 200, "send answers 200", "200", sent.status);
    const otps = (await c.control("otp", "otps")).otps as { uuid?: string; otp: string }[];
    const code = otps.find((o) => o.uuid === sent.body)?.otp;
    c.expect(code !== undefined, "the mock lists the sent code", "a code for the uuid", "none");
    const verified = await c.step("verifyOtp", { body: { uuid: sent.body, otp: Number(code) } });
    c.expect(verified.status === 200, "verify with the sent code answers 200", "200", verified.status);
    const again = await c.step("verifyOtp", { body: { uuid: sent.body, otp: Number(code) } });
    c.expect(again.status === 400, "a used code is refused", "400", again.status);
  });

  await flow("token validation with send-on-failure", async (c) => {
    const dto = c.example("sendOtp");
    const res = await c.step("validateToken", {
      body: { token: "not-a-token", sendOtpOnFailureEnabled: true, sendOtpRequestDTO: dto },
    });
    c.expect(res.status === 200, "an invalid token with the fallback sends an OTP", "200", res.status);
    const otps = (await c.control("otp", "otps")).otps as { uuid?: string }[];
    c.expect(
      otps.some((o) => o.uuid === res.body),
      "the answer is the uuid of the OTP sent",
      "a listed uuid",
      res.body,
    );
  });

  await flow("mandate authorization → registered rule", async (c) => {
    const res = await c.step("authorizeMandateTransaction", {
      body: c.example("authorizeMandateTransaction"),
    });
    const op = specs.operations.find((o) => o.operationId === "authorizeMandateTransaction");
    const rule = (op?.raw.responses as Json | undefined) && findRule(specs, "gateway", "mandate-registered");
    const result = (res.body as Json)?.result as Json | undefined;
    for (const cond of (rule?.all as { field: string; equals?: string; nonEmpty?: boolean }[] | undefined) ??
      []) {
      const value = cond.field.split(".").reduce<unknown>((v, k) => (v as Json | undefined)?.[k], res.body);
      const ok =
        cond.equals !== undefined ? value === cond.equals : typeof value === "string" && value !== "";
      c.expect(ok, `registered rule: ${cond.field}`, cond.equals ?? "non-empty", value);
    }
    c.expect(
      rule !== undefined && result !== undefined,
      "the spec carries the mandate-registered rule and the answer a result",
      "both",
      `${rule !== undefined}/${result !== undefined}`,
    );
  });

  await flow("smart send create → details → status → extend → cancel → status", async (c) => {
    const ref = `CONF${Date.now() % 1_000_000_000}`;
    const expiry = new Date(Date.now() + 7 * 86_400_000).toISOString().replace("Z", "+0000");
    const created = await c.step("createSmartSendLink", {
      body: { ...c.example("createSmartSendLink"), merchantRefId: ref, expiryDate: expiry },
    });
    const linkId = ((created.body as Json)?.data as Json | undefined)?.linkId as string | undefined;
    c.expect(typeof linkId === "string", "create returns a linkId", "a string", linkId);
    if (typeof linkId !== "string") return; // nothing to follow: the create step's findings say why
    const details = await c.step("getSmartSendDetails", { query: { merchantRefId: ref } });
    c.expect(
      ((details.body as Json)?.data as Json | undefined)?.merchantRefId === ref,
      "details finds the link",
      ref,
      ((details.body as Json)?.data as Json | undefined)?.merchantRefId,
    );
    await c.step("getSmartSendStatus", { query: { linkId } });
    const later = new Date(Date.now() + 14 * 86_400_000).toISOString().replace("Z", "+0000");
    const extended = await c.step("extendSmartSendExpiry", {
      pathParams: { id: linkId },
      body: { expiryDate: later },
    });
    c.expect(
      (extended.body as Json)?.status === 0,
      "extend succeeds",
      "status 0",
      (extended.body as Json)?.status,
    );
    const cancelled = await c.step("cancelSmartSendLink", { query: { merchantRefId: ref } });
    c.expect(
      (cancelled.body as Json)?.status === 0,
      "cancel succeeds",
      "status 0",
      (cancelled.body as Json)?.status,
    );
    const twice = await c.step("cancelSmartSendLink", { query: { merchantRefId: ref } });
    c.expect(
      (twice.body as Json)?.code === 1122,
      "a second cancel reports 1122",
      "1122",
      (twice.body as Json)?.code,
    );
    const status = await c.step("getSmartSendStatus", { query: { linkId } });
    c.expect(
      (status.body as Json)?.code === 1122,
      "status reports the cancelled link",
      "1122",
      (status.body as Json)?.code,
    );
  });

  await flow("merchant status webhook: receive, verify, answer 500, receive the retry", async (c) => {
    const rx = await receiver([500, 200]);
    try {
      const reg = await c.step("registerWebhook", {
        body: {
          webhook_url: `https://127.0.0.1:${rx.port}/pgi/webhook`,
          reseller_uuid: target.creds.PGI_RESELLER_UUID,
        },
      });
      c.expect(reg.status === 200, "registration succeeds", "200", reg.status);
      await c.control("partner", "merchants/conformance-merchant/status", {
        event_name: "Bank verification status update",
        current_status: "Approved",
      });
      const first = await until(() => (rx.got.length >= 1 ? rx.got[0] : undefined), options.retryWaitMs);
      c.expect(first !== undefined, "a webhook arrives", "one delivery", "none");
      if (!first) return;
      const signature = first.headers.authorization;
      const ok = webhookSignature.verify(first.body, signature, target.creds.PGI_WEBHOOK_SECRET ?? "");
      c.record(
        ok
          ? { check: "webhook_signature", ok: true }
          : {
              check: "webhook_signature",
              ok: false,
              pointer: "header Authorization",
              message: "the delivery's signature does not verify; check PGI_WEBHOOK_SECRET",
              expected: "HMAC-SHA256 over the canonical body",
              actual: String(signature),
            },
      );
      const payload = JSON.parse(first.body);
      const valid = specs.webhookPayload(payload);
      c.record(
        valid
          ? { check: "webhook_payload", ok: true }
          : {
              check: "webhook_payload",
              ok: false,
              pointer: specs.webhookPayload.errors?.[0]?.instancePath || "/",
              actual: specs.webhookPayload.errors?.[0]?.message ?? "",
            },
      );
      const retry = await until(() => (rx.got.length >= 2 ? rx.got[1] : undefined), 10_000);
      c.record(
        retry
          ? { check: "webhook_retry", ok: true }
          : {
              check: "webhook_retry",
              ok: false,
              expected: "a second delivery after the 500",
              actual: "none within 10 s",
            },
      );
      if (retry)
        c.expect(retry.body === first.body, "the retry carries the same body", "identical", "different");
    } finally {
      await rx.close();
    }
  });

  await flow("UPI Collect: final response posted to surl", async (c) => {
    const rx = await receiver([200]);
    try {
      const collect = requestBody(
        specs,
        specs.operations.find((o) => o.operationId === "initiateHostedCheckoutPayment")!,
      )?.examples.find(([n]) => n === "upiCollect")?.[1] as Json;
      const res = await c.step("initiateHostedCheckoutPayment", {
        body: { ...collect, surl: `http://127.0.0.1:${rx.port}/success` },
      });
      c.expect(
        JSON.stringify(res.body).includes("pending"),
        "the first answer is pending",
        "pending",
        JSON.stringify(res.body).slice(0, 80),
      );
      await c.control("gateway", "clock/advance", { seconds: 10 });
      const final = await until(() => rx.got[0], options.retryWaitMs);
      c.expect(final !== undefined, "the final response reaches surl", "a POST", "none");
      if (!final) return;
      const fields = Object.fromEntries(new URLSearchParams(final.body));
      const ok = verify("payment-response", fields as never, fields.hash, target.creds.PGI_SALT ?? "");
      c.record(
        ok
          ? { check: "response_signature", ok: true }
          : { check: "response_signature", ok: false, pointer: "surl body hash", actual: "does not verify" },
      );
    } finally {
      await rx.close();
    }
  });

  await flow("BNPL link-and-pay scenarios", async (c) => {
    const bnpl = c.example("initiateHostedCheckoutPayment", 2);
    for (const [phone, expected] of [
      ["9876543210", "success"],
      ["9876543211", "E2401"],
      ["9876543212", "E308"],
    ] as const) {
      const res = await c.step("initiateHostedCheckoutPayment", {
        body: { ...bnpl, phone, txnid: `BNPL${phone}` },
      });
      c.expect(
        JSON.stringify(res.body).includes(expected),
        `phone ${phone}`,
        expected,
        JSON.stringify(res.body).slice(0, 100),
      );
    }
  });

  return results;
}
