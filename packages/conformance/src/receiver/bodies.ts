// The bodies the grader sends: payloads of events of their own (a fresh merchant_uuid each), written as JSON in the
// layouts a sender may use (sorted or other key orders, indented, non-ASCII escaped, integers past 2^53 exact), and
// summarised for reports.
import type { Payload } from "./types.js";

/** How a payload is written. */
export interface Layout {
  /** Key order: sorted (the default), reversed, or as the payload lists them. */
  order?: "sorted" | "reversed" | "as-given";
  /** Indent with this many spaces, one field per line, a space after each colon. */
  indent?: number;
  /** Write every non-ASCII character, and "/", as a \u or \/ escape. */
  escape?: boolean;
}

const escapeChars = (json: string) =>
  json
    .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)
    .replace(/\//g, "\\/");

function literal(value: unknown, escapeAll: boolean): string {
  if (typeof value === "bigint") return value.toString();
  const json = JSON.stringify(value) ?? "null";
  return escapeAll ? escapeChars(json) : json;
}

/**
 * The JSON text of a flat payload in `layout`; bigint values are written with all their digits.
 *
 * @example
 * writeJson({ mid: 9007199254740993n, b: "é" }, { escape: true }); // '{"b":"\\u00e9","mid":9007199254740993}'
 */
export function writeJson(payload: Payload, layout: Layout = {}): string {
  let keys = Object.keys(payload);
  if ((layout.order ?? "sorted") !== "as-given") keys.sort();
  if (layout.order === "reversed") keys = keys.reverse();
  const pairs = keys.map(
    (k) =>
      `${literal(k, layout.escape === true)}:${layout.indent ? " " : ""}${literal(payload[k], layout.escape === true)}`,
  );
  if (!layout.indent) return `{${pairs.join(",")}}`;
  const pad = " ".repeat(layout.indent);
  return `{\n${pairs.map((p) => pad + p).join(",\n")}\n}\n`;
}

/**
 * A merchant UUID in the host's layout (hex groups 4-4-8-4-12), from `random`.
 *
 * @example
 * merchantUuid(Math.random); // "5f1c-0a9e-3b7d2c10-8e4f-1a2b3c4d5e6f"
 */
export function merchantUuid(random: () => number): string {
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 16).toString(16)).join("");
  return [hex(4), hex(4), hex(8), hex(4), hex(12)].join("-");
}

const size = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} KiB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/**
 * What a body is, in a few words: its byte size, and its event when it is a payload.
 *
 * @example
 * bodySummary('{"event_name":"Website status update"}'); // '38 B: event "Website status update"'
 */
export function bodySummary(body: string): string {
  const bytes = Buffer.byteLength(body, "utf8");
  if (bytes === 0) return "an empty body";
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `${size(bytes)} that is not valid JSON (starts ${JSON.stringify(body.slice(0, 24))}${body.length > 24 ? "…" : ""})`;
  }
  const event = (parsed as Payload | null)?.event_name;
  return typeof event === "string"
    ? `${size(bytes)}: event ${JSON.stringify(event)}`
    : `${size(bytes)} of JSON`;
}

/** A digest shortened for reports: its first and last 8 hex characters. */
export const shortDigest = (digest: string) =>
  digest.length > 20 ? `${digest.slice(0, 8)}…${digest.slice(-8)}` : digest;
