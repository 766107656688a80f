// Escaping for the HTML report: every text that reaches the page goes through esc(), attributes included.

/**
 * Text made safe for HTML content and attribute values (quotes included); characters XML cannot hold are dropped.
 *
 * @example
 * esc('<script>alert("x")</script>'); // "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"
 */
export function esc(text: string | number | undefined): string {
  return String(text ?? "")
    .replace(/[^\x09\x0a\x0d\x20-\ud7ff\ud800-\udfff\ue000-\ufffd]/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** An id usable in an href fragment, from any text. */
export const anchor = (text: string): string =>
  `a-${
    text
      .replace(/[^A-Za-z0-9_-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .toLowerCase() || "x"
  }`;
