import { describe, expect, it } from "vitest";
import { highlight, languageOf } from "./highlight.js";

/** The text a reader sees (and Copy copies): tags removed, entities decoded. */
function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

describe("highlight", () => {
  it.each<[string, string, string[]]>([
    [
      "sh",
      "pnpm mock --port 0 # start",
      [
        '<span class="tok-cmd">pnpm</span>',
        '<span class="tok-opt">--port</span>',
        '<span class="tok-com"># start</span>',
      ],
    ],
    [
      "sh",
      "HASH=$(echo '{\"a\":1}' | pnpm --silent sign x)",
      [
        '<span class="tok-var">HASH</span>',
        '<span class="tok-str">&#39;{&quot;a&quot;:1}&#39;</span>',
        '<span class="tok-punct">|</span>',
      ],
    ],
    ["sh", "curl localhost:4011/x#frag", ['<span class="tok-cmd">curl</span> localhost:4011/x#frag']],
    [
      "ts",
      'import { a } from "@pgi/client"; // c',
      [
        '<span class="tok-kw">import</span>',
        '<span class="tok-str">&quot;@pgi/client&quot;</span>',
        '<span class="tok-com">// c</span>',
      ],
    ],
    [
      "ts",
      "const format = f({ k: 1 });",
      [
        '<span class="tok-kw">const</span> format',
        '<span class="tok-fn">f</span>',
        '<span class="tok-key">k</span>',
        '<span class="tok-num">1</span>',
      ],
    ],
    [
      "json",
      '{"a": [true, null, -1.5e3, "x"]}',
      [
        '<span class="tok-key">&quot;a&quot;</span>',
        '<span class="tok-lit">true</span>',
        '<span class="tok-num">-1.5e3</span>',
        '<span class="tok-str">&quot;x&quot;</span>',
      ],
    ],
    [
      "http",
      "POST /otp/send HTTP/1.1\nContent-Type: application/json",
      ['<span class="tok-kw">POST</span>', '<span class="tok-key">Content-Type</span>'],
    ],
  ])("%s: %s", (language, code, spans) => {
    const html = highlight(code, language);
    for (const span of spans) expect(html).toContain(span);
    expect(text(html)).toBe(code);
  });

  it("keeps the exact text of every block, escaped, in any language", () => {
    const code = "a<b>&'\"`x` ${y} /* z */ # w\n\t\\n ünïcode";
    for (const language of ["sh", "ts", "json", "http", "text", ""]) {
      const html = highlight(code, language);
      expect(html).not.toMatch(/<(?!\/?span)/);
      expect(text(html)).toBe(code);
    }
  });

  it("knows the usual fence names", () => {
    expect([languageOf("bash"), languageOf("JS"), languageOf("typescript"), languageOf("text")]).toEqual([
      "sh",
      "ts",
      "ts",
      undefined,
    ]);
  });
});
