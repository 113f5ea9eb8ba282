// `compare: base`: a patch's tests against the same command on the unpatched base, as the SWE-bench
// harness sorts them (FAIL_TO_PASS, PASS_TO_PASS, …), so a patch is blamed only for what it broke. Pure.
import { blamed, isFailing, type Comparison } from "../core/tests.js";
import type { ReportedBase, Status } from "../core/model.js";
import { CUT_SHORT, RAN_TO_END } from "../core/statuses.js";
import { AFTER_ITS_TESTS } from "./by-tests.js";
import type { TestResults } from "./results/parser.js";

export type { Comparison };

/** The base run, as the report lists it. */
export interface BaseRun {
  status: Status;
  exitCode: number | null;
  durationMs: number;
  tests?: TestResults;
  /** What could not be read of its results; why it failed, for our failures. */
  notes: string[];
  /** Why the base run is no reference: set when its status says it did not finish. */
  void?: string;
}

/** A base run that did not finish says nothing about the tests: no comparison, and never a pass from one. */
export function voidReason(status: Status): string | undefined {
  return CUT_SHORT.has(status)
    ? `the comparison with the base is void: the base run itself ended ${status}, so the verdict is the candidate's own`
    : undefined;
}

export type Outcome = "pass" | "fail" | "skip";

/** Each id's outcome; a case listed twice (a retrying plugin) counts as failing if it failed once. */
export function outcomes(tests: TestResults): Map<string, Outcome> {
  const by = new Map<string, Outcome>();
  for (const c of tests.cases) {
    const outcome: Outcome = isFailing(c) ? "fail" : c.status === "skipped" ? "skip" : "pass";
    if (by.get(c.id) !== "fail") by.set(c.id, outcome);
  }
  return by;
}

/**
 * Every test of either run, sorted by how it went on the base and now. A test the base skips is one it
 * does not have. A test that passed on the base and is missing or skipped now counts as broken: a patch
 * must not pass by deleting or skipping the tests it fails.
 */
export function compareTests(base: TestResults, now: TestResults): Comparison {
  const before = outcomes(base);
  const after = outcomes(now);
  const lists: Required<Comparison> = {
    fail_to_pass: [],
    pass_to_pass: [],
    pass_to_fail: [],
    fail_to_fail: [],
    new_failing: [],
    new_passing: [],
  };
  for (const [id, was] of before) {
    const is = after.get(id) ?? "fail";
    if (was === "pass") (is === "pass" ? lists.pass_to_pass : lists.pass_to_fail).push(id);
    else if (was === "fail") (is === "pass" ? lists.fail_to_pass : lists.fail_to_fail).push(id);
  }
  for (const [id, is] of after) {
    if (before.get(id) === "pass" || before.get(id) === "fail" || is === "skip") continue;
    (is === "pass" ? lists.new_passing : lists.new_failing).push(id);
  }
  return lists;
}

// What a patch is blamed for is core's rule, which the renderers read too; the run reads it from here.
export { blamed };

export interface ComparedVerdict {
  status: Status;
  compare?: Comparison;
  /** What the reader must know of the comparison: void, or exit codes only. */
  note?: string;
}

/**
 * The candidate's status against the base. Only a run that reached its end is compared: a `test_failed`
 * whose failures the base has too becomes a `pass`, and a `pass` that lost a test the base passes becomes
 * `test_failed`; a timeout, a crash of ours or a syntax error stay what they are.
 */
export function judgeAgainstBase(now: { status: Status; tests?: TestResults }, base: BaseRun): ComparedVerdict {
  if (!RAN_TO_END.has(now.status)) return { status: now.status };
  if (base.void) return { status: now.status, note: base.void };
  if (!base.tests || !now.tests) {
    if (base.tests) return { status: now.status };
    const how = base.exitCode === 0 ? "passes" : `fails too (exit code ${base.exitCode})`;
    return {
      status: now.status,
      note: `compared by exit codes only (no test-results): the base ${how}${now.status === "test_failed" && base.exitCode !== 0 ? ", so what the patch broke cannot be told apart" : ""}`,
    };
  }
  const compare = compareTests(base.tests, now.tests);
  if (blamed(compare).length > 0) return { status: "test_failed", compare };
  // A nonzero exit is excused only by failing cases the base fails too: with none failing, the command
  // failed after its tests (a lint step, a forged all-pass results file), and the base cannot excuse that.
  if (now.status === "test_failed" && !now.tests.cases.some(isFailing) && failingCount(now.tests) === 0)
    return { status: "test_failed", compare, note: AFTER_ITS_TESTS };
  return { status: "pass", compare };
}

const failingCount = (tests: TestResults): number => tests.counts.failed + tests.counts.error;

/** The base run as the JSON report lists it. */
export function reportedBase(base: BaseRun): ReportedBase {
  const notes = base.void ? [base.void, ...base.notes] : base.notes;
  return {
    status: base.status,
    exit_code: base.exitCode,
    duration_ms: base.durationMs,
    ...(base.tests && { tests: base.tests }),
    ...(notes.length > 0 && { notes }),
  };
}
