import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { loadSpecSet } from "./spec-set.js";
import { webhookContract } from "./webhook-contract.js";

/** A schema file of the partner spec's sources, parsed: what the bundle must carry. */
const source = (name: string) =>
  parse(
    readFileSync(
      new URL(`../../../../specs/partner/components/schemas/${name}.yaml`, import.meta.url),
      "utf8",
    ),
  );
const rules = parse(readFileSync(new URL("../../../../specs/shared/rules.yaml", import.meta.url), "utf8"));

describe("webhookContract", () => {
  const contract = webhookContract(loadSpecSet());

  it("reads the delivery rule of the merchantStatusUpdate webhook from the bundle", () => {
    const rule = rules["webhook-delivery"];
    expect(contract.rule).toEqual({
      expectStatus: rule.expectStatus,
      answerWithinSeconds: rule.answerWithinSeconds,
      retrySchedule: rule.retrySchedule,
      duplicateKey: rule.duplicateKey,
    });
  });

  it("reads the event kinds, KYC name fragments and statuses the spec lists", () => {
    const kinds = source("MerchantEventName");
    expect(contract.eventKinds).toEqual(Object.keys(kinds["x-pgi-known-values"]));
    expect(contract.kycFragments).toEqual(kinds["x-pgi-known-name-fragments"].fragments);
    expect(contract.kycExample).toBe(kinds["x-pgi-known-name-fragments"].example);
    expect(contract.statuses).toEqual(source("MerchantStatusValue")["x-pgi-known-values"]);
    expect(contract.fields).toEqual(source("MerchantStatusWebhook").required);
    expect(contract.examples.length).toBeGreaterThan(1);
  });

  it("names the piece that is missing when the bundle lacks the webhook", () => {
    const specs = loadSpecSet();
    const doc = specs.docs.get("partner") as Record<string, unknown>;
    specs.docs.set("partner", { ...doc, webhooks: {} });
    expect(() => webhookContract(specs)).toThrow(/no webhook operation for the merchantStatusUpdate webhook/);
  });
});
