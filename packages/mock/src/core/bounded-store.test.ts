import { describe, expect, it } from "vitest";
import { BoundedStore } from "./bounded-store.js";

const limits = { retentionMs: 1_000, maxRecords: 3, maxDeliveries: 2, maxPendingDeliveries: 2 };

describe("BoundedStore", () => {
  it("keeps a record until its end of life plus the retention", () => {
    const s = new BoundedStore<string>(limits);
    s.set("a", "A", 5_000, 0);
    expect(s.get("a", 6_000)).toBe("A");
    expect(s.get("a", 6_001)).toBeUndefined();
    expect(s.size).toBe(0);
  });
  it("evicts the oldest first beyond the cap", () => {
    const s = new BoundedStore<string>(limits);
    for (const k of ["a", "b", "c", "d"]) s.set(k, k, 10_000, 0);
    expect(s.values(0)).toEqual(["b", "c", "d"]);
  });
  it("sweep drops every record past its retention; extend moves an end of life", () => {
    const s = new BoundedStore<string>(limits);
    s.set("a", "A", 1_000, 0);
    s.set("b", "B", 1_000, 0);
    s.extend("b", 9_000);
    s.sweep(5_000);
    expect(s.values(5_000)).toEqual(["B"]);
  });
});
