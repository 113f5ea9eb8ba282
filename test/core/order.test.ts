// The gate's one ascending order: plain `<`, the same on every machine.
import { describe, expect, it } from "vitest";
import { ascending } from "../../src/core/order.js";

describe("ascending", () => {
  it("orders strings by code unit, not by the locale: capitals before small letters, 'Z' before 'a'", () => {
    expect(["b", "a", "Z", "é", "B", "a"].sort(ascending)).toEqual(["B", "Z", "a", "a", "b", "é"]);
  });

  it("orders numbers by value, not as text", () => {
    expect([10, 9, -1, 2.5, 9].sort(ascending)).toEqual([-1, 2.5, 9, 9, 10]);
  });

  it("says 0 for equal values, so a stable sort keeps their order", () => {
    expect(ascending("x", "x")).toBe(0);
    expect(ascending(3, 3)).toBe(0);
    expect(ascending("a", "b")).toBeLessThan(0);
    expect(ascending("b", "a")).toBeGreaterThan(0);
  });
});
