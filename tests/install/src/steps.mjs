// @ts-check
// The install test's progress: a line when a step starts, a line every 15 s while it runs, and its outcome and time.

/**
 * Runs one named step, printing its start, a heartbeat while it runs, and its outcome and time.
 *
 * @param {string} name
 * @param {() => Promise<string | void>} fn  resolves with an optional note for the outcome line
 * @param {{ heartbeatMs?: number, log?: (line: string) => void, now?: () => number }} [o]
 * @example
 * await step("npm install the tarballs", () => install(project)); // "...  npm install the tarballs" then "ok   npm install the tarballs (12.3 s)"
 */
export async function step(name, fn, o = {}) {
  const log = o.log ?? ((line) => console.log(line));
  const now = o.now ?? Date.now;
  const t0 = now();
  const seconds = () => ((now() - t0) / 1000).toFixed(1);
  log(`...  ${name}`);
  const heartbeat = setInterval(
    () => log(`     still running: ${name} (${seconds()} s)`),
    o.heartbeatMs ?? 15_000,
  );
  try {
    const note = await fn();
    log(`ok   ${name} (${seconds()} s)${note ? `: ${note}` : ""}`);
  } catch (error) {
    log(`FAIL ${name} (${seconds()} s)`);
    throw error;
  } finally {
    clearInterval(heartbeat);
  }
}

/**
 * Fails with `message` unless `condition` holds.
 *
 * @param {unknown} condition
 * @param {string} message
 * @example
 * check(stdout.includes("ok"), `printed: ${stdout}`);
 */
export function check(condition, message) {
  if (!condition) throw new Error(message);
}
