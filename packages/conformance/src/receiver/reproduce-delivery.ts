// Reproduce lines of the receiver grader: one curl command (on one line, for any POSIX shell) that sends a delivery
// again, its body and Authorization header exactly as the grader sent them. The header carries a signature, never
// the secret.
import type { Delivery } from "./types.js";

/**
 * One shell word in single quotes.
 *
 * @example
 * shellQuote("it's"); // "'it'\\''s'"
 */
export const shellQuote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

const CONTROL = /[\x00-\x1f\x7f]/;

/**
 * A printf command writing `text` exactly, on one line: backslashes doubled, control characters (an indented
 * body's newlines) as printf escapes.
 *
 * @example
 * printfCommand('{\n "a": 1\n}'); // "printf '%b' '{\\n \"a\": 1\\n}'"
 */
export function printfCommand(text: string): string {
  const escaped = text.replace(/[\\\x00-\x1f\x7f]/g, (c) => {
    if (c === "\\") return "\\\\";
    if (c === "\n") return "\\n";
    if (c === "\t") return "\\t";
    if (c === "\r") return "\\r";
    return `\\0${c.charCodeAt(0).toString(8).padStart(3, "0")}`;
  });
  return `printf '%b' ${shellQuote(escaped)}`;
}

/**
 * A curl command that sends `d` to `url` again (`copies` at once when more than one).
 *
 * @example
 * reproduceDelivery("http://127.0.0.1:8080/hook", delivery);
 * // curl -sS -i -X POST 'http://127.0.0.1:8080/hook' -H 'Content-Type: application/json' -H 'Authorization: 3f2a…' --data-binary '{…}'
 */
export function reproduceDelivery(url: string, d: Delivery, copies = 1): string {
  const auth =
    d.authorization === null
      ? []
      : d.authorization === ""
        ? ["-H", shellQuote("Authorization;")]
        : ["-H", shellQuote(`Authorization: ${d.authorization}`)];
  const piped = d.shellBody ?? (CONTROL.test(d.body) ? printfCommand(d.body) : undefined);
  const body = piped ? ["--data-binary", "@-"] : ["--data-binary", shellQuote(d.body)];
  const curl = [
    "curl",
    "-sS",
    "-i",
    "-X",
    "POST",
    shellQuote(url),
    "-H",
    shellQuote("Content-Type: application/json"),
    ...auth,
    ...body,
  ].join(" ");
  const one = piped ? `${piped} | ${curl}` : curl;
  if (copies <= 1) return one;
  return `for i in ${Array.from({ length: copies }, (_, i) => i + 1).join(" ")}; do ${one} & done; wait`;
}
