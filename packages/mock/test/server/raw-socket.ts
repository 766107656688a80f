// A raw TCP client for attacks the fetch API cannot make: exact bytes, half-closes, and how the connection ended.
import { connect, type Socket } from "node:net";

/** How a raw connection ended: the server closed it (FIN), reset it, or neither within the bound. */
export type Ending = "closed" | "reset" | "open";

/** What came back on a raw connection. */
export interface RawOutcome {
  /** Everything the server sent, as latin1 text. */
  text: string;
  ending: Ending;
  /** The socket error code when the ending is "reset" (ECONNRESET, EPIPE). */
  code?: string;
}

/** The port of a mock host's URL. */
export const portOf = (url: string) => Number(new URL(url).port);

/**
 * Opens a connection, writes `data`, optionally half-closes, and reports what the server sent and how the
 * connection ended, within `boundMs` (then "open").
 *
 * @example
 * const out = await rawExchange(port, "\r\n\r\n", { boundMs: 3000 }); // out.text starts "HTTP/1.1 400"
 */
export function rawExchange(
  port: number,
  data: string,
  options: { halfClose?: boolean; boundMs?: number } = {},
): Promise<RawOutcome> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    let settled = false;
    const settle = (ending: Ending, code?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, ending, ...(code ? { code } : {}) });
    };
    const timer = setTimeout(() => settle("open"), options.boundMs ?? 5_000);
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      text += chunk;
    });
    socket.on("end", () => settle("closed"));
    socket.on("error", (e: NodeJS.ErrnoException) => settle("reset", e.code));
    socket.write(data);
    if (options.halfClose) socket.end();
  });
}

/** Reads from `socket` until `done(text)` is true, the socket ends or errors, or `boundMs` passes. */
export function readUntil(
  socket: Socket,
  done: (text: string) => boolean,
  boundMs: number,
): Promise<{ text: string; ending?: Ending; code?: string }> {
  return new Promise((resolve) => {
    let text = "";
    const finish = (ending?: Ending, code?: string) => {
      clearTimeout(timer);
      socket.off("data", onData);
      socket.off("end", onEnd);
      socket.off("error", onError);
      resolve({ text, ...(ending ? { ending } : {}), ...(code ? { code } : {}) });
    };
    const onData = (chunk: Buffer) => {
      text += chunk.toString("latin1");
      if (done(text)) finish();
    };
    const onEnd = () => finish("closed");
    const onError = (e: NodeJS.ErrnoException) => finish("reset", e.code);
    const timer = setTimeout(() => finish("open"), boundMs);
    socket.on("data", onData);
    socket.once("end", onEnd);
    socket.once("error", onError);
  });
}

/** True once `text` holds a whole response with a content-length body. */
export function wholeResponse(text: string): boolean {
  const head = text.indexOf("\r\n\r\n");
  if (head < 0) return false;
  const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, head));
  return text.length - head - 4 >= Number(length?.[1] ?? 0);
}
