import { inspect } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as api from "./index.js";
import {
  explain,
  RECIPES,
  SCHEME_IDS,
  type SchemeId,
  SigningError,
  type SignResult,
  sign,
  verify,
} from "./index.js";

const joinedIds = SCHEME_IDS.filter((id) => RECIPES[id].format === "joined");
const RUNS = { numRuns: 60 };

/** Non-empty values: ASCII mostly, some wider Unicode. */
const text = fc.oneof(
  fc.string({ minLength: 1, maxLength: 24 }),
  fc.string({ minLength: 1, maxLength: 8, unit: "grapheme" }),
);
const secretArb = fc.stringMatching(/^[A-Za-z0-9_-]{12,32}$/);

/** Arbitrary fields for a joined scheme, derived from its recipe parts. */
function fieldsFor(id: SchemeId): fc.Arbitrary<Record<string, string | undefined>> {
  const shape: Record<string, fc.Arbitrary<string | undefined>> = {};
  for (const part of RECIPES[id].parts) {
    if (part.kind === "field") shape[part.name] = text;
    if (part.kind === "optional") shape[part.name] = fc.option(text, { nil: undefined });
  }
  return fc.record(shape);
}

/** Replaces the code point at `index` (mod length) with a different one. */
function mutate(value: string, index: number, replacement: string): string {
  const chars = Array.from(value);
  const i = index % chars.length;
  chars[i] = chars[i] === replacement ? (replacement === "a" ? "b" : "a") : replacement;
  return chars.join("");
}

function payloadArb() {
  const value = fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null));
  return fc
    .uniqueArray(fc.tuple(fc.stringMatching(/^[a-z_]{1,12}$/), value), {
      selector: (e) => e[0],
      minLength: 1,
      maxLength: 8,
    })
    .map((entries) => Object.fromEntries(entries) as Record<string, unknown>);
}

describe("every scheme (properties)", () => {
  it("verify(sign(x)) holds", () => {
    for (const id of joinedIds) {
      fc.assert(
        fc.property(fieldsFor(id), secretArb, (fields, secret) => {
          const { digest, fields: sent } = sign(id, fields, secret) as SignResult;
          expect(digest).toMatch(RECIPES[id].algorithm === "sha512" ? /^[0-9a-f]{128}$/ : /^[0-9a-f]{64}$/);
          expect(verify(id as "payment-request", sent, digest, secret)).toBe(true);
        }),
        RUNS,
      );
    }
    fc.assert(
      fc.property(payloadArb(), secretArb, (payload, secret) => {
        const { digest, body } = sign("webhook-signature", payload, secret);
        expect(verify("webhook-signature", body, digest, secret)).toBe(true);
      }),
      RUNS,
    );
  });

  it("any one-character change to any field or to the secret fails verification", () => {
    for (const id of joinedIds) {
      fc.assert(
        fc.property(
          fieldsFor(id),
          secretArb,
          fc.nat(),
          fc.nat(),
          fc.string({ minLength: 1, maxLength: 1 }),
          (fields, secret, which, at, ch) => {
            const digest = sign(id as "payment-request", fields, secret).digest;
            const names = Object.keys(fields).filter((k) => fields[k] !== undefined);
            const target = which % (names.length + 1);
            if (target === names.length) {
              expect(verify(id as "payment-request", fields, digest, mutate(secret, at, ch))).toBe(false);
            } else {
              const name = names[target]!;
              const changed = { ...fields, [name]: mutate(fields[name]!, at, ch) };
              expect(verify(id as "payment-request", changed, digest, secret)).toBe(false);
            }
          },
        ),
        RUNS,
      );
    }
    fc.assert(
      fc.property(payloadArb(), secretArb, fc.nat(), fc.nat(), (payload, secret, which, at) => {
        const digest = sign("webhook-signature", payload, secret).digest;
        const strings = Object.keys(payload).filter((k) => typeof payload[k] === "string");
        const target = which % (strings.length + 1);
        if (target === strings.length) {
          expect(verify("webhook-signature", JSON.stringify(payload), digest, mutate(secret, at, "x"))).toBe(
            false,
          );
        } else {
          const key = strings[target]!;
          const changed = { ...payload, [key]: mutate(payload[key] as string, at, "x") };
          expect(verify("webhook-signature", JSON.stringify(changed), digest, secret)).toBe(false);
        }
      }),
      RUNS,
    );
  });

  it("no output, error, explanation or diagnosis ever contains the secret", () => {
    const outputs = (id: SchemeId, input: unknown, secret: string): string[] => {
      const out: string[] = [];
      const record = (fn: () => unknown) => {
        try {
          const value = fn();
          out.push(typeof value === "string" ? value : JSON.stringify(value));
        } catch (error) {
          if (!(error instanceof SigningError)) throw error;
          out.push(error.message, inspect(error), JSON.stringify(error), JSON.stringify({ ...error }));
        }
      };
      record(() => sign(id, input, secret));
      for (const received of [undefined, "ab".repeat(64), "ab".repeat(32), "xyz", ""]) {
        record(() => {
          const e = explain(id, input, { secret, received });
          return `${JSON.stringify(e)}\n${e.format()}\n${e.format({ color: true })}`;
        });
        record(() => verify(id, input, received, secret));
      }
      return out;
    };
    for (const id of joinedIds) {
      fc.assert(
        fc.property(fieldsFor(id), secretArb, fc.boolean(), (fields, secret, dropOne) => {
          fc.pre(Object.values(fields).every((v) => v === undefined || !v.includes(secret)));
          const input = dropOne ? { ...fields, [Object.keys(fields)[0]!]: undefined } : fields;
          for (const output of outputs(id, input, secret)) expect(output).not.toContain(secret);
        }),
        { numRuns: 25 },
      );
    }
    fc.assert(
      fc.property(payloadArb(), secretArb, (payload, secret) => {
        fc.pre(!JSON.stringify(payload).includes(secret));
        for (const output of outputs("webhook-signature", JSON.stringify(payload), secret))
          expect(output).not.toContain(secret);
        for (const output of outputs("webhook-signature", `${JSON.stringify(payload)}x`, secret))
          expect(output).not.toContain(secret);
      }),
      { numRuns: 25 },
    );
  });
});

describe("public API", () => {
  it("exports the registry, generic functions, errors and helpers", () => {
    expect(Object.keys(api.schemes)).toEqual([...SCHEME_IDS]);
    for (const name of [
      "sign",
      "verify",
      "verifyOrThrow",
      "explain",
      "maskSecret",
      "formula",
      "SigningError",
      "getScheme",
    ]) {
      expect(api).toHaveProperty(name);
    }
    expect(api.paymentRequest.id).toBe("payment-request");
    expect(api.webhookSignature.recipe.carrier).toEqual({ in: "header", name: "Authorization" });
  });

  it("dispatches by scheme id", () => {
    expect(api.isSchemeId("wallet-checksum")).toBe(true);
    expect(api.isSchemeId("nope")).toBe(false);
    expect(() => api.getScheme("nope")).toThrow(api.UnknownSchemeError);
  });
});
