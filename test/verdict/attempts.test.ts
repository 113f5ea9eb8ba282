import { describe, expect, it } from "vitest";
import { flakyCases, flakyFailure, isFlaky, markFlaky, rerunAfter } from "../../src/verdict/attempts.js";
import { readTestResults } from "../../src/verdict/results/read.js";
import { junit } from "../../src/verdict/results/junit.js";
import { type CaseSpec, junitXml } from "../support/junit.js";

const tests = (cases: CaseSpec[]) =>
  readTestResults([{ path: "r.xml", data: Buffer.from(junitXml(cases)) }], junit).tests;

describe("rerunAfter", () => {
  it("reruns a failing or hanging candidate while reruns are left, and nothing else", () => {
    expect(rerunAfter("test_failed", 1, 1)).toBe(true);
    expect(rerunAfter("timeout", 2, 2)).toBe(true);
    expect(rerunAfter("test_failed", 2, 1)).toBe(false);
    expect(rerunAfter("test_failed", 1, 0)).toBe(false);
    for (const status of ["pass", "oom", "syntax_error", "no_code", "patch_failed", "sandbox_error"] as const)
      expect(rerunAfter(status, 1, 3)).toBe(false);
  });
});

describe("flaky", () => {
  it("is attempts that disagree", () => {
    expect(
      isFlaky([
        { status: "test_failed", duration_ms: 1 },
        { status: "pass", duration_ms: 1 },
      ]),
    ).toBe(true);
    expect(
      isFlaky([
        { status: "test_failed", duration_ms: 1 },
        { status: "test_failed", duration_ms: 2 },
      ]),
    ).toBe(false);
    expect(
      flakyFailure([
        { status: "test_failed", duration_ms: 1 },
        { status: "pass", duration_ms: 1 },
      ]),
    ).toBe("flaky: the attempts disagreed (test_failed, pass), and fail-on names flaky");
  });

  it("marks the cases that failed in one attempt and passed in another", () => {
    const first = tests([
      ["a", "failed"],
      ["b", "passed"],
      ["c", "failed"],
    ]);
    const second = tests([
      ["a", "passed"],
      ["b", "passed"],
      ["c", "failed"],
    ]);
    const flaky = flakyCases([first, undefined, second]);
    expect([...flaky]).toEqual(["tests.test_app::a"]);
    expect(markFlaky(second, flaky).cases.map((c) => [c.name, c.flaky])).toEqual([
      ["a", true],
      ["b", undefined],
      ["c", undefined],
    ]);
  });
});
