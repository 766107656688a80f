// UPI Collect: the first answer is pending; after the customer approves, the final response is posted to surl with a
// hash that verifies with the payment-response recipe.
import { responseSignatureFindings } from "../checks/response-signature.js";
import type { FlowDefinition } from "../suite/flow-types.js";

export const flow: FlowDefinition = {
  name: "UPI Collect: final response posted to surl",
  order: 60,
  hosts: ["gateway"],
  needsControl: true,
  async run(c) {
    const rx = await c.receiver([200]);
    try {
      const collect = c.namedExample("initiateHostedCheckoutPayment", "upiCollect") ?? {};
      const res = await c.step("initiateHostedCheckoutPayment", {
        body: { ...collect, surl: `http://127.0.0.1:${rx.port}/success` },
      });
      const text = JSON.stringify(res.body);
      c.expect(text.includes("pending"), "the first answer is pending", "pending", text.slice(0, 80));
      await c.control("gateway", "clock/advance", { seconds: 10 });
      const final = await c.until(() => rx.got[0], c.retryWaitMs);
      c.expect(final !== undefined, "the final response reaches surl", "a POST", "none");
      if (!final) return;
      const fields = Object.fromEntries(new URLSearchParams(final.body));
      const checked = responseSignatureFindings("gateway", fields, undefined, c.target.credentials);
      c.record(
        checked.length === 0
          ? {
              check: "response_signature",
              ok: false,
              pointer: "surl body hash",
              actual: "absent or not checked",
            }
          : checked[0]?.ok
            ? { check: "response_signature", ok: true }
            : {
                check: "response_signature",
                ok: false,
                pointer: "surl body hash",
                actual: "does not verify",
              },
      );
    } finally {
      await rx.close();
    }
  },
};
