// The counts of the tests a result read (the results file's passed, failed, error and skipped cases) in
// words: one wording for the comment's table and details, the base's line and the job summary's totals. Pure.
import type { TestResults } from "../core/tests.js";

export type TestCounts = TestResults["counts"];

/**
 * `12 passed, 1 failed, 1 error, 2 skipped`: how many passed always (`0 passed` says something), the
 * other kinds only when some ended so.
 */
export function testTally(counts: TestCounts): string {
  const { passed, failed, error, skipped } = counts;
  const parts = [
    `${passed} passed`,
    failed > 0 && `${failed} failed`,
    error > 0 && `${error} ${error === 1 ? "error" : "errors"}`,
    skipped > 0 && `${skipped} skipped`,
  ];
  return parts.filter((p): p is string => typeof p === "string").join(", ");
}

/** The counts of several results' tests added up. */
export function totalCounts(all: readonly TestCounts[]): TestCounts {
  const total: TestCounts = { passed: 0, failed: 0, error: 0, skipped: 0 };
  for (const counts of all) {
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.error += counts.error;
    total.skipped += counts.skipped;
  }
  return total;
}
