import { describe, expect, it } from "vitest";
import type { MockResponse } from "../types.js";
import { createRequestLogger, formatText, type RequestLogEntry, requestEntry } from "./request-log.js";
import { problem } from "./violations.js";

const entry: RequestLogEntry = {
  time: "2026-11-23T06:00:00.000Z",
  host: "payout",
  method: "POST",
  path: "/payout/v2/smartSend/link",
  status: 400,
  verdict: "invalid",
  violations: ["header.pid: must match pattern", "body.amount: required"],
};

describe("request lines", () => {
  it("text: time, host, method, path, status, verdict, violations; no colour when off", () => {
    expect(formatText(entry, false)).toBe(
      "2026-11-23T06:00:00.000Z payout   POST   /payout/v2/smartSend/link 400 invalid  header.pid: must match pattern; body.amount: required",
    );
    expect(
      formatText(
        { ...entry, status: 401, verdict: "refused", violations: undefined, hint: "no token" },
        false,
      ),
    ).toMatch(/ 401 refused +no token$/);
  });

  it("text is coloured only when asked", () => {
    const ansi = /\u001b\[/;
    expect(formatText(entry, true)).toMatch(ansi);
    expect(formatText(entry, false)).not.toMatch(ansi);
  });

  it("json: one object per line with every field, and secrets masked in any field", () => {
    const lines: string[] = [];
    const log = createRequestLogger({
      format: "json",
      color: false,
      write: (l) => lines.push(l),
      secrets: ["real-sandbox-salt"],
    });
    log({
      ...entry,
      path: "/x/real-sandbox-salt",
      hint: "got real-sandbox-salt",
      violations: ["a: real-sandbox-salt"],
    });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] as string)).toEqual({
      event: "request",
      ...entry,
      path: "/x/****",
      hint: "got ****",
      violations: ["a: ****"],
    });
  });
});

describe("requestEntry: the verdict read off the answer", () => {
  const violations = JSON.stringify([
    { location: "body", field: "body.amount", rule: "required", message: "missing" },
  ]);
  it.each<[string, string, MockResponse, Partial<RequestLogEntry>]>([
    ["a documented success", "/otp/send", { status: 200, body: "uuid" }, { verdict: "valid" }],
    [
      "a refusal with violations",
      "/otp/send",
      { status: 400, headers: { "x-pgi-mock-violations": violations } },
      { verdict: "invalid", violations: ["body.amount: missing"] },
    ],
    [
      "a cut violations header",
      "/otp/send",
      { status: 400, headers: { "x-pgi-mock-violations": violations.slice(0, 20) } },
      { verdict: "invalid", violations: [violations.slice(0, 20)] },
    ],
    [
      "a hint",
      "/x",
      { status: 401, headers: { "x-pgi-mock-hint": "no token" } },
      { verdict: "refused", hint: "no token" },
    ],
    ["an unknown path", "/nowhere", problem(404, "Unknown path", "..."), { verdict: "unrouted" }],
    ["a wrong method", "/otp/send", problem(405, "Method not allowed", "..."), { verdict: "unrouted" }],
    [
      "a documented 404",
      "/payout/merchant/smartSend/details",
      { status: 404, body: { code: 1 } },
      { verdict: "valid" },
    ],
    ["a control call", "/__mock/state", { status: 200, body: {} }, { verdict: "control" }],
    ["a bug in the mock", "/otp/send", problem(500, "Mock internal error", "..."), { verdict: "error" }],
    ["a forced 503", "/otp/send", { status: 503, body: { error: "down" } }, { verdict: "valid" }],
  ])("%s", (_, path, answer, want) => {
    const entry = requestEntry("otp", "POST", path, answer, Date.UTC(2026, 10, 23, 6));
    expect(entry).toEqual({
      time: "2026-11-23T06:00:00.000Z",
      host: "otp",
      method: "POST",
      path,
      status: answer.status,
      ...want,
    });
  });
});
