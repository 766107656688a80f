// Every signed example of the specs (requests, answers, callbacks, schema examples) and the digest it should carry.
import { detectScheme, paymentResponse, sign } from "@pgi/signing";
import { HOSTS } from "../config/configuration.js";
import type { Host } from "../model/target.js";
import type { SpecSet } from "./spec-set.js";

/** The secrets examples are signed with: the mock's published test credentials. */
export interface ExampleSecrets {
  salt: string;
  walletSecret: string;
  merchantKey: string;
  walletMid: string;
}

/** One digest written in an example, and the one its recipe gives under the test credentials. */
export interface SignedExample {
  host: Host;
  /** JSON pointer of the example value inside the host's bundle. */
  pointer: string;
  scheme: string;
  field: "hash" | "checksum" | "result.hash";
  written: string;
  expected: string;
  /** The example's identifying field (key or mid) differs from the test credentials'. */
  identity?: string;
}

type Json = Record<string, unknown>;

const asStrings = (v: Json): Record<string, string> =>
  Object.fromEntries(
    Object.entries(v).map(([k, x]) => [k, typeof x === "string" ? x : JSON.stringify(x)]),
  ) as Record<string, string>;

/** The recipe a signed object follows: the one @pgi/signing detects, if the object carries its digest. */
function schemeOf(v: Json): string | undefined {
  if (typeof v.checksum !== "string" && typeof v.hash !== "string") return undefined;
  const scheme = detectScheme(v);
  return scheme === "webhook-signature" ? undefined : scheme;
}

function digest(scheme: string, v: Json, secrets: ExampleSecrets): string | undefined {
  try {
    if (scheme === "wallet-checksum" || scheme === "wallet-response-checksum") {
      return sign(scheme, asStrings(v) as never, secrets.walletSecret).digest;
    }
    if (scheme === "payment-response") {
      return sign(scheme, paymentResponse.fieldsFor(v) as never, secrets.salt).digest;
    }
    return sign(scheme as "payment-request", asStrings(v) as never, secrets.salt).digest;
  } catch {
    return undefined; // A field of the recipe is missing: not a complete signed example.
  }
}

function identity(scheme: string, v: Json, secrets: ExampleSecrets): string | undefined {
  if (scheme === "wallet-checksum" && v.mid !== secrets.walletMid) return `mid ${String(v.mid)}`;
  if (scheme !== "wallet-checksum" && scheme !== "wallet-response-checksum" && "key" in v) {
    if (v.key !== secrets.merchantKey) return `key ${String(v.key)}`;
  }
  return undefined;
}

function visit(host: Host, node: unknown, pointer: string, secrets: ExampleSecrets, out: SignedExample[]) {
  if (!node || typeof node !== "object") return;
  if (Array.isArray(node)) {
    for (const [i, x] of node.entries()) visit(host, x, `${pointer}/${i}`, secrets, out);
    return;
  }
  const v = node as Json;
  const scheme = schemeOf(v);
  if (scheme) {
    const key = typeof v.checksum === "string" ? "checksum" : "hash";
    // A gateway answer's digest sits in its `result` object: reported as result.hash.
    const field = key === "hash" && pointer.endsWith("/result") ? "result.hash" : key;
    const expected = digest(scheme, v, secrets);
    if (expected !== undefined) {
      const who = identity(scheme, v, secrets);
      out.push({
        host,
        pointer,
        scheme,
        field,
        written: String(v[key]),
        expected,
        ...(who ? { identity: who } : {}),
      });
    }
  }
  for (const [k, child] of Object.entries(v)) {
    if (child && typeof child === "object") {
      visit(host, child, `${pointer}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`, secrets, out);
    }
  }
}

/**
 * Every signed object the bundles carry (request, answer, callback and schema examples) with the digest its
 * recipe gives under `secrets`; an example replays as documented only where `written === expected`.
 *
 * @example
 * const wrong = signedExamples(loadSpecSet(), secrets).filter((e) => e.written !== e.expected);
 */
export function signedExamples(specs: SpecSet, secrets: ExampleSecrets): SignedExample[] {
  const out: SignedExample[] = [];
  for (const host of HOSTS) visit(host, specs.docs.get(host), "", secrets, out);
  return out;
}
