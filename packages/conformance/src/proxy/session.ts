// What a proxy session keeps of its exchanges: counts for the summary, the HAR and the report's cases written out
// as the exchanges complete. Nothing grows with the session's length.
import { UsageError } from "../errors.js";
import type { Target } from "../model/target.js";
import { CaseSpool } from "./case-spool.js";
import { type HarFile, harEntry, openHar } from "./har-writer.js";
import type { Recorded, Verdict } from "./judge.js";
import { masker } from "./mask.js";
import { caseResult, Tally } from "./output.js";

/** See {@link openSession}. */
export interface Session {
  tally: Tally;
  har?: HarFile;
  spool?: CaseSpool;
  /** Counts an exchange, appends its HAR entry and its report case. */
  add(rec: Recorded, verdict: Verdict): void;
  /** Closes the HAR and drops the spool, for a proxy that did not start. */
  discard(): Promise<void>;
}

/**
 * Opens a session: the HAR file is created now (an unwritable path is a {@link UsageError}), the report's cases
 * go to a spool when a report is asked for.
 *
 * @example
 * const session = await openSession(target, { har: "s.har", report: true, version: "0.1.0" });
 * session.add(rec, verdict);
 */
export async function openSession(
  target: Target,
  options: { har?: string | undefined; report: boolean; version: string },
): Promise<Session> {
  const tally = new Tally();
  const harMask = masker(target);
  let har: HarFile | undefined;
  if (options.har)
    try {
      har = openHar(options.har, options.version);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "error";
      throw new UsageError(`--har ${options.har}: cannot write (${code})`);
    }
  const spool = options.report ? await CaseSpool.open(masker(target, { merchantKey: true })) : undefined;
  return {
    tally,
    ...(har ? { har } : {}),
    ...(spool ? { spool } : {}),
    add(rec, verdict) {
      tally.add(rec.host, verdict);
      har?.append(harEntry(rec, verdict, harMask));
      spool?.append(caseResult(rec, verdict, tally.exchanges, target));
    },
    async discard() {
      await har?.close().catch(() => {});
      await spool?.drain().catch(() => {});
    },
  };
}
