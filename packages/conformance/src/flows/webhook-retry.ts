// Merchant status webhook: registered, triggered, received signed and valid, answered 500, and delivered again.

import { webhookPayloadFindings } from "../checks/webhook-payload.js";
import { webhookSignatureFinding } from "../checks/webhook-signature.js";
import { recipeSecret } from "../config/configuration.js";
import type { FlowDefinition } from "../suite/flow-types.js";

export const flow: FlowDefinition = {
  name: "merchant status webhook: receive, verify, answer 500, receive the retry",
  order: 50,
  hosts: ["partner"],
  needsControl: true,
  async run(c) {
    const rx = await c.receiver([500, 200]);
    try {
      const reg = await c.step("registerWebhook", {
        body: {
          webhook_url: `https://127.0.0.1:${rx.port}/pgi/webhook`,
          reseller_uuid: c.target.credentials.resellerUuid,
        },
      });
      c.expect(reg.status === 200, "registration succeeds", "200", reg.status);
      await c.control("partner", "merchants/conformance-merchant/status", {
        event_name: "Bank verification status update",
        current_status: "Approved",
      });
      const first = await c.until(() => rx.got[0], c.retryWaitMs);
      c.expect(first !== undefined, "a webhook arrives", "one delivery", "none");
      if (!first) return;
      const secret = recipeSecret(c.target.credentials, "partner", "signing-secret") ?? "";
      c.record(webhookSignatureFinding(first.body, first.headers.authorization, secret));
      for (const f of webhookPayloadFindings(c.specs, first.body)) c.record(f);
      const retry = await c.until(() => rx.got[1], 10_000);
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
  },
};
