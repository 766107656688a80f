// Decodes a captured answer body for checking: off the main thread, its output bounded, never the whole bomb.
import { promisify } from "node:util";
import { brotliDecompress, gunzip, inflate, inflateRaw, type ZlibOptions } from "node:zlib";
import type { Captured } from "./forward.js";

type Decoder = (buffer: Buffer, options: ZlibOptions) => Promise<Buffer>;

const inflateAny: Decoder = async (buffer, options) => {
  try {
    return await promisify(inflate)(buffer, options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") throw error;
    return promisify(inflateRaw)(buffer, options); // deflate sent without its zlib wrapper
  }
};

const DECODERS: Record<string, Decoder> = {
  gzip: promisify(gunzip),
  "x-gzip": promisify(gunzip),
  deflate: inflateAny,
  br: promisify(brotliDecompress) as Decoder,
};

/**
 * The content of a captured answer body with its content-coding (gzip, deflate, br) removed, decoded in zlib's
 * thread pool and stopped at `limit` bytes of output: an answer that inflates past it is kept as not checked
 * (`complete: false` and a `note`), as is one with a coding the proxy does not decode. A body that is not valid in
 * its coding decodes to nothing (its checks then fail). `size` stays the size on the wire.
 *
 * @example
 * const content = await decodeCaptured(answer.body, answer.headers["content-encoding"], 1024 * 1024);
 */
export async function decodeCaptured(
  body: Captured,
  encoding: string | undefined,
  limit: number,
): Promise<Captured> {
  const coding = (encoding ?? "").trim().toLowerCase();
  if (coding === "" || coding === "identity" || !body.complete) return body;
  const decode = DECODERS[coding];
  if (!decode)
    return {
      bytes: Buffer.alloc(0),
      size: body.size,
      complete: false,
      note: `the answer's content-coding ${JSON.stringify(encoding)} is not one the proxy decodes (gzip, deflate, br), so it was forwarded unchecked`,
    };
  try {
    return { bytes: await decode(body.bytes, { maxOutputLength: limit }), size: body.size, complete: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ERR_BUFFER_TOO_LARGE")
      return { bytes: Buffer.alloc(0), size: body.size, complete: true };
    return {
      bytes: Buffer.alloc(0),
      size: body.size,
      complete: false,
      note: `the answer body (${body.size} bytes, ${coding}) inflates past the capture limit of ${limit} bytes and was forwarded unchecked`,
    };
  }
}
