import { describe, expect, it } from "vitest";
import { paymentRequest, SALT } from "../test/fixtures.js";
import { explain } from "./explain.js";
import { maskSecret } from "./mask.js";

describe("maskSecret", () => {
  it("replaces every occurrence", () => {
    expect(maskSecret("a|salty|b|salty", "salty")).toBe("a|****|b|****");
    expect(maskSecret("a|salty", "salty", "<SALT>")).toBe("a|<SALT>");
  });

  it("leaves text alone without a secret, and only masks a whole text for very short secrets", () => {
    expect(maskSecret("abc", "")).toBe("abc");
    expect(maskSecret("abc", undefined)).toBe("abc");
    expect(maskSecret("status", "s")).toBe("status");
    expect(maskSecret("s", "s")).toBe("****");
  });

  it("is applied to explain output even when a field carries the secret", () => {
    const e = explain("payment-request", { ...paymentRequest, udf1: `x${SALT}y` }, { secret: SALT });
    expect(e.format()).not.toContain(SALT);
    expect(e.parts.find((p) => p.name === "udf1")?.value).toBe("x****y");
  });
});
