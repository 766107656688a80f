// One log line per request: the entry read off the pipeline's answer, and its text (coloured or not) or JSON form.
import pc from "picocolors";
import type { HostName, MockResponse, RequestLogEntry, Verdict } from "../types.js";

export type { RequestLogEntry, Verdict } from "../types.js";

function parseViolations(header: string): string[] {
  try {
    const list = JSON.parse(header) as { field?: string; message?: string }[];
    return list.map((v) => `${v.field ?? "request"}: ${v.message ?? "invalid"}`);
  } catch {
    // The header is cut at 7,000 characters: show what there is rather than nothing.
    return [header.slice(0, 300)];
  }
}

const UNROUTED = new Set(["Unknown path", "Method not allowed"]);

function verdictOf(
  path: string,
  answer: MockResponse,
  violations: string | undefined,
  hint: string | undefined,
): Verdict {
  const title = (answer.body as { title?: unknown } | undefined)?.title;
  if (path === "/__mock" || path.startsWith("/__mock/")) return "control";
  if (answer.status === 500 && title === "Mock internal error") return "error";
  if (violations !== undefined) return "invalid";
  if (hint !== undefined) return "refused";
  const problemJson = answer.contentType?.startsWith("application/problem+json") ?? false;
  if ((answer.status === 404 || answer.status === 405) && problemJson && UNROUTED.has(String(title)))
    return "unrouted";
  return "valid";
}

/**
 * The log entry of a request, read off its answer (status, the mock's x-pgi-mock-violations and x-pgi-mock-hint
 * headers, the problem title of an unrouted call or an internal error).
 *
 * @example
 * options.onRequest?.(requestEntry("otp", "POST", "/otp/send", answer, clock.now()));
 */
export function requestEntry(
  host: HostName,
  method: string,
  path: string,
  answer: MockResponse,
  now: number,
): RequestLogEntry {
  const violations = answer.headers?.["x-pgi-mock-violations"];
  const hint = answer.headers?.["x-pgi-mock-hint"];
  return {
    time: new Date(now).toISOString(),
    host,
    method,
    path,
    status: answer.status,
    verdict: verdictOf(path, answer, violations, hint),
    ...(violations !== undefined ? { violations: parseViolations(violations) } : {}),
    ...(hint !== undefined ? { hint } : {}),
  };
}

/** How request lines are written. */
export interface RequestLoggerOptions {
  format: "text" | "json";
  /** Colour the text form (only when writing to a TTY and NO_COLOR is unset). */
  color: boolean;
  /** Receives each line without its newline. */
  write: (line: string) => void;
  /** Values to hide wherever they appear (credentials that differ from the test defaults). */
  secrets?: readonly string[];
}

function maskWith(secrets: readonly string[]): (s: string) => string {
  return (s) =>
    secrets.reduce((out, secret) => (out.includes(secret) ? out.split(secret).join("****") : out), s);
}

const VERDICT_WIDTH = 8;

/**
 * The text form: time, host, method, path, status, verdict, then the violations or the hint.
 *
 * @example
 * formatText(entry, false); // "2026-11-23T06:00:00.000Z otp POST /otp/send 400 invalid body.mobileNumber: must match pattern"
 */
export function formatText(entry: RequestLogEntry, color: boolean): string {
  const c = pc.createColors(color);
  const paint = entry.status >= 500 ? c.red : entry.status >= 400 ? c.yellow : c.green;
  const detail = entry.violations?.join("; ") ?? entry.hint ?? "";
  return [
    c.dim(entry.time),
    entry.host.padEnd(8),
    c.bold(entry.method.padEnd(6)),
    entry.path,
    paint(String(entry.status)),
    paint(entry.verdict.padEnd(VERDICT_WIDTH)),
    detail,
  ]
    .join(" ")
    .trimEnd();
}

/**
 * A request logger for the CLI: one line per entry, text or JSON (`{"event":"request",...}`), secrets masked.
 *
 * @example
 * const onRequest = createRequestLogger({ format: "json", color: false, write: (l) => process.stdout.write(`${l}\n`) });
 * await startMock({ onRequest });
 */
export function createRequestLogger(options: RequestLoggerOptions): (entry: RequestLogEntry) => void {
  const mask = maskWith(options.secrets ?? []);
  return (entry) => {
    const masked: RequestLogEntry = {
      ...entry,
      path: mask(entry.path),
      ...(entry.violations ? { violations: entry.violations.map(mask) } : {}),
      ...(entry.hint !== undefined ? { hint: mask(entry.hint) } : {}),
    };
    options.write(
      options.format === "json"
        ? JSON.stringify({ event: "request", ...masked })
        : formatText(masked, options.color),
    );
  };
}
