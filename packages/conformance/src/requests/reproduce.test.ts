import { execFileSync } from "node:child_process";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { secretsOf } from "../config/configuration.js";
import { maskText, reproduceLine, shellWord } from "./reproduce.js";

/** What bash makes of `word` with `env` set: the text a pasted reproduce line would send. */
const expand = (word: string, env: Record<string, string>) =>
  execFileSync("bash", ["-c", `printf %s ${word}`], {
    env: { PATH: process.env.PATH ?? "", ...env },
  }).toString();

describe("shell words with secrets as $PGI_* references", () => {
  it("writes a bearer token as a reference, never its value", () => {
    const word = shellWord("Authorization: Bearer s3cr'et\"$x", [["PGI_PAYOUT_TOKEN", "s3cr'et\"$x"]]);
    expect(word).toBe(`"Authorization: Bearer $PGI_PAYOUT_TOKEN"`);
    expect(word).not.toContain("s3cr");
    const mixed = shellWord(`it's "x" tok-1`, [["PGI_BBPS_TOKEN", "tok-1"]]);
    expect(mixed).toBe(`'it'\\''s "x" '"$PGI_BBPS_TOKEN"`);
  });
  it("expands back to the exact text for any text and secret (quotes, dollars, backslashes, newlines)", () => {
    const chars = fc.constantFrom(..."ab1 '\"$`\\!&|;*?=%\n{}()".split(""));
    const text = fc.array(chars, { maxLength: 24 }).map((a) => a.join(""));
    const secret = fc.array(chars, { minLength: 1, maxLength: 8 }).map((a) => a.join(""));
    const samples = fc.sample(fc.tuple(text, secret, text), { numRuns: 300, seed: 11 });
    const env: Record<string, string> = {};
    const words = samples.map(([before, value, after], i) => {
      env[`PGI_S${i}`] = value;
      return shellWord(`${before}${value}${after}`, [[`PGI_S${i}`, value]]);
    });
    // One bash for all samples: each word expanded and NUL-terminated.
    const out = execFileSync("bash", ["-c", `printf '%s\\0' ${words.join(" ")}`], {
      env: { PATH: process.env.PATH ?? "", ...env },
    }).toString();
    expect(out.split("\0").slice(0, -1)).toEqual(samples.map(([b, v, a]) => `${b}${v}${a}`));
  });
});

describe("reproduce lines", () => {
  const credentials = { merchantKey: "K'ey5", salt: 'salt"1', payoutToken: "t$ok" };
  it("keeps full hashes and bodies; form fields holding a secret become --data-urlencode references", () => {
    const hash = "a".repeat(128);
    const line = reproduceLine(
      {
        method: "POST",
        url: "http://127.0.0.1:1/_payment",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: `key=${encodeURIComponent("K'ey5")}&txnid=T1&hash=${hash}`,
      },
      credentials,
    );
    expect(line).toContain(hash);
    expect(line).toContain(`--data-urlencode "key=$PGI_MERCHANT_KEY"`);
    expect(line).toContain(`--data-raw 'txnid=T1&hash=${hash}'`);
    expect(line).not.toMatch(/K'ey|K%27ey|…/);
    const body = expand(line.slice(line.indexOf("--data-urlencode ") + 17).split(" --data-raw")[0] ?? "", {
      PGI_MERCHANT_KEY: "K'ey5",
    });
    expect(body).toBe("key=K'ey5");
  });
  it("lists secrets longest first and masks them by name in texts", () => {
    expect(secretsOf(credentials).map(([n]) => n)).toEqual([
      "PGI_SALT",
      "PGI_MERCHANT_KEY",
      "PGI_PAYOUT_TOKEN",
    ]);
    expect(maskText(`salt"1 and t$ok`, secretsOf(credentials))).toBe("<PGI_SALT> and <PGI_PAYOUT_TOKEN>");
  });
});
