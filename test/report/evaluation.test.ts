import { describe, expect, it } from "vitest";
import { quantile } from "../../src/report/evaluation.js";

describe("quantile", () => {
  it("is the nearest rank: always one of the values", () => {
    const values = [5, 1, 4, 2, 3];
    expect(quantile(values, 0.5)).toBe(3);
    expect(quantile(values, 0.95)).toBe(5);
    expect(quantile(values, 0)).toBe(1);
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2);
    expect(quantile(Array.from({ length: 100 }, (_, i) => i + 1), 0.95)).toBe(95);
  });

  it("is 0 for no values and leaves its input alone", () => {
    expect(quantile([], 0.5)).toBe(0);
    const values = [3, 1, 2];
    quantile(values, 0.5);
    expect(values).toEqual([3, 1, 2]);
  });
});
