// Writes the proxy's traffic as HAR 1.2, every secret masked, in the form `pgi-conformance validate` reads back.
import { createWriteStream, openSync, type WriteStream } from "node:fs";
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
  // The proxy decoded the answer for its checks: the entry holds it decoded, without its content coding.
  const resText = answer.body.bytes.toString("utf8");
  const responseHeaders = Object.fromEntries(
    Object.entries(answer.headers).filter(([k]) => k !== "content-encoding"),
  );
  const failed = verdict.findings.filter((f) => !f.ok && !f.warning).map((f) => f.check);
  const cut = [
    ...(request.body.complete ? [] : ["request body cut at the capture limit"]),
    ...(answer.body.complete ? [] : [answer.body.note ?? "response body cut at the capture limit"]),
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
        ...(rec.refused ? [`answered by the proxy (${rec.refused})`] : []),
        ...cut,
      ].join("; "),
    ),
  };
}

/**
 * A HAR 1.2 file written as the exchanges complete: the log's head at open, each entry appended, the closing
 * brackets at `close()`. Nothing but the write stream's buffer is held, so a session of any length keeps the same
 * memory. The file is opened at once (an error there is thrown); a later write error is kept and thrown by `close()`.
 *
 * @example
 * const har = openHar("session.har", "0.1.0");
 * har.append(harEntry(rec, verdict, mask));
 * await har.close();
 */
export function openHar(file: string, version: string): HarFile {
  return new HarFile(createWriteStream(file, { fd: openSync(file, "w") }), version);
}

/** See {@link openHar}. */
export class HarFile {
  /** Entries written so far. */
  entries = 0;
  private error?: Error;

  constructor(
    private readonly out: WriteStream,
    version: string,
  ) {
    out.on("error", (error) => {
      this.error ??= error;
    });
    const creator = JSON.stringify({ name: "pgi-conformance proxy", version });
    out.write(
      `{\n  "log": {\n    "version": "1.2",\n    "creator": ${creator},\n    "pages": [],\n    "entries": [\n`,
    );
  }

  /** Appends one entry (from {@link harEntry}). */
  append(entry: Record<string, unknown>): void {
    if (this.error) return;
    this.out.write(`${this.entries ? ",\n" : ""}      ${JSON.stringify(entry)}`);
    this.entries++;
  }

  /** Writes the closing brackets and waits for every byte to reach the file. */
  async close(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.out.once("close", resolve);
      this.out.end(`${this.entries ? "\n" : ""}    ]\n  }\n}\n`);
    });
    if (this.error) throw this.error;
  }
}
