// Runs a collection with newman as a promise, bounded in time.
import newman from "newman";

type Summary = Parameters<Parameters<typeof newman.run>[1]>[1];

/** Runs `collection` with `environment`; resolves with newman's summary. */
export function runNewman(
  collection: unknown,
  environment: unknown,
  extra: { folder?: string; envVar?: { key: string; value: string }[] } = {},
): Promise<Summary> {
  return new Promise((resolve, reject) => {
    newman.run(
      { collection, environment, reporters: [], timeout: 120_000, timeoutRequest: 15_000, ...extra },
      (error, summary) => (error ? reject(error) : resolve(summary)),
    );
  });
}

/** Every assertion of a run as `request › assertion: passed|failed|skipped`. */
export function assertionLines(summary: Summary): string[] {
  return summary.run.executions.flatMap((e) =>
    (e.assertions ?? []).map(
      (a) =>
        `${e.item.name} › ${a.assertion}: ${a.skipped ? "skipped" : a.error ? `failed (${a.error.message})` : "passed"}`,
    ),
  );
}
