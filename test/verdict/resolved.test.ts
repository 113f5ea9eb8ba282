import { describe, expect, it } from "vitest";
import { judgeByLists, listedBy, listsTests, resolvedBy } from "../../src/verdict/resolved.js";
import type { TestResults } from "../../src/verdict/results/parser.js";
import { readTestResults } from "../../src/verdict/results/read.js";
import { junit } from "../../src/verdict/results/junit.js";
import { django } from "../../src/verdict/results/logs/django.js";
import { pytest } from "../../src/verdict/results/logs/pytest.js";
import { pytestV2 } from "../../src/verdict/results/logs/pytest-v2.js";
import { sympy } from "../../src/verdict/results/logs/sympy.js";
import type { ResultsParser } from "../../src/verdict/results/parser.js";
import { type CaseSpec, junitXml } from "../support/junit.js";

const tests = (cases: CaseSpec[]): TestResults =>
  readTestResults([{ path: "r.xml", data: Buffer.from(junitXml(cases)) }], junit).tests;
const id = (name: string) => `tests.test_app::${name}`;
const LISTS = { failToPass: [id("fixed_a"), id("fixed_b")], passToPass: [id("kept")] };
/** Nothing of the lists passed: a run that never reached its tests, or results not to be believed. */
const NONE_PASSED = {
  fail_to_pass: { passed: [], not_passed: [id("fixed_a"), id("fixed_b")] },
  pass_to_pass: { passed: [], not_passed: [id("kept")] },
};

describe("resolvedBy: SWE-bench's rule", () => {
  it("is full when every listed test passed, whatever the unlisted ones did", () => {
    const now = tests([
      ["fixed_a", "passed"],
      ["fixed_b", "passed"],
      ["kept", "passed"],
      ["legacy", "failed"],
    ]);
    expect(resolvedBy(now, LISTS)).toEqual({ resolved: "full", notPassing: { failToPass: [], passToPass: [] } });
  });

  it("is partial when some FAIL_TO_PASS and every PASS_TO_PASS passed", () => {
    const now = tests([
      ["fixed_a", "passed"],
      ["fixed_b", "failed"],
      ["kept", "passed"],
    ]);
    expect(resolvedBy(now, LISTS)).toEqual({
      resolved: "partial",
      notPassing: { failToPass: [id("fixed_b")], passToPass: [] },
    });
  });

  it("is no when a PASS_TO_PASS broke, even with every FAIL_TO_PASS fixed, and when none was fixed", () => {
    const broke = tests([
      ["fixed_a", "passed"],
      ["fixed_b", "passed"],
      ["kept", "failed"],
    ]);
    expect(resolvedBy(broke, LISTS).resolved).toBe("no");
    const nothing = tests([
      ["fixed_a", "failed"],
      ["fixed_b", "error"],
      ["kept", "passed"],
    ]);
    expect(resolvedBy(nothing, LISTS).resolved).toBe("no");
  });

  it("counts a listed test that is missing or skipped as not passed: deleting or skipping a test resolves nothing", () => {
    const skipped = tests([
      ["fixed_a", "skipped"],
      ["fixed_b", "passed"],
      ["kept", "passed"],
    ]);
    expect(resolvedBy(skipped, LISTS)).toEqual({
      resolved: "partial",
      notPassing: { failToPass: [id("fixed_a")], passToPass: [] },
    });
    const missing = tests([
      ["fixed_a", "passed"],
      ["fixed_b", "passed"],
    ]);
    expect(resolvedBy(missing, LISTS)).toEqual({
      resolved: "no",
      notPassing: { failToPass: [], passToPass: [id("kept")] },
    });
  });

  it("finds a test listed by its pytest node id, as SWE-bench lists them", () => {
    const now = tests([
      ["fixed_a", "passed"],
      ["fixed_b", "passed"],
      ["kept", "passed"],
    ]);
    const nodeIds = {
      failToPass: ["tests/test_app.py::fixed_a", id("fixed_b")],
      passToPass: ["tests/test_app.py::kept"],
    };
    expect(resolvedBy(now, nodeIds).resolved).toBe("full");
  });

  it("finds tests read off a runner's log by the harness's own keys: pytest node ids, Django's and sympy's names", () => {
    const logged = (lines: string[], parser: ResultsParser) => parser.parse(Buffer.from(lines.join("\n")), 100).tests;
    const py = logged(
      ["PASSED tests/test_app.py::TestA::test_b[1-2]", "FAILED tests/test_app.py::test_c - boom"],
      pytest,
    );
    expect(resolvedBy(py, { failToPass: ["tests/test_app.py::TestA::test_b[1-2]"], passToPass: [] }).resolved).toBe(
      "full",
    );
    expect(resolvedBy(py, { failToPass: ["tests/test_app.py::test_c"] }).resolved).toBe("no");
    const dj = logged(["test_a (app.tests.T) ... ok", "test_b (app.tests.T) ... FAIL"], django);
    expect(resolvedBy(dj, { failToPass: ["test_a (app.tests.T)"], passToPass: ["test_b (app.tests.T)"] })).toEqual({
      resolved: "no",
      notPassing: { failToPass: [], passToPass: ["test_b (app.tests.T)"] },
    });
    const sy = logged(["test_a ok", "test_b F"], sympy);
    expect(resolvedBy(sy, { failToPass: ["test_a", "test_b"] }).resolved).toBe("partial");
  });

  it("matches an id SWE-bench's lists cut inside its parameters by the cases it begins, when they agree (its grading's rule)", () => {
    const cut = "tests/test_f.py::test_grammar[log(photon";
    const logged = (...lines: string[]) => pytestV2.parse(Buffer.from(lines.join("\n")), 100).tests;
    expect(resolvedBy(logged(`PASSED ${cut} / m**2 s)]`), { failToPass: [cut] }).resolved).toBe("full");
    expect(resolvedBy(logged(`PASSED ${cut} / m)]`, `FAILED ${cut} / s)]`), { failToPass: [cut] }).resolved).toBe("no");
    expect(resolvedBy(logged("PASSED tests/test_f.py::test_other[x]"), { failToPass: [cut] }).resolved).toBe("no");
    // A whole id never matches by prefix.
    expect(
      resolvedBy(logged(`PASSED tests/a.py::test_x[case-1-extended]`), { failToPass: ["tests/a.py::test_x[case-1]"] })
        .resolved,
    ).toBe("no");
  });

  it("counts a case listed twice as failing if it failed once (a retrying plugin)", () => {
    const twice = tests([
      ["fixed_a", "failed"],
      ["fixed_a", "passed"],
      ["fixed_b", "passed"],
      ["kept", "passed"],
    ]);
    expect(resolvedBy(twice, LISTS).resolved).toBe("partial");
  });
});

