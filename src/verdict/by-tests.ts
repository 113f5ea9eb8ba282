// The verdict once per-test results are read: a run that reached its end is judged by its tests as well
// as by its exit code, and a run that wrote no tests did not pass. Pure.
import { isFailing, testCount } from "../core/tests.js";
import type { Status } from "../core/model.js";
import { RAN_TO_END } from "../core/statuses.js";
import type { ResultsReading } from "./results/collect.js";

// The run reads these from here; they are defined once, in core.
export { isFailing, RAN_TO_END, testCount };

export interface TestsVerdict {
  status: Status;
  /** Why, when the tests rather than the exit code decided. */
  reason?: string;
}

/** Where the results were read from: the `test-results` globs, or the command's output by a log format. */
export type ResultsSource = readonly string[] | { log: string };

/**
 * `status` (from the exit code) with the test results: no results, or none with a test, is `test_failed`
 * (a command that exits 0 before any test runs must not pass); a log whose passes are not believed is
 * `test_failed`; a failing test is `test_failed` whatever the exit code (`pytest || true`); a nonzero exit
 * is `test_failed` whatever the results say.
 */
export function judgeByTests(status: Status, reading: ResultsReading, source: ResultsSource): TestsVerdict {
  if (!RAN_TO_END.has(status)) return { status };
  if ("log" in source) {
    if (reading.untrusted !== undefined) return { status: "test_failed", reason: reading.untrusted };
    if (!reading.tests || testCount(reading.tests) === 0)
      return {
        status: "test_failed",
        reason: `no test ran: the command's output holds no test that ${source.log} names`,
      };
  } else {
    const wanted = source.join(", ");
    if (!reading.tests)
      return { status: "test_failed", reason: `no test ran: the command wrote no file matching ${wanted}` };
    if (testCount(reading.tests) === 0)
      return { status: "test_failed", reason: `no test ran: the results matching ${wanted} hold no test case` };
  }
  if (!reading.tests) return { status: "test_failed" };
  const failing = reading.tests.counts.failed + reading.tests.counts.error;
  if (failing > 0) return { status: "test_failed" };
  // Results that say all passed do not outvote the exit code: a step after the tests failed, or the
  // file is not what the tests wrote (a candidate can write it too).
  if (status === "test_failed") return { status, reason: AFTER_ITS_TESTS };
  return { status };
}

/** Why a run whose results show no failing test still failed. */
export const AFTER_ITS_TESTS =
  "every test in the results passed, but the command exited non-zero after its tests: a step after them failed, or the results file does not tell what the run did";
