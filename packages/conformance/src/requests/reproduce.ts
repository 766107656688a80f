// Reproduce lines: complete curl commands in which every secret is a `$PGI_*` reference, never its value.
import { secretsOf } from "../config/configuration.js";
import type { Finding, RequestLine } from "../model/finding.js";
import type { Credentials } from "../model/target.js";

export type { RequestLine } from "../model/finding.js";

type Secret = readonly [name: string, value: string];
type Segment = { text: string } | { ref: string };

/** Replaces every secret value in `text` with `<NAME>`: for messages, reports and logs. */
export function maskText(text: string, secrets: readonly Secret[]): string {
  let out = text;
  for (const [name, value] of secrets) out = out.split(value).join(`<${name}>`);
  return out;
}

/**
 * A finding with `mask` applied to every text that can quote what was sent or answered.
 *
 * @example
 * findings.map((f) => maskFinding(f, (t) => maskText(t, secretsOf(target))));
 */
export function maskFinding(f: Finding, mask: (text: string) => string): Finding {
  return {
    ...f,
    ...(f.message !== undefined ? { message: mask(f.message) } : {}),
    ...(f.expected !== undefined ? { expected: mask(f.expected) } : {}),
    ...(f.actual !== undefined ? { actual: mask(f.actual) } : {}),
    ...(f.detail !== undefined ? { detail: mask(f.detail) } : {}),
  };
}

function segments(text: string, secrets: readonly Secret[]): Segment[] {
  let parts: Segment[] = [{ text }];
  for (const [name, value] of secrets) {
    parts = parts.flatMap((p) => {
      if (!("text" in p) || !p.text.includes(value)) return [p];
      const pieces = p.text.split(value);
      return pieces.flatMap((t, i) => [
        ...(t ? [{ text: t }] : []),
        ...(i < pieces.length - 1 ? [{ ref: name }] : []),
      ]);
    });
  }
  return parts;
}

const SAFE_IN_DOUBLE_QUOTES = /^[A-Za-z0-9 _.,:;/=@%+&?#{}[\]()'|~^*-]*$/;

/** One shell word: literal text single-quoted, each secret as a double-quoted `$NAME` reference. */
export function shellWord(text: string, secrets: readonly Secret[] = []): string {
  const parts = segments(text, secrets);
  const literals = parts.filter((p): p is { text: string } => "text" in p);
  if (parts.some((p) => "ref" in p) && literals.every((p) => SAFE_IN_DOUBLE_QUOTES.test(p.text))) {
    return `"${parts
      .map((p, i) => {
        if ("text" in p) return p.text;
        const next = parts[i + 1];
        return next && "text" in next && /^\w/.test(next.text) ? `\${${p.ref}}` : `$${p.ref}`;
      })
      .join("")}"`;
  }
  return parts.map((p) => ("text" in p ? `'${p.text.replace(/'/g, `'\\''`)}'` : `"$${p.ref}"`)).join("");
}

function decodeForm(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return undefined; // a malformed escape: the pair is sent as it is
  }
}

/** Form body arguments: fields holding a secret as --data-urlencode with a reference, the rest verbatim. */
function formArgs(body: string, secrets: readonly Secret[]): string[] {
  const args: string[] = [];
  let plain: string[] = [];
  const flush = () => {
    if (plain.length) args.push("--data-raw", shellWord(plain.join("&"), secrets));
    plain = [];
  };
  for (const pair of body.split("&")) {
    const eq = pair.indexOf("=");
    const name = eq < 0 ? pair : pair.slice(0, eq);
    const value = decodeForm(eq < 0 ? "" : pair.slice(eq + 1));
    if (value !== undefined && secrets.some(([, s]) => value.includes(s))) {
      flush();
      args.push("--data-urlencode", shellWord(`${decodeForm(name) ?? name}=${value}`, secrets));
    } else plain.push(pair);
  }
  flush();
  return args;
}

/** A JSON body with a secret whose JSON escaping differs from its text cannot take a reference: it is masked. */
function jsonArgs(body: string, secrets: readonly Secret[]): string[] {
  const unsafe = secrets.filter(([, v]) => JSON.stringify(v).slice(1, -1) !== v && body.includes(v));
  const safe = secrets.filter((s) => !unsafe.includes(s));
  return ["--data-raw", shellWord(maskText(body, unsafe), safe)];
}

/**
 * A curl command that sends `req` again, complete (full hashes and bodies), every secret of `credentials` written
 * as a `$PGI_*` reference; paste it into a shell that has those variables set.
 *
 * @example
 * reproduceLine(req, target.credentials); // curl -X POST 'http://…/payout/v2/smartSend/link' -H "Authorization: Bearer $PGI_PAYOUT_TOKEN" …
 */
export function reproduceLine(req: RequestLine, credentials: Credentials): string {
  const secrets = secretsOf(credentials);
  const parts = ["curl", "-sS", "-X", req.method, shellWord(req.url, secrets)];
  for (const [k, v] of Object.entries(req.headers)) parts.push("-H", shellWord(`${k}: ${v}`, secrets));
  if (req.body !== undefined) {
    const type = Object.entries(req.headers).find(([k]) => k.toLowerCase() === "content-type")?.[1] ?? "";
    if (type.includes("x-www-form-urlencoded")) parts.push(...formArgs(req.body, secrets));
    else if (type.includes("json")) parts.push(...jsonArgs(req.body, secrets));
    else parts.push("--data-raw", shellWord(req.body, secrets));
  }
  return parts.join(" ");
}
