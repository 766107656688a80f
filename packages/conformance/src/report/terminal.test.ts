import { describe, expect, it } from "vitest";
import type { RunResult } from "../model/results.js";
import { terminalReport } from "./terminal.js";

const run: RunResult = {
  target: "a sandbox",
  passed: 1,
  failed: 1,
  skipped: 0,
  warnings: 0,
  durationMs: 1200,
  checksRun: 9,
  results: [
    {
      host: "payout",
      operation: "getSmartSendStatus",
      name: "documented parameters",
      findings: [{ check: "status_code_documented", ok: true }],
    },
    {
      host: "gateway",
      operation: "authorizeMandateTransaction",
      name: "example tokenisedCard",
      curl: "curl -sS -X POST 'http://h/AuthorizeTransaction.php' --data-urlencode \"key=$PGI_MERCHANT_KEY\"",
      findings: [
        { check: "not_a_server_error", ok: true },
        {
          check: "signature_accepted",
          ok: false,
          expected: "a 2xx",
          actual: "HTTP 400",
          message:
            "the target says the hash is wrong; check PGI_SALT\npre-image (secret masked): K|T|1.00|<SALT>",
          detail: "scheme mandate-authorization\nresult match",
        },
        {
          check: "response_schema",
          ok: false,
          pointer: "/result/status",
          expected: "enum",
          actual: "must be equal to one of the allowed values",
        },
      ],
    },
  ],
};

describe("the terminal report", () => {
  const text = terminalReport(run);
  const lines = text.split("\n");

  it("prints one compact block per failed case: check, expected, got, diagnosis, reproduce", () => {
    const start = lines.findIndex((l) => l.includes("✗ example tokenisedCard"));
    expect(lines.slice(start, start + 10).map((l) => l.trim().split(/\s{2,}|\s(?=\S)/)[0])).toEqual([
      "✗",
      "check",
      "expected",
      "got",
      "diagnosis",
      "pre-image",
      "check",
      "expected",
      "got",
      "reproduce",
    ]);
    expect(text).toContain("check      response_schema at /result/status");
    expect(text).toContain("got        HTTP 400");
  });
  it("keeps the long explanation out of the terminal (it reads like a pass: 'result match')", () => {
    expect(text).not.toContain("result match");
  });
  it("ends with the summary line", () => {
    expect(lines.at(-1)).toBe("1 passed, 1 failed, 0 skipped");
  });
});
