import { describe, expect, it } from "vitest";
import { type BaseRun, blamed, compareTests, judgeAgainstBase, voidReason } from "../../src/verdict/compare.js";
import type { TestResults } from "../../src/verdict/results/parser.js";
import { readTestResults } from "../../src/verdict/results/read.js";
import { junit } from "../../src/verdict/results/junit.js";
import { AFTER_ITS_TESTS } from "../../src/verdict/by-tests.js";
import { type CaseSpec, junitXml } from "../support/junit.js";

const tests = (cases: CaseSpec[]): TestResults =>
  readTestResults([{ path: "r.xml", data: Buffer.from(junitXml(cases)) }], junit).tests;
const id = (name: string) => `tests.test_app::${name}`;

const BASE = tests([
  ["fixed", "failed"],
  ["kept", "passed"],
  ["legacy", "failed"],
  ["gone", "passed"],
  ["was_skipped", "skipped"],
]);

const baseRun = (over: Partial<BaseRun> = {}): BaseRun => ({
  status: "test_failed",
  exitCode: 1,
  durationMs: 5,
  tests: BASE,
  notes: [],
  ...over,
});

describe("compareTests", () => {
  it("sorts every test by how it went on the base and now, as SWE-bench's lists do", () => {
    const now = tests([
      ["fixed", "passed"],
      ["kept", "failed"],
      ["legacy", "error"],
      ["was_skipped", "failed"],
      ["added_ok", "passed"],
      ["added_bad", "failed"],
      ["added_skip", "skipped"],
    ]);
    expect(compareTests(BASE, now)).toEqual({
      fail_to_pass: [id("fixed")],
      pass_to_pass: [],
      // A test the patch removed counts as broken, as one it made fail does.
      pass_to_fail: [id("kept"), id("gone")],
      fail_to_fail: [id("legacy")],
      // A test the base skips is one it does not have.
      new_failing: [id("was_skipped"), id("added_bad")],
      new_passing: [id("added_ok")],
    });
  });

  it("counts a test listed twice (a retrying plugin) as failing when it failed once", () => {
    const now = tests([
      ["kept", "failed"],
      ["kept", "passed"],
    ]);
    expect(compareTests(tests([["kept", "passed"]]), now).pass_to_fail).toEqual([id("kept")]);
  });

  it("counts a passing test skipped now as broken", () => {
    expect(compareTests(tests([["kept", "passed"]]), tests([["kept", "skipped"]])).pass_to_fail).toEqual([id("kept")]);
  });
});

describe("judgeAgainstBase", () => {
  it("passes a patch whose only failures the base has too, and lists them", () => {
    const now = tests([
      ["fixed", "passed"],
      ["kept", "passed"],
      ["legacy", "failed"],
      ["gone", "passed"],
    ]);
    const judged = judgeAgainstBase({ status: "test_failed", tests: now }, baseRun());
    expect(judged.status).toBe("pass");
    expect(judged.compare).toMatchObject({ fail_to_pass: [id("fixed")], fail_to_fail: [id("legacy")] });
    expect(blamed(judged.compare!)).toEqual([]);
  });

  it("does not excuse a nonzero exit with no failing case: the command failed after its tests", () => {
    // Every test passes (a lint step after them exits 1, or a forged all-pass file): the base cannot excuse it.
    const now = tests([
      ["fixed", "passed"],
      ["kept", "passed"],
      ["legacy", "passed"],
      ["gone", "passed"],
    ]);
    const judged = judgeAgainstBase({ status: "test_failed", tests: now }, baseRun());
    expect(judged.status).toBe("test_failed");
    expect(judged.note).toBe(AFTER_ITS_TESTS);
    expect(blamed(judged.compare!)).toEqual([]);
    expect(judgeAgainstBase({ status: "pass", tests: now }, baseRun()).status).toBe("pass");
  });

  it("fails a patch for a test it broke, even when its command exited 0", () => {
    const now = tests([
      ["fixed", "passed"],
      ["kept", "failed"],
      ["legacy", "failed"],
      ["gone", "passed"],
    ]);
    const judged = judgeAgainstBase({ status: "pass", tests: now }, baseRun());
    expect(judged.status).toBe("test_failed");
    expect(blamed(judged.compare!)).toEqual([id("kept")]);
  });

  it("leaves a run that did not reach its end as it is", () => {
    for (const status of ["timeout", "oom", "syntax_error", "sandbox_error"] as const)
      expect(judgeAgainstBase({ status }, baseRun())).toEqual({ status });
  });

  it("makes the comparison void, never a pass, when the base run itself did not finish", () => {
    for (const status of ["sandbox_error", "timeout", "oom"] as const) {
      const why = voidReason(status)!;
      const judged = judgeAgainstBase(
        { status: "test_failed", tests: tests([["legacy", "failed"]]) },
        baseRun({ status, void: why }),
      );
      expect(judged).toEqual({ status: "test_failed", note: why });
      expect(why).toContain(`ended ${status}`);
    }
    expect(voidReason("test_failed")).toBeUndefined();
  });

  it("falls back to the exit codes without test results, and says so", () => {
    const failing = judgeAgainstBase({ status: "test_failed" }, baseRun({ tests: undefined }));
    expect(failing.status).toBe("test_failed");
    expect(failing.note).toMatch(/exit codes only.*fails too \(exit code 1\).*cannot be told apart/);
    const broke = judgeAgainstBase(
      { status: "test_failed" },
      baseRun({ tests: undefined, exitCode: 0, status: "pass" }),
    );
    expect(broke).toEqual({ status: "test_failed", note: expect.stringMatching(/the base passes/) });
  });

  it("keeps a candidate that wrote no tests failing when the base has tests", () => {
    expect(judgeAgainstBase({ status: "test_failed" }, baseRun())).toEqual({ status: "test_failed" });
  });
});
