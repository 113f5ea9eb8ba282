// The verdict once per-test results are read: a run that reached its end is judged by its tests as well
// as by its exit code, and a run that wrote no tests did not pass. Pure.
import type { Status } from "../core/model.js";
import type { ResultsReading, TestCase, TestResults } from "./results/index.js";

/** Statuses of a run whose test command ended on its own: the ones its test results speak to. */
export const RAN_TO_END: ReadonlySet<Status> = new Set(["pass", "test_failed"]);

export function isFailing(c: Pick<TestCase, "status">): boolean {
  return c.status === "failed" || c.status === "error";
}

export function testCount(tests: TestResults): number {
  const { passed, failed, error, skipped } = tests.counts;
  return passed + failed + error + skipped;
}

export interface TestsVerdict {
  status: Status;
  /** Why, when the tests rather than the exit code decided. */
  reason?: string;
}

/**
 * `status` (from the exit code) with the test results: no results, or none with a test, is `test_failed`
 * (a command that exits 0 before any test runs must not pass); a failing test is `test_failed` whatever
 * the exit code (`pytest || true`).
 */
export function judgeByTests(status: Status, reading: ResultsReading, globs: readonly string[]): TestsVerdict {
  if (!RAN_TO_END.has(status)) return { status };
  const wanted = globs.join(", ");
  if (!reading.tests)
    return { status: "test_failed", reason: `no test ran: the command wrote no file matching ${wanted}` };
  if (testCount(reading.tests) === 0)
    return { status: "test_failed", reason: `no test ran: the results matching ${wanted} hold no test case` };
  const failing = reading.tests.counts.failed + reading.tests.counts.error;
  if (failing > 0) return { status: "test_failed" };
  return { status };
}
