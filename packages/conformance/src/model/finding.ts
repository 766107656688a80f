// What a check reports and what it looks at: a finding, and a recorded request with its answer. Imports nothing.

/** One finding of one check. `check` is a check id of the registry (src/checks/). */
export interface Finding {
  check: string;
  ok: boolean;
  /** Warnings never fail a run (drift). */
  warning?: boolean;
  pointer?: string;
  expected?: string;
  actual?: string;
  /** Why, in a few lines: what a reader checks first (the terminal report prints it). */
  message?: string;
  /** The long form behind the message (a signing explanation part by part), for the JSON, JUnit and HTML reports. */
  detail?: string;
}

/** A recorded request and response. */
export interface Exchange {
  request: { method: string; url: string; headers: Record<string, string>; body?: string };
  response: { status: number; headers: Record<string, string>; body: string };
}

/** A request as sent (the request side of an exchange), for reproduce lines. */
export type RequestLine = Exchange["request"];

/** A passed finding of `check`. */
export const pass = (check: string): Finding => ({ check, ok: true });

/** A failed finding of `check` with what was expected, what came, where, and why. */
export const fail = (check: string, f: Omit<Finding, "check" | "ok">): Finding => ({
  check,
  ok: false,
  ...f,
});

/** The findings that fail a case (warnings aside). */
export const failures = (findings: readonly Finding[]): Finding[] =>
  findings.filter((f) => !f.ok && !f.warning);
