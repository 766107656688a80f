// A lightweight stand-in for the Request that openapi-fetch builds before calling the transport: the transport only
// needs url, method, headers, body and signal, and undici's Request costs ~50 µs to build and read back per call.
// Once a middleware is registered (client.use), the class hands out real Requests so middleware sees the standard API.

/** What the transport reads from a request, real or light. */
export interface RequestLike {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly signal?: AbortSignal | null;
}

const LIGHT = Symbol("pgi.lightRequest");

/**
 * The body of a light request, or undefined for a real Request: the text openapi-fetch serialised, or (`value`) the
 * caller's body object itself, which the light client passes through unserialised so the transport serialises once.
 */
export function lightBody(request: RequestLike): { body: string | undefined; value?: object } | undefined {
  const r = request as { [LIGHT]?: true; body?: unknown };
  if (r[LIGHT] !== true) return undefined;
  if (typeof r.body === "string") return { body: r.body };
  if (r.body && typeof r.body === "object" && !ArrayBuffer.isView(r.body) && !(r.body instanceof ArrayBuffer))
    return { body: undefined, value: r.body };
  return { body: undefined };
}

/**
 * A Request class for one client instance: light until `useReal()` is called, real Requests after.
 *
 * @example
 * const requests = lightRequestClass();
 * const client = createClient<paths>({ baseUrl, Request: requests.Request, fetch });
 * const use = client.use; client.use = (...m) => { requests.useReal(); use(...m); };
 */
export function lightRequestClass(): {
  Request: typeof globalThis.Request;
  useReal: () => void;
  isReal: () => boolean;
} {
  let real = false;
  class LightRequest {
    readonly [LIGHT] = true as const;
    readonly url!: string;
    readonly method!: string;
    readonly headers!: Headers;
    readonly body!: unknown;
    readonly signal!: AbortSignal | null;
    constructor(url: string | URL, init: RequestInit = {}) {
      this.url = String(url);
      this.method = (init.method ?? "GET").toUpperCase();
      this.headers = init.headers instanceof Headers ? init.headers : new Headers(init.headers);
      this.body = init.body ?? undefined;
      this.signal = init.signal ?? null;
    }
    /** The body as text, like Request.text(). */
    async text(): Promise<string> {
      if (typeof this.body === "string") return this.body;
      return this.body && typeof this.body === "object" ? JSON.stringify(this.body) : "";
    }
    /** openapi-fetch checks middleware results with instanceof: accept real Requests too. */
    static [Symbol.hasInstance](value: unknown): boolean {
      return (
        value instanceof globalThis.Request ||
        (typeof value === "object" && value !== null && (value as { [LIGHT]?: true })[LIGHT] === true)
      );
    }
  }
  // After useReal(), constructing gives a standard Request (a construct trap, so the class itself stays plain).
  const Switching = new Proxy(LightRequest, {
    construct: (target, args: [string | URL, RequestInit?]) =>
      real ? new globalThis.Request(...args) : new target(...args),
  });
  return {
    Request: Switching as unknown as typeof globalThis.Request,
    useReal: () => {
      real = true;
    },
    isReal: () => real,
  };
}