describe("judgeByLists", () => {
  const all = tests([
    ["fixed_a", "passed"],
    ["fixed_b", "passed"],
    ["kept", "passed"],
    ["legacy", "failed"],
  ]);

  it("passes exactly when resolved in full, even when unlisted tests fail (the exit code is then 1)", () => {
    expect(judgeByLists({ status: "test_failed", tests: all }, LISTS)).toEqual({
      status: "pass",
      resolved: "full",
      listed: {
        fail_to_pass: { passed: [id("fixed_a"), id("fixed_b")], not_passed: [] },
        pass_to_pass: { passed: [id("kept")], not_passed: [] },
      },
      clearReason: true,
    });
  });

  it("fails a run that exited 0 but did not resolve the task, naming the listed tests that did not pass", () => {
    const partial = tests([
      ["fixed_a", "passed"],
      ["kept", "passed"],
    ]);
    const judged = judgeByLists({ status: "pass", tests: partial }, LISTS);
    expect(judged).toMatchObject({ status: "test_failed", resolved: "partial" });
    expect(judged.reason).toBe(
      `not resolved (partial): 1 of 2 FAIL_TO_PASS did not pass (missing or skipped counts as not passed): ${id("fixed_b")}`,
    );
  });

  it("does not resolve a run whose results show every case passed under a nonzero exit: the file is not what ran", () => {
    const forged = tests([
      ["fixed_a", "passed"],
      ["fixed_b", "passed"],
      ["kept", "passed"],
    ]);
    expect(judgeByLists({ status: "test_failed", tests: forged }, LISTS)).toEqual({
      status: "test_failed",
      resolved: "no",
      listed: NONE_PASSED,
    });
  });

  it("leaves a run that did not reach its end, or read no tests, as it was, not resolved", () => {
    const not = { resolved: "no", listed: NONE_PASSED };
    expect(judgeByLists({ status: "timeout", tests: all }, LISTS)).toEqual({ status: "timeout", ...not });
    expect(judgeByLists({ status: "oom" }, LISTS)).toEqual({ status: "oom", ...not });
    expect(judgeByLists({ status: "test_failed" }, LISTS)).toEqual({ status: "test_failed", ...not });
  });

  it("lists which listed tests passed, in the line's order: skipped and missing ones did not", () => {
    const now = tests([
      ["fixed_b", "passed"],
      ["fixed_a", "skipped"],
      ["kept", "passed"],
    ]);
    expect(listedBy(now, { ...LISTS, passToPass: [id("kept"), id("gone")] })).toEqual({
      fail_to_pass: { passed: [id("fixed_b")], not_passed: [id("fixed_a")] },
      pass_to_pass: { passed: [id("kept")], not_passed: [id("gone")] },
    });
    expect(listedBy(undefined, LISTS)).toEqual(NONE_PASSED);
  });

  it("knows a line that lists tests from one that does not", () => {
    expect(listsTests({ failToPass: [] })).toBe(true);
    expect(listsTests({ passToPass: ["a"] })).toBe(true);
    expect(listsTests({ baseCommit: "abc" })).toBe(false);
    expect(listsTests(undefined)).toBe(false);
  });
});
