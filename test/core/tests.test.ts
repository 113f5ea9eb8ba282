import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { blamed, failingCases, isFailing, pytestNodeToCaseId, testCount } from "../../src/core/tests.js";
import type { Result } from "../../src/core/model.js";
import { readJunit } from "../../src/verdict/results/junit.js";

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

describe("pytestNodeToCaseId", () => {
  const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8");

  it("gives each node id the id the report reads off pytest's own JUnit XML for that test", () => {
    // Both files are pytest 7.2.1's (Debian bookworm's python3-pytest; pytest 9.0.3 writes the same) on the
    // tree in fixtures/pytest-node-ids/: `pytest --collect-only -q` and `pytest --junitxml`. The tree has
    // a module in a subdirectory, a class, a nested class, and parameters holding `::`, `/`, `.`, `[`.
    const nodes = fixture("pytest-node-ids.txt").trim().split("\n");
    const reported = readJunit(fixture("pytest-node-ids.xml"), 100).tests.cases.map((c) => c.id);
    expect(nodes).toHaveLength(8);
    expect(nodes.map(pytestNodeToCaseId)).toEqual(reported);
  });

  it("joins the module path and the classes with dots, and keeps the parameters whole", () => {
    expect(pytestNodeToCaseId("tests/test_x.py::TestC::test_a[p-1]")).toBe("tests.test_x.TestC::test_a[p-1]");
    expect(pytestNodeToCaseId("test_y.py::test_b")).toBe("test_y::test_b");
    expect(pytestNodeToCaseId("a/b/test_m.py::TestO::TestI::test_n")).toBe("a.b.test_m.TestO.TestI::test_n");
    expect(pytestNodeToCaseId("t/test_p.py::test_q[a::b/c.py::d]")).toBe("t.test_p::test_q[a::b/c.py::d]");
    expect(pytestNodeToCaseId("t/test_p.py::test_q[x]y]")).toBe("t.test_p::test_q[x]y]");
  });

  it("leaves an id that is not a pytest node id as it is", () => {
    for (const id of [
      "test_floordiv (expressions.tests.ExpressionOperatorTests)",
      "test_issue_1234",
      "tests/test_x.py",
      "test_q[a.py::b]",
      "tests.test_x.TestC::test_a",
    ])
      expect(pytestNodeToCaseId(id)).toBe(id);
  });
});
