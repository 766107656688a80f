// Hands an answer back after the transport has read it: the same Response object (status, headers, url intact) whose
// body readers serve the checked text once, instead of building a second Response and a second stream per call.

/**
 * Returns `res` with text(), json(), arrayBuffer(), blob() and body serving `text`, readable once like a body; json()
 * gives `parsed.value` when the caller already parsed `text`.
 *
 * @example
 * const text = await res.text();
 * return serveText(res, text); // openapi-fetch then reads `text` through res.text()
 */
export function serveText(res: Response, text: string, parsed?: { value: unknown }): Response {
  let used = false;
  const take = (): string => {
    if (used) throw new TypeError("Body is unusable: the answer was already read");
    used = true;
    return text;
  };
  const readers: PropertyDescriptorMap = {
    bodyUsed: { get: () => used, configurable: true },
    body: {
      get: () => (used || text.length === 0 ? null : new Response(take()).body),
      configurable: true,
    },
    text: { value: async () => take(), configurable: true },
    // The transport already parsed a JSON answer to check it: that value is handed out instead of parsing again.
    json: {
      value: async () => (parsed ? (take(), parsed.value) : (JSON.parse(take()) as unknown)),
      configurable: true,
    },
    arrayBuffer: { value: async () => new TextEncoder().encode(take()).buffer, configurable: true },
    blob: { value: async () => new Blob([take()]), configurable: true },
  };
  try {
    return Object.defineProperties(res, readers);
  } catch {
    // A frozen or exotic Response from an injected fetch: fall back to a new one.
    const empty = res.status === 204 || res.status === 304;
    return new Response(empty ? null : text, {
      status: res.status,
      statusText: res.statusText,
      headers: res.headers,
    });
  }
}
