// What a result's test cases say: how many there are, which failed, and, with `compare: base`, which of
// those the candidate is blamed for. One rule that the verdict, the feedback and every renderer read. Pure.
import type { Result } from "./model.js";

export type TestResults = NonNullable<Result["tests"]>;
export type TestCase = TestResults["cases"][number];
/** A patch's tests against the base's, as the SWE-bench harness sorts them. */
export type Comparison = NonNullable<Result["compare"]>;

/** Every test case read, however it ended. */
export function testCount(tests: Pick<TestResults, "counts">): number {
  const { passed, failed, error, skipped } = tests.counts;
  return passed + failed + error + skipped;
}

/** A test case that failed an assertion or ended with an error. */
export function isFailing(c: Pick<TestCase, "status">): boolean {
  return c.status === "failed" || c.status === "error";
}

/** What the candidate is blamed for: tests it broke, and new tests that fail. */
export function blamed(comparison: Comparison): string[] {
  return [...(comparison.pass_to_fail ?? []), ...(comparison.new_failing ?? [])];
}

/**
 * A result's failing test cases, in their order: `held` are those it is held to (with `compare`, only
 * those it is blamed for), `preexisting` the rest (with `compare`, failing on the base already).
 */
export function failingCases(r: Pick<Result, "tests" | "compare">): { held: TestCase[]; preexisting: TestCase[] } {
  const failing = r.tests?.cases.filter(isFailing) ?? [];
  if (!r.compare) return { held: failing, preexisting: [] };
  const ids = new Set(blamed(r.compare));
  return { held: failing.filter((c) => ids.has(c.id)), preexisting: failing.filter((c) => !ids.has(c.id)) };
}

/**
 * A pytest node id (`tests/test_x.py::TestC::test_a[p-1]`) → the id the report gives that case when read
 * from pytest's JUnit XML (`tests.test_x.TestC::test_a[p-1]`): the report's id is `classname::name`
 * (pytest's default xunit2 writes no `file`), and pytest makes its classname from the node id: the module
 * path with `/` as `.` and `.py` dropped, then the class names, joined with `.`; the name is the last part.
 * Like pytest, the parameters are everything from the first `[`: they keep any `::`, `/` or `.` they hold
 * (a module or class name never holds a `[`). Anything that is not a pytest node id (no `.py::` before
 * the parameters: a unittest or Django test name) is returned as it is. Pure.
 */
export function pytestNodeToCaseId(id: string): string {
  const bracket = id.indexOf("[");
  const path = bracket === -1 ? id : id.slice(0, bracket);
  const params = bracket === -1 ? "" : id.slice(bracket);
  const module = path.indexOf(".py::");
  if (module === -1) return id;
  const parts = path.slice(module + ".py::".length).split("::");
  const name = parts.pop()!;
  const classname = [path.slice(0, module).replace(/\//g, "."), ...parts].join(".");
  return `${classname}::${name}${params}`;
}
