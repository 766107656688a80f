import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fieldPolicy } from "./field-policy.js";
import { RECIPES, SCHEME_IDS } from "./generated/recipes.js";
import { buildPreimage, compileJoined, interpretPreimage, joinParts, resolveParts } from "./joined.js";

const joined = SCHEME_IDS.filter((id) => RECIPES[id].format === "joined");

/** Outcome of a pre-image build: the string, or the thrown error's class and message. */
function outcome(build: () => string): string {
  try {
    return `ok:${build()}`;
  } catch (error) {
    return `${(error as Error).name}:${(error as Error).message}`;
  }
}

describe("joined recipe interpreter", () => {
  it("has a generated straight-line builder for every joined recipe", () => {
    for (const id of joined) expect(compileJoined(RECIPES[id]).fast, id).toBeTypeOf("function");
  });

  it("generated builders agree with the interpreter, errors included (property)", () => {
    const value = fc.oneof(
      fc.string(),
      fc.constant(""),
      fc.constant(undefined),
      fc.constant(null),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
    );
    for (const id of joined) {
      const plan = compileJoined(RECIPES[id]);
      const names = plan.slots.map((s) => s.name).filter((n) => !n.startsWith("$"));
      fc.assert(
        fc.property(
          fc.record(Object.fromEntries(names.map((n) => [n, value]))),
          fc.string({ minLength: 1 }),
          (fields, secret) => {
            expect(outcome(() => buildPreimage(plan, fields, secret))).toBe(
              outcome(() => interpretPreimage(plan, fields, secret)),
            );
          },
        ),
        { numRuns: 150 },
      );
    }
  });

  it("resolveParts + joinParts reproduce the pre-image", () => {
    const plan = compileJoined(RECIPES["payment-response"]);
    const fields = {
      additionalCharges: "1.00",
      status: "success",
      key: "k",
      txnid: "t",
      amount: "1",
      productinfo: "",
      firstname: "",
      email: "",
    };
    expect(joinParts(resolveParts(plan, fields, "salt"), plan.join, plan.quote)).toBe(
      buildPreimage(plan, fields, "salt"),
    );
  });

  it("documents which fields may be empty", () => {
    const pr = RECIPES["payment-request"];
    expect(fieldPolicy(pr, "udf3")).toEqual({ nonEmpty: false, missingAsEmpty: true, json: false });
    expect(fieldPolicy(pr, "email")).toEqual({ nonEmpty: false, missingAsEmpty: false, json: false });
    expect(fieldPolicy(pr, "amount")).toEqual({ nonEmpty: true, missingAsEmpty: false, json: false });
    expect(fieldPolicy(pr, "si_details").json).toBe(true);
    expect(fieldPolicy(RECIPES["wallet-checksum"], "udf1").nonEmpty).toBe(true);
  });
});
