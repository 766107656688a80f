// Token validation with send-on-failure: an invalid token with the fallback enabled sends an OTP and answers its uuid.
import type { FlowDefinition } from "../suite/flow-types.js";

export const flow: FlowDefinition = {
  name: "token validation with send-on-failure",
  order: 20,
  hosts: ["otp"],
  needsControl: true,
  async run(c) {
    const dto = c.example("sendOtp");
    const res = await c.step("validateToken", {
      body: { token: "not-a-token", sendOtpOnFailureEnabled: true, sendOtpRequestDTO: dto },
    });
    c.expect(res.status === 200, "an invalid token with the fallback sends an OTP", "200", res.status);
    const otps = ((await c.control("otp", "otps")).otps as { uuid?: string }[] | undefined) ?? [];
    c.expect(
      otps.some((o) => o.uuid === res.body),
      "the answer is the uuid of the OTP sent",
      "a listed uuid",
      res.body,
    );
  },
};
