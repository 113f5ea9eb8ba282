import { describe, expect, it } from "vitest";
import { blamed, failingCases, isFailing, testCount } from "../../src/core/tests.js";
import type { Result } from "../../src/core/model.js";

type Tests = NonNullable<Result["tests"]>;
const cases = (...specs: Array<[string, Tests["cases"][number]["status"]]>): Tests => ({
  counts: { passed: 0, failed: 0, error: 0, skipped: 0 },
  cases: specs.map(([id, status]) => ({ id, name: id, status })),
});

describe("testCount", () => {
  it("counts every case, however it ended", () => {
    expect(testCount({ counts: { passed: 3, failed: 2, error: 1, skipped: 4 } })).toBe(10);
  });
});

describe("isFailing", () => {
  it("is a failed or an errored case", () => {
    expect(["passed", "failed", "error", "skipped"].map((status) => isFailing({ status } as never))).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });
});

describe("blamed", () => {
  it("is what the patch broke and the new tests that fail", () => {
    expect(blamed({ pass_to_fail: ["a"], new_failing: ["n"], fail_to_fail: ["f"], fail_to_pass: ["p"] })).toEqual([
      "a",
      "n",
    ]);
    expect(blamed({})).toEqual([]);
  });
});

describe("failingCases", () => {
  const tests = cases(["a", "failed"], ["b", "passed"], ["f", "error"], ["n", "failed"], ["s", "skipped"]);
  it("holds a result to every failing case without a comparison", () => {
    const { held, preexisting } = failingCases({ tests });
    expect(held.map((c) => c.id)).toEqual(["a", "f", "n"]);
    expect(preexisting).toEqual([]);
  });
  it("with a comparison, holds it to what it is blamed for; the rest failed on the base already", () => {
    const { held, preexisting } = failingCases({ tests, compare: { pass_to_fail: ["a"], new_failing: ["n"] } });
    expect(held.map((c) => c.id)).toEqual(["a", "n"]);
    expect(preexisting.map((c) => c.id)).toEqual(["f"]);
  });
  it("finds nothing in a result without tests", () => {
    expect(failingCases({})).toEqual({ held: [], preexisting: [] });
  });
});
