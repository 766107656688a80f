// State a positive case needs before it can succeed (an OTP to verify, a link to extend), created on the target.
import type { Exchange } from "../model/finding.js";
import type { Host } from "../model/target.js";
import type { BuildOptions, BuiltRequest } from "../requests/build-request.js";
import type { Operation } from "../spec/spec-set.js";

type Json = Record<string, unknown>;

/** One request a setup sent: what the case reports when that request did not succeed. */
export interface SetupStep {
  op: Operation;
  req: BuiltRequest;
  ex: Exchange;
}

/** What a setup can do on the target. */
export interface SetupContext {
  /** Sends an operation's request; `ok` when it got its documented success. */
  step(operationId: string, build: BuildOptions): Promise<SetupStep & { ok: boolean; body: unknown }>;
  /** The mock's control API on `host`, or undefined where the target has none. */
  control(host: Host, path: string, body?: unknown): Promise<Json | undefined>;
  /** A request example of an operation, by index. */
  example(operationId: string, index?: number): Json;
  /** A fresh identifier for records the setup creates. */
  unique(prefix: string): string;
}

/** The outcome of a setup: the case's request options, a reason it cannot run, or the step that failed. */
export type SetupOutcome = { build: BuildOptions } | { skip: string } | { failed: SetupStep };

type Setup = (build: BuildOptions, ctx: SetupContext) => Promise<SetupOutcome>;

const text = (body: unknown) => (typeof body === "string" ? body.replace(/^"|"$/g, "").trim() : "");

/** The newest code the mock says it sent to `identity` (or for `uuid`) from GET /__mock/otps. */
async function sentCode(ctx: SetupContext, host: Host, match: (o: Json) => boolean) {
  const list = (await ctx.control(host, "otps"))?.otps as Json[] | undefined;
  const found = list?.filter(match).at(-1)?.otp;
  return typeof found === "string" ? found : undefined;
}

const NO_CONTROL = (what: string) =>
  `needs ${what}, which only a target with the mock's control API exposes (run against the mock)`;

/** Sends an OTP with the send example for `mobileNumber`; the uuid, or the failed step. */
async function sendOtp(
  ctx: SetupContext,
  mobileNumber: unknown,
): Promise<{ uuid: string } | { failed: SetupStep }> {
  const send = ctx.example("sendOtp");
  if (typeof mobileNumber === "string") send.mobileNumber = mobileNumber;
  const sent = await ctx.step("sendOtp", { body: send });
  return sent.ok ? { uuid: text(sent.body) } : { failed: sent };
}

async function verifiedOtp(
  ctx: SetupContext,
  mobileNumber: unknown,
): Promise<{ uuid: string; code: string } | { failed: SetupStep } | { skip: string }> {
  const sent = await sendOtp(ctx, mobileNumber);
  if ("failed" in sent) return sent;
  const code = await sentCode(ctx, "otp", (o) => o.uuid === sent.uuid);
  if (code === undefined) return { skip: NO_CONTROL("the OTP code sent to the phone") };
  return { uuid: sent.uuid, code };
}

async function paymentLink(
  ctx: SetupContext,
): Promise<{ merchantRefId: string; linkId: string } | { failed: SetupStep }> {
  const merchantRefId = ctx.unique("CONF");
  const expiryDate = new Date(Date.now() + 7 * 86_400_000).toISOString().replace("Z", "+0000");
  const made = await ctx.step("createSmartSendLink", {
    body: { ...ctx.example("createSmartSendLink"), merchantRefId, expiryDate },
  });
  const linkId = ((made.body as Json | undefined)?.data as Json | undefined)?.linkId;
  if (!made.ok || typeof linkId !== "string") return { failed: made };
  return { merchantRefId, linkId };
}

/** Setups by operationId; operations not listed need no state. */
export const SETUPS: Readonly<Record<string, Setup>> = {
  async resendOtp(build, ctx) {
    const sent = await sendOtp(ctx, build.body?.mobileNumber);
    if ("failed" in sent) return sent;
    return { build: { ...build, headers: { ...build.headers, uuid: sent.uuid } } };
  },
  async verifyOtp(build, ctx) {
    const sent = await sendOtp(ctx, build.body?.mobileNumber);
    if ("failed" in sent) return sent;
    const code = await sentCode(ctx, "otp", (o) => o.uuid === sent.uuid);
    if (code === undefined) return { skip: NO_CONTROL("the OTP code sent to the phone") };
    return { build: { ...build, body: { ...build.body, uuid: sent.uuid, otp: Number(code) } } };
  },
  async validateToken(build, ctx) {
    if (build.body?.sendOtpOnFailureEnabled === true) return { build };
    const otp = await verifiedOtp(ctx, build.body?.mobileNumber);
    if ("failed" in otp || "skip" in otp) return otp;
    const verified = await ctx.step("verifyOtp", {
      body: { uuid: otp.uuid, otp: Number(otp.code), mobileNumber: build.body?.mobileNumber },
    });
    if (!verified.ok) return { failed: verified };
    return { build: { ...build, body: { ...build.body, token: otp.uuid } } };
  },
  async generateWalletToken(build, ctx) {
    const cell = build.body?.cell;
    const sent = await ctx.control("wallet", "wallet/otp", { cell });
    const code = sent && (await sentCode(ctx, "wallet", (o) => o.identity === cell));
    if (code === undefined || code === "") return { skip: NO_CONTROL("a wallet OTP delivered to the user") };
    return { build: { ...build, body: { ...build.body, otp: Number(code) } } };
  },
  async verifySignInOtp(build, ctx) {
    const identity = build.body?.["otp[identity]"];
    const sent = await ctx.control("accounts", "accounts/otp", { identity });
    const code = sent && (await sentCode(ctx, "accounts", (o) => o.identity === identity));
    if (code === undefined || code === "") return { skip: NO_CONTROL("a sign-in OTP delivered to the user") };
    return { build: { ...build, body: { ...build.body, "otp[code]": code } } };
  },
  async getSmartSendDetails(build, ctx) {
    const link = await paymentLink(ctx);
    if ("failed" in link) return link;
    return { build: { ...build, query: { ...build.query, merchantRefId: link.merchantRefId } } };
  },
  async getSmartSendStatus(build, ctx) {
    const link = await paymentLink(ctx);
    if ("failed" in link) return link;
    return { build: { ...build, query: { ...build.query, linkId: link.linkId } } };
  },
  async extendSmartSendExpiry(build, ctx) {
    const link = await paymentLink(ctx);
    if ("failed" in link) return link;
    const expiryDate = new Date(Date.now() + 14 * 86_400_000).toISOString().replace("Z", "+0000");
    return {
      build: { ...build, pathParams: { id: link.linkId }, body: { ...build.body, expiryDate } },
    };
  },
  async cancelSmartSendLink(build, ctx) {
    const link = await paymentLink(ctx);
    if ("failed" in link) return link;
    return { build: { ...build, query: { ...build.query, merchantRefId: link.merchantRefId } } };
  },
};
