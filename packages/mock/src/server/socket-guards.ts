// Answers what never reaches the request handler (CONNECT, a connection of only blank lines, a request the HTTP
// parser refuses) with a problem answer and a clean close, never a silent hang-up.
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import type { MockResponse } from "../types.js";
import { rawAnswer } from "./answer.js";
import { problem, type Violation } from "./violations.js";

/** How long a socket answered here is still read (and the bytes dropped) for the peer to close first. */
export const LINGER_MS = 2_000;
/** Line feeds before any other byte that make a connection "only blank lines" (RFC 9112 ignores one). */
const BLANK_LINES = 2;
const LF = 0x0a;
const CR = 0x0d;

/** What the guards need of the host: the methods its operations take, the clock, and the request log. */
export interface GuardOptions {
  /** Methods of the host's operations, for the `allow` header of the CONNECT refusal. */
  allow: string;
  now: () => number;
  /** Called for each answer given here, with the method and target as far as they are known ("-" if not). */
  onAnswer?: (method: string, target: string, answer: MockResponse) => void;
}

const closing = new WeakSet<Duplex>();

/** True for a socket a guard answered and is closing: a request parsed on it afterwards gets no answer. */
export const isClosing = (socket: Duplex): boolean => closing.has(socket);

function refusal(status: number, title: string, violation: Violation): MockResponse {
  const answer = problem(status, title, `${violation.field}: ${violation.message}`);
  return { ...answer, headers: { "x-pgi-mock-violations": JSON.stringify([violation]) } };
}

/**
 * Writes the answer and half-closes, then keeps reading (dropping what arrives) until the peer closes or
 * LINGER_MS pass: closing with unread bytes would make the peer's kernel see a reset instead of the answer.
 */
function answerAndClose(socket: Duplex, answer: MockResponse, options: GuardOptions): void {
  if (closing.has(socket)) return;
  closing.add(socket);
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(rawAnswer(answer, new Date(options.now())));
  socket.resume();
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once("end", () => socket.destroy());
  socket.once("close", () => clearTimeout(timer));
}

/**
 * CONNECT asks the mock to tunnel: it is an origin server, not a proxy, so the method is not allowed. Like the 405
 * of a known path, it belongs to no operation (the log calls it unrouted).
 */
function refuseConnect(req: IncomingMessage, socket: Duplex, options: GuardOptions): void {
  const target = req.url ?? "";
  const detail = `CONNECT ${target.slice(0, 200)}: the mock answers the interface's operations and is not a proxy; use ${options.allow}`;
  const answer = { ...problem(405, "Method not allowed", detail), headers: { allow: options.allow } };
  options.onAnswer?.("CONNECT", target, answer);
  answerAndClose(socket, answer, options);
}

/**
 * Watches the first bytes of a connection: only blank lines (two line feeds and nothing else, or blank lines and
 * then the end of the stream) get a 400 naming the missing request line. Any other byte hands the connection back
 * to the HTTP parser untouched.
 */
function watchBlankLines(socket: Duplex, options: GuardOptions): void {
  let lineFeeds = 0;
  let seen = 0;
  const refuse = () => {
    stop();
    const answer = refusal(400, "Malformed request", {
      location: "request",
      field: "request.line",
      rule: "syntax",
      message: `the connection sent ${seen} byte(s) of blank lines and no request line (method, target, version)`,
    });
    options.onAnswer?.("-", "-", answer);
    answerAndClose(socket, answer, options);
  };
  const onData = (chunk: Buffer) => {
    for (const byte of chunk) {
      if (byte !== CR && byte !== LF) return stop();
      if (byte === LF) lineFeeds++;
    }
    seen += chunk.length;
    if (lineFeeds >= BLANK_LINES) refuse();
  };
  // Before the parser's own end handler, which would close the socket without a word.
  const onEnd = () => {
    if (seen > 0) refuse();
  };
  const stop = () => {
    socket.off("data", onData);
    socket.off("end", onEnd);
  };
  socket.on("data", onData);
  socket.prependListener("end", onEnd);
}

const PARSER_STATUS: Readonly<Record<string, [number, string]>> = {
  HPE_HEADER_OVERFLOW: [431, "Request header fields too large"],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "Request timeout"],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, "Chunk extensions too large"],
};

/** A request the HTTP parser refused: the parser's reason as a problem answer (400 unless it names another). */
function refuseUnparsable(
  error: Error & { code?: string; reason?: string },
  socket: Duplex,
  options: GuardOptions,
) {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, title] = PARSER_STATUS[error.code ?? ""] ?? [400, "Malformed request"];
  const reason = (error.reason ?? error.message).slice(0, 200);
  const answer = refusal(status, title, {
    location: "request",
    field: "request",
    rule: "syntax",
    message: `${reason}${error.code ? ` (${error.code})` : ""}`,
  });
  options.onAnswer?.("-", "-", answer);
  answerAndClose(socket, answer, options);
}

/**
 * Installs the guards on a host's server: CONNECT, blank-line connections and parser errors are answered.
 *
 * @example
 * guardSockets(server, { allow: "POST", now: () => clock.now(), onAnswer: (m, t, a) => log(m, t, a) });
 */
export function guardSockets(server: Server, options: GuardOptions): void {
  server.on("connect", (req: IncomingMessage, socket: Duplex) => refuseConnect(req, socket, options));
  server.on("connection", (socket: Duplex) => watchBlankLines(socket, options));
  server.on("clientError", (error: Error, socket: Duplex) => refuseUnparsable(error, socket, options));
}
