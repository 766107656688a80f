import { describe, expect, it } from "vitest";
import { targetFromNames } from "../../src/config/targets.js";
import type { Host } from "../../src/model/target.js";
import { harEntry } from "../../src/proxy/har-writer.js";
import { judge, type Recorded } from "../../src/proxy/judge.js";
import { masker } from "../../src/proxy/mask.js";
import { route } from "../../src/proxy/match.js";
import { caseResult, exchangeLines, report, runResult } from "../../src/proxy/output.js";
import { getSpecs, SECRETS } from "./helpers.js";

const specs = getSpecs();
const USER_TOKEN = "user-token-not-configured-5d1e";
const ISSUED = "issued-access-token-77c0aa";
const target = targetFromNames("masking", {
  PGI_PARTNER_URL: "https://partner.example.in",
  PGI_ACCOUNTS_URL: "https://accounts.example.in",
  PGI_PARTNER_TOKEN: SECRETS.partnerToken,
  PGI_SALT: SECRETS.salt,
  PGI_MERCHANT_KEY: "Mk3yZz",
});
const buf = (text: string) => {
  const bytes = Buffer.from(text);
  return { bytes, size: bytes.length, complete: true };
};

/** A recorded exchange as the proxy would have captured it. */
function recorded(
  host: Host,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string,
  answer: string,
): Recorded {
  return {
    host,
    route: route(specs, host, method, path),
    startedAt: new Date(0),
    durationMs: 1.5,
    request: { method, url: `${target.urls[host]}${path}`, headers, body: buf(body) },
    answer: {
      status: 200,
      statusText: "OK",
      headers: { "content-type": "application/json" },
      body: buf(answer),
    },
  };
}

describe("what the proxy writes never holds a credential, configured or not", () => {
  const exchanges = [
    recorded(
      "partner",
      "POST",
      "/api/v1/partners/register_webhook",
      {
        authorization: `Bearer ${SECRETS.partnerToken}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      "webhook_url=https%3A%2F%2Fp.example.in%2Fh&reseller_uuid=r",
      '{"message":"Webhook registered successfully"}',
    ),
    recorded(
      "accounts",
      "POST",
      "/api/v1/otps/verify_otp",
      { authorization: `Bearer ${USER_TOKEN}`, "content-type": "application/x-www-form-urlencoded" },
      "otp%5Bidentity%5D=9876543210&otp%5Bcode%5D=482913&otp%5Btype%5D=SignIn",
      `{"access_token":"${ISSUED}","token_type":"Bearer","scope":"user_profile"}`,
    ),
  ];
  const ctx = { specs, credentials: {} };
  const seen = exchanges.map((rec) => ({ rec, verdict: judge(ctx, rec) }));
  const mask = masker(target, { merchantKey: true });

  it("HAR entries mask configured and unconfigured bearer tokens and issued access tokens", () => {
    const har = JSON.stringify(seen.map(({ rec, verdict }) => harEntry(rec, verdict, masker(target))));
    expect(har).toContain('"value":"Bearer ****"');
    expect(har).toContain('\\"access_token\\":\\"****\\"');
    for (const s of [SECRETS.partnerToken, USER_TOKEN, ISSUED]) expect(har).not.toContain(s);
  });

  it("json and junit reports write configured secrets as $PGI_* references and redact the rest", () => {
    const results = seen.map(({ rec, verdict }, i) => caseResult(rec, verdict, i + 1, target));
    const run = runResult("masking", results, 3);
    for (const reporter of ["json", "junit"] as const) {
      const text = report(run, reporter, mask);
      expect(text).toContain("Bearer $PGI_ACCOUNTS_TOKEN"); // the user's token, as the variable it belongs in
      for (const s of [SECRETS.partnerToken, USER_TOKEN, ISSUED, "482913", "Mk3yZz"])
        expect(text, reporter).not.toContain(s);
    }
  });

  it("exchange lines carry no credential", () => {
    const lines = seen.flatMap(({ rec, verdict }) => exchangeLines(rec, verdict, mask)).join("\n");
    expect(lines).toMatch(/^(PASS|FAIL) partner registerWebhook 200 1\.5ms$/m);
    for (const s of [SECRETS.partnerToken, USER_TOKEN, ISSUED]) expect(lines).not.toContain(s);
  });
});
