// Mandate authorization → registered rule: the documented success meets every condition of the spec's
// mandate-registered rule (status success, payment_source sist, IsStandingInstructionSet 1, a mihpayid).
import { mandateRegisteredRule } from "../spec/contract-rules.js";
import type { FlowDefinition, Json } from "../suite/flow-types.js";

export const flow: FlowDefinition = {
  name: "mandate authorization → registered rule",
  order: 30,
  hosts: ["gateway"],
  needsControl: false,
  async run(c) {
    const res = await c.step("authorizeMandateTransaction", {
      body: c.example("authorizeMandateTransaction"),
    });
    const rule = mandateRegisteredRule(c.specs);
    const result = (res.body as Json | undefined)?.result as Json | undefined;
    for (const cond of rule ?? []) {
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
  },
};
