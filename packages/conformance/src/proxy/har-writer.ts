// Writes the proxy's traffic as HAR 1.2, every secret masked, in the form `pgi-conformance validate` reads back.
import { writeFile } from "node:fs/promises";
import { bodyText } from "./forward.js";
import type { Recorded, Verdict } from "./judge.js";
import { type Masker, maskBody, maskHeader } from "./mask.js";

interface NameValue {
  name: string;
  value: string;
}

const mediaOf = (headers: Record<string, string>) =>
  (headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";

const isText = (media: string) =>
  media === "" || media.startsWith("text/") || /json|xml|x-www-form-urlencoded|javascript/.test(media);

function headerList(headers: Record<string, string>, mask: Masker): NameValue[] {
  return Object.entries(headers).map(([name, value]) => ({ name, value: mask(maskHeader(name, value)) }));
}

/**
 * One HAR entry for an exchange. The URL is the upstream URL (so entries match their host by base URL or path);
 * bodies are text (base64 when not textual); credential headers, configured secrets and issued tokens are masked;
 * a body longer than the capture limit is cut and says so in the entry's comment.
 *
 * @example
 * harEntry(recorded, verdict, masker(target));
 */
export function harEntry(rec: Recorded, verdict: Verdict, mask: Masker): Record<string, unknown> {
  const { request, answer } = rec;
  const url = new URL(request.url);
  const reqMedia = mediaOf(request.headers);
  const resMedia = mediaOf(answer.headers);
  const resText = bodyText(answer.body, answer.headers["content-encoding"]);
  // The body is written decoded, so the entry no longer carries its content coding.
  const responseHeaders = Object.fromEntries(
    Object.entries(answer.headers).filter(([k]) => k !== "content-encoding"),
  );
  const failed = verdict.findings.filter((f) => !f.ok && !f.warning).map((f) => f.check);
  const cut = [
    ...(request.body.complete ? [] : ["request body cut at the capture limit"]),
    ...(answer.body.complete ? [] : ["response body cut at the capture limit"]),
  ];
  return {
    startedDateTime: rec.startedAt.toISOString(),
    time: Math.round(rec.durationMs * 1000) / 1000,
    request: {
      method: request.method,
      url: mask(request.url),
      httpVersion: "HTTP/1.1",
      cookies: [],
      headers: headerList(request.headers, mask),
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value: mask(value) })),
      ...(request.body.size
        ? {
            postData: {
              mimeType: request.headers["content-type"] ?? "",
              text: mask(maskBody(request.body.bytes.toString("utf8"), reqMedia)),
            },
          }
        : {}),
      headersSize: -1,
      bodySize: request.body.size,
    },
    response: {
      status: answer.status,
      statusText: answer.statusText,
      httpVersion: "HTTP/1.1",
      cookies: [],
      headers: headerList(responseHeaders, mask),
      content: isText(resMedia)
        ? {
            size: answer.body.size,
            mimeType: answer.headers["content-type"] ?? "",
            text: mask(maskBody(resText, resMedia)),
          }
        : {
            size: answer.body.size,
            mimeType: answer.headers["content-type"] ?? "",
            text: answer.body.bytes.toString("base64"),
            encoding: "base64",
          },
      redirectURL: answer.headers.location ?? "",
      headersSize: -1,
      bodySize: answer.body.size,
    },
    cache: {},
    timings: { send: 0, wait: Math.round(rec.durationMs * 1000) / 1000, receive: 0 },
    comment: mask(
      [
        `${failed.length ? "FAIL" : "PASS"} ${rec.host} ${verdict.operationId}${failed.length ? ` (${[...new Set(failed)].join(", ")})` : ""}`,
        ...(rec.refused ? ["answered by the proxy (--enforce)"] : []),
        ...cut,
      ].join("; "),
    ),
  };
}

/**
 * Writes a HAR 1.2 file of the given entries.
 *
 * @example
 * await writeHar("session.har", entries, "0.1.0");
 */
export async function writeHar(
  file: string,
  entries: Record<string, unknown>[],
  version: string,
): Promise<void> {
  const har = {
    log: {
      version: "1.2",
      creator: { name: "pgi-conformance proxy", version },
      pages: [],
      entries,
    },
  };
  await writeFile(file, `${JSON.stringify(har, null, 2)}\n`);
}
