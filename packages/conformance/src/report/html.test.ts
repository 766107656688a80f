import { describe, expect, it } from "vitest";
import type { RunResult } from "../model/results.js";
import { htmlReport } from "./html.js";

const hostile = "<script>alert(\"x\")</script><img src=x onerror=alert(1)> & 'quoted'";
const result: RunResult = {
  target: `the webhook endpoint http://127.0.0.1:1/<b>`,
  results: [
    {
      host: "receiver",
      operation: "bad_signature_refused",
      name: `signed with another secret ${hostile}`,
      findings: [
        {
          check: "bad_signature_refused",
          ok: false,
          message: `sent ${hostile}`,
          expected: "a refusal",
          actual: `200 after 3 ms: ${hostile}`,
        },
      ],
      curl: `curl -sS -X POST 'http://127.0.0.1:1/' --data-binary '${hostile}'`,
      status: 200,
    },
    {
      host: "receiver",
      operation: "duplicates_accepted",
      name: "again",
      findings: [{ check: "duplicates_accepted", ok: true }],
    },
    {
      host: "gateway",
      operation: "authorizeMandateTransaction",
      name: "example",
      findings: [
        {
          check: "signature_accepted",
          ok: false,
          pointer: "/hash",
          message: "pre-image: Jx7Kq2|T|1.00|<SALT>",
        },
      ],
      curl: "curl -sS -X POST 'http://127.0.0.1:2/' --data-urlencode \"key=$PGI_MERCHANT_KEY\"",
    },
    {
      host: "flows",
      operation: "OTP send → verify",
      name: "OTP send → verify",
      findings: [],
      skipped: "otp: not configured",
    },
  ],
  passed: 1,
  failed: 2,
  skipped: 1,
  warnings: 0,
  durationMs: 1234,
  checksRun: 3,
  coverage: [
    {
      host: "gateway",
      operationId: "authorizeMandateTransaction",
      statuses: { exercised: ["200"], documented: ["200", "400"] },
      examples: { exercised: 1, documented: 2 },
      flows: [],
    },
  ],
};

describe("htmlReport", () => {
  const html = htmlReport(result, { generatedAt: new Date("2026-01-02T03:04:05Z") });

  it("escapes every text from the target: no markup of theirs reaches the page", () => {
    expect(html).not.toMatch(/<script|<img|onerror=alert\(1\)>/i);
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("http://127.0.0.1:1/&lt;b&gt;");
  });

  it("is self-contained: inline style, no script, nothing to fetch, a policy that forbids fetching", () => {
    expect(html).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'none'/);
    expect(html).toContain("<style>");
    expect(html).not.toMatch(/<(script|link|iframe|object|embed)\b/i);
    for (const m of html.matchAll(/\b(?:src|href)="([^"]*)"/g)) expect(m[1]).toMatch(/^#/);
  });

  it("opens with the verdict and the summary line, lists each failure with its rule and reproduce line", () => {
    expect(html.indexOf("FAILED: 2 of 3 cases failed")).toBeLessThan(html.indexOf('id="checklist"'));
    expect(html).toContain("<h1>Webhook endpoint report</h1>");
    expect(html).toContain("1 passed, 2 failed, 1 skipped");
    expect(html.match(/<article class="failure">/g)).toHaveLength(2);
    expect(html).toContain("deliveries whose Authorization does not verify are refused"); // the check's rule
    expect(html).toContain("$PGI_MERCHANT_KEY");
    expect(html).toContain("&lt;SALT&gt;");
    expect(html).toContain("2026-01-02 03:04:05 UTC");
  });

  it("marks the checklist by the run and shows coverage per operation", () => {
    expect(html).toMatch(/data-item="webhook-signature">\s*<td><span class="state failed">FAILED/);
    expect(html).toMatch(/data-item="webhook-duplicates">\s*<td><span class="state passed">PASSED/);
    expect(html).toMatch(/data-item="mandate-registered">\s*<td><span class="state not-run">NOT RUN/);
    expect(html).toMatch(/title="not exercised: 400">1\/2<\/td>/);
    expect(html).toContain("otp: not configured");
  });
});
