import { describe, expect, it } from "vitest";
import { passAt1Drops, passAtK, scorePassAtK } from "../../src/report/pass-at-k.js";
import type { Status } from "../../src/core/model.js";

/** `n` samples of `task`, the first `c` passing. */
const samples = (task: string, n: number, c: number): Array<{ task: string; status: Status }> =>
  Array.from({ length: n }, (_, i) => ({ task, status: i < c ? "pass" : "test_failed" }));

describe("passAtK", () => {
  it("is 1 − C(n−c, k) / C(n, k), by hand", () => {
    // n = 5, c = 2: pass@1 = 2/5; pass@2 = 1 − C(3,2)/C(5,2) = 1 − 3/10; pass@3 = 1 − C(3,3)/C(5,3) = 1 − 1/10.
    expect(passAtK(5, 2, 1)).toBeCloseTo(0.4, 12);
    expect(passAtK(5, 2, 2)).toBeCloseTo(0.7, 12);
    expect(passAtK(5, 2, 3)).toBeCloseTo(0.9, 12);
    // Fewer wrong samples than k: every draw of k holds a right one.
    expect(passAtK(5, 2, 4)).toBe(1);
    expect(passAtK(5, 0, 3)).toBe(0);
    // n = 200, c = 13, k = 10: 1 − C(187,10)/C(200,10) = 0.4975511147… (exact, in integers; no overflow here).
    expect(passAtK(200, 13, 10)).toBeCloseTo(0.4975511147, 9);
  });
});

describe("scorePassAtK", () => {
  it("scores each task and averages over the tasks; a k is overall only when every task has k samples", () => {
    const results = [...samples("A", 5, 2), ...samples("B", 3, 3), { status: "pass" as Status }];
    const scored = scorePassAtK(results, [1, 2, 5])!;
    expect(scored.k).toEqual([1, 2]);
    expect(scored.overall["pass@1"]).toBeCloseTo((0.4 + 1) / 2, 12);
    expect(scored.overall["pass@2"]).toBeCloseTo((0.7 + 1) / 2, 12);
    expect(scored.tasks).toEqual([
      { task: "A", n: 5, c: 2, pass_at: { "pass@1": expect.closeTo(0.4), "pass@2": expect.closeTo(0.7), "pass@5": 1 } },
      { task: "B", n: 3, c: 3, pass_at: { "pass@1": 1, "pass@2": 1 } },
    ]);
  });

  it("is absent when no result names a task", () => {
    expect(scorePassAtK([{ status: "pass" }], [1])).toBeUndefined();
  });

  it("names the tasks whose pass@1 dropped against a baseline", () => {
    const now = scorePassAtK([...samples("A", 4, 1), ...samples("B", 4, 4), ...samples("C", 2, 0)], [1])!;
    const was = scorePassAtK([...samples("A", 4, 3), ...samples("B", 4, 4)], [1])!;
    expect(passAt1Drops(now, was)).toEqual([{ task: "A", was: 0.75, now: 0.25 }]);
  });
});
