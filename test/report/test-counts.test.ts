import { describe, expect, it } from "vitest";
import { testTally, totalCounts } from "../../src/report/test-counts.js";

describe("testTally", () => {
  it("says how many passed, then the other kinds that occurred, in JUnit's order", () => {
    expect(testTally({ passed: 12, failed: 1, error: 0, skipped: 2 })).toBe("12 passed, 1 failed, 2 skipped");
    expect(testTally({ passed: 3, failed: 0, error: 0, skipped: 0 })).toBe("3 passed");
    expect(testTally({ passed: 0, failed: 2, error: 1, skipped: 0 })).toBe("0 passed, 2 failed, 1 error");
    expect(testTally({ passed: 1, failed: 0, error: 2, skipped: 0 })).toBe("1 passed, 2 errors");
    expect(testTally({ passed: 0, failed: 0, error: 0, skipped: 0 })).toBe("0 passed");
  });
});

describe("totalCounts", () => {
  it("adds each kind up, and is all zero for none", () => {
    expect(
      totalCounts([
        { passed: 12, failed: 1, error: 0, skipped: 2 },
        { passed: 3, failed: 0, error: 4, skipped: 0 },
      ]),
    ).toEqual({ passed: 15, failed: 1, error: 4, skipped: 2 });
    expect(totalCounts([])).toEqual({ passed: 0, failed: 0, error: 0, skipped: 0 });
  });
});
