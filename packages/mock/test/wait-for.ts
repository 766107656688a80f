// Bounded polling for tests: wait for a condition, never for a fixed time.

/**
 * Resolves once `condition()` is true (polled every `intervalMs`); rejects after `timeoutMs` naming `what`.
 * The bound is generous: it only decides how long a broken run takes to fail, not how long a good one takes.
 *
 * @example
 * await waitFor(() => received.length >= 2, { what: "two deliveries" });
 */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  { what, timeoutMs = 30_000, intervalMs = 10 }: { what: string; timeoutMs?: number; intervalMs?: number },
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`waited ${timeoutMs / 1000} s for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
