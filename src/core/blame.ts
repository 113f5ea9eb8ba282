// What a candidate is held to of its test results: which cases failed, and, with `compare: base`, which of
// those it is blamed for. One rule that the verdict, the feedback and every renderer read. Pure.
import type { Result } from "./model.js";

type TestCase = NonNullable<Result["tests"]>["cases"][number];
type Comparison = NonNullable<Result["compare"]>;

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
