// BNPL link-and-pay: the mock's three documented scenarios by phone number (success, not eligible, failed at the bank).
import type { FlowDefinition } from "../suite/flow-types.js";

const SCENARIOS = [
  ["9876543210", "success"],
  ["9876543211", "E2401"],
  ["9876543212", "E308"],
] as const;

export const flow: FlowDefinition = {
  name: "BNPL link-and-pay scenarios",
  order: 70,
  hosts: ["gateway"],
  needsControl: true,
  async run(c) {
    const bnpl = c.example("initiateHostedCheckoutPayment", 2);
    for (const [phone, expected] of SCENARIOS) {
      const res = await c.step("initiateHostedCheckoutPayment", {
        body: { ...bnpl, phone, txnid: `BNPL${phone}` },
      });
      const text = JSON.stringify(res.body);
      c.expect(text.includes(expected), `phone ${phone}`, expected, text.slice(0, 100));
    }
  },
};
