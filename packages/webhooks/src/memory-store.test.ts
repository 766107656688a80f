import { describe, expect, it } from "vitest";
import { storeContract } from "../test/store/store-contract.js";
import { createMemoryStore } from "./memory-store.js";

describe("memory store: the store contract", () => {
  storeContract(() => {
    let now = 1_000;
    return {
      store: createMemoryStore({ now: () => now }),
      pass: async (ms) => {
        now += ms;
      },
      shortMs: 100,
    };
  });
});

describe("memory store bounds", () => {
  it("drops the oldest keys beyond maxEntries", async () => {
    const store = createMemoryStore({ maxEntries: 2 });
    for (const key of ["a", "b", "c"]) await store.claim(key, 60_000);
    expect(store.size()).toBe(2);
    expect((await store.claim("a", 60_000)).state).toBe("claimed");
    expect(await store.claim("c", 60_000)).toEqual({ state: "processing" });
  });

  it.each([0, -1, 1.5, Number.NaN])("refuses maxEntries %s naming the option", (maxEntries) => {
    expect(() => createMemoryStore({ maxEntries })).toThrow(/maxEntries: must be a positive integer/);
  });
});
