// OTP send → verify: the code the mock delivered verifies once, and is refused when used again.
import type { FlowDefinition } from "../suite/flow-types.js";

export const flow: FlowDefinition = {
  name: "OTP send → verify",
  order: 10,
  hosts: ["otp"],
  needsControl: true,
  async run(c) {
    const sent = await c.step("sendOtp", { body: c.example("sendOtp") });
    c.expect(sent.status === 200, "send answers 200", "200", sent.status);
    const otps = (await c.control("otp", "otps")).otps as { uuid?: string; otp: string }[] | undefined;
    const code = otps?.find((o) => o.uuid === sent.body)?.otp;
    c.expect(code !== undefined, "the mock lists the sent code", "a code for the uuid", "none");
    const verified = await c.step("verifyOtp", { body: { uuid: sent.body, otp: Number(code) } });
    c.expect(verified.status === 200, "verify with the sent code answers 200", "200", verified.status);
    const again = await c.step("verifyOtp", { body: { uuid: sent.body, otp: Number(code) } });
    c.expect(again.status === 400, "a used code is refused", "400", again.status);
  },
};
