// The signing package's CLI vectors with a known digest (packages/signing/test/cli/<case>/), for the debugger test.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SCHEME_IDS, type SchemeId } from "@pgi/signing";

/** One vector: scheme, secret, the input as the CLI reads it on stdin, and the digest it prints. */
export interface SigningVector {
  readonly name: string;
  readonly scheme: SchemeId;
  readonly secret: string;
  readonly input: string;
  readonly digest: string;
}

/** packages/signing/test/cli, next to this package in the workspace. */
export const SIGNING_CLI_CASES = join(import.meta.dirname, "..", "..", "signing", "test", "cli");

/**
 * Every case whose command is exactly `<scheme> --secret S` and that exits 0 with a digest on stdout.
 *
 * @example
 * signingVectors().map((v) => v.scheme) // => ["mandate-authorization", "payment-request", ...]
 */
export function signingVectors(dir = SIGNING_CLI_CASES): SigningVector[] {
  const out: SigningVector[] = [];
  for (const name of readdirSync(dir).sort()) {
    const file = (f: string) => join(dir, name, f);
    if (![file("cmd"), file("stdin.json"), file("expected-stdout"), file("expected-exit")].every(existsSync))
      continue;
    const cmd = readFileSync(file("cmd"), "utf8").trim().split(/\s+/);
    const [scheme, flag, secret] = cmd;
    if (cmd.length !== 3 || flag !== "--secret" || !SCHEME_IDS.includes(scheme as SchemeId)) continue;
    if (readFileSync(file("expected-exit"), "utf8").trim() !== "0") continue;
    const digest = readFileSync(file("expected-stdout"), "utf8").trim();
    if (!/^[0-9a-f]{64}([0-9a-f]{64})?$/.test(digest)) continue;
    out.push({
      name,
      scheme: scheme as SchemeId,
      secret: secret!,
      input: readFileSync(file("stdin.json"), "utf8"),
      digest,
    });
  }
  return out;
}
