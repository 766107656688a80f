// A small syntax highlighter for the guides' code blocks (sh, ts/js, json, http): spans with tok-* classes,
// written at build time, so pages need no script for it and fetch nothing.
import { escapeHtml } from "./html.js";

/** One kind of token: its class and a sticky pattern. */
type Rule = readonly [cls: string, pattern: RegExp];

const TS_KEYWORDS =
  "as|async|await|break|case|catch|class|const|continue|default|delete|do|else|export|extends|finally|for|from|function|if|import|in|instanceof|interface|let|new|of|return|switch|throw|try|type|typeof|var|void|while|yield";

const LANGUAGES: Readonly<Record<string, readonly Rule[]>> = {
  sh: [
    ["com", /(?<=^|\s)#[^\n]*/my],
    ["str", /'[^']*'|"(?:\\.|[^"\\])*"/y],
    ["var", /(?<=^|[;&|]\s*)[A-Za-z_][A-Za-z0-9_]*(?==)/my],
    ["var", /\$\{[^}\n]*\}|\$[A-Za-z_][A-Za-z0-9_]*|\$[0-9?@#]/y],
    ["opt", /(?<=^|[\s=])--?[A-Za-z][\w-]*/my],
    ["cmd", /(?<=^|[|;&(]\s*)[A-Za-z_.][\w.-]*/my],
    ["punct", /\|\||&&|[|<>;\\]/y],
  ],
  ts: [
    ["com", /\/\/[^\n]*|\/\*[\s\S]*?\*\//y],
    ["str", /'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`/y],
    ["kw", new RegExp(`\\b(?:${TS_KEYWORDS})\\b`, "y")],
    ["lit", /\b(?:true|false|null|undefined)\b/y],
    ["num", /\b\d[\d_]*(?:\.\d+)?\b/y],
    ["key", /[A-Za-z_$][\w$]*(?=\s*:)/y],
    ["fn", /[A-Za-z_$][\w$]*(?=\s*\()/y],
    ["word", /[A-Za-z_$][\w$]*/y],
  ],
  json: [
    ["key", /"(?:\\.|[^"\\])*"(?=\s*:)/y],
    ["str", /"(?:\\.|[^"\\])*"/y],
    ["num", /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y],
    ["lit", /\b(?:true|false|null)\b/y],
  ],
  http: [
    ["kw", /^(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)(?= )/my],
    ["key", /^[A-Za-z][\w-]*(?=:)/my],
    ["num", /(?<=^HTTP\/[\d.]+ )\d{3}/my],
    ["str", /"(?:\\.|[^"\\])*"/y],
  ],
};

const ALIASES: Readonly<Record<string, string>> = {
  bash: "sh",
  shell: "sh",
  console: "sh",
  js: "ts",
  javascript: "ts",
  typescript: "ts",
  mjs: "ts",
};

/**
 * The language a fence names, as the highlighter knows it (`bash` is `sh`, `js` is `ts`), or undefined.
 *
 * @example
 * languageOf("bash") // => "sh"
 */
export function languageOf(fence: string): string | undefined {
  const name = ALIASES[fence.toLowerCase()] ?? fence.toLowerCase();
  return name in LANGUAGES ? name : undefined;
}

/**
 * HTML of `code` with tokens wrapped in `<span class="tok-…">`; text outside tokens is escaped as is, so the
 * block's text (what Copy copies) is exactly `code`. Unknown languages are only escaped.
 *
 * @example
 * highlight('pnpm mock --port 0', "sh") // => '<span class="tok-cmd">pnpm</span> mock <span class="tok-opt">--port</span> 0'
 */
export function highlight(code: string, language: string): string {
  const name = languageOf(language);
  const rules = name ? LANGUAGES[name]! : [];
  let out = "";
  let plain = "";
  let i = 0;
  outer: while (i < code.length) {
    for (const [cls, pattern] of rules) {
      pattern.lastIndex = i;
      const m = pattern.exec(code);
      if (!m || m[0] === "") continue;
      out += escapeHtml(plain);
      plain = "";
      out += cls === "word" ? escapeHtml(m[0]) : `<span class="tok-${cls}">${escapeHtml(m[0])}</span>`;
      i += m[0].length;
      continue outer;
    }
    plain += code[i];
    i++;
  }
  return out + escapeHtml(plain);
}
