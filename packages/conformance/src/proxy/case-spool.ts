// The cases of a proxy session kept for its --reporter report: in a private temporary file, not in memory.
import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { CaseResult } from "../model/results.js";
import type { Masker } from "./mask.js";

/**
 * Cases appended as JSON lines (every string masked first) to a file in a new private temporary directory, read
 * back once at the end to write the report. The session's memory does not grow with its length; the report's
 * writing at exit needs what the report holds.
 *
 * @example
 * const spool = await CaseSpool.open(mask);
 * spool.append(caseResult(rec, verdict, 1, target));
 * const results = await spool.drain(); // and the file is gone
 */
export class CaseSpool {
  private error?: Error;

  private constructor(
    private readonly dir: string,
    private readonly out: WriteStream,
    private readonly mask: Masker,
  ) {
    out.on("error", (error) => {
      this.error ??= error;
    });
  }

  /** Creates the spool's directory (mode 0700) and file (0600). */
  static async open(mask: Masker): Promise<CaseSpool> {
    const dir = await mkdtemp(join(tmpdir(), "pgi-proxy-cases-"));
    return new CaseSpool(dir, createWriteStream(join(dir, "cases.jsonl"), { mode: 0o600 }), mask);
  }

  /** Appends one case. */
  append(result: CaseResult): void {
    if (this.error) return;
    this.out.write(`${JSON.stringify(result, (_k, v) => (typeof v === "string" ? this.mask(v) : v))}\n`);
  }

  /** Every case appended, in order; the spool's directory is removed. A write error is thrown. */
  async drain(): Promise<CaseResult[]> {
    await new Promise<void>((resolve) => {
      this.out.once("close", resolve);
      this.out.end();
    });
    try {
      if (this.error) throw this.error;
      const results: CaseResult[] = [];
      const lines = createInterface({
        input: createReadStream(join(this.dir, "cases.jsonl")),
        crlfDelay: Number.POSITIVE_INFINITY,
      });
      for await (const line of lines) if (line) results.push(JSON.parse(line) as CaseResult);
      return results;
    } finally {
      await rm(this.dir, { recursive: true, force: true });
    }
  }
}
