import { describe, expect, it } from "vitest";
import { inShard } from "../../src/core/shard.js";

const slice = (n: number, index: number, count: number) =>
  Array.from({ length: n }, (_, i) => i).filter((i) => inShard(i, { index, count }));

describe("inShard", () => {
  it("takes every position without a shard", () => {
    expect(slice(5, 1, 1)).toEqual([0, 1, 2, 3, 4]);
    expect(inShard(7, undefined)).toBe(true);
  });

  it("deals positions round-robin: disjoint, complete, sizes within one", () => {
    for (const count of [2, 3, 4, 7]) {
      const shards = Array.from({ length: count }, (_, i) => slice(23, i + 1, count));
      expect(shards.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 23 }, (_, i) => i));
      const sizes = shards.map((s) => s.length);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    }
    expect(slice(10, 2, 4)).toEqual([1, 5, 9]);
  });

  it("gives a shard beyond the dataset nothing", () => {
    expect(slice(2, 4, 4)).toEqual([]);
  });
});
