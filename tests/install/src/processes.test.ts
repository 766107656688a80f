import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { freePortRange } from "./processes.mjs";

describe("freePortRange", () => {
  it("a free range below the ephemeral ports, skipping a taken port and the ports to avoid", async () => {
    const base = await freePortRange(7);
    expect(base).toBeGreaterThanOrEqual(20_000);
    expect(base + 6).toBeLessThan(32_768);

    const taken = createServer();
    await new Promise<void>((r) => taken.listen(base + 3, "127.0.0.1", r));
    try {
      // Candidates in order: one overlapping the taken port, one overlapping `avoid`, then a clear one.
      const candidates = [base, base + 100, base + 200].map(
        (p) => (p - 20_000 + 0.5) / (32_700 - 20_000 - 7),
      );
      const random = () => candidates.shift() ?? 0.5;
      const got = await freePortRange(7, { avoid: [base + 105], random });
      expect(got).toBe(base + 200);
    } finally {
      taken.close();
    }
  });
});
