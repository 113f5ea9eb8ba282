// Reruns (`reruns: N`) and the one retry of our own failures: when to run again, and what the attempts
// add up to. Pure.
import { isFailing } from "../core/tests.js";
import type { Result, Status } from "../core/model.js";
import { RERUNNABLE } from "../core/statuses.js";
import type { TestResults } from "./results/parser.js";

export type Attempt = NonNullable<Result["attempts"]>[number];

/** Whether attempt `made` (1 for the first) with `status` is followed by another, given `reruns`. */
export function rerunAfter(status: Status, made: number, reruns: number): boolean {
  return RERUNNABLE.has(status) && made <= reruns;
}

/** Whether the attempts disagree: a flaky candidate. */
export function isFlaky(attempts: readonly Attempt[]): boolean {
  return new Set(attempts.map((a) => a.status)).size > 1;
}

/** Ids of the test cases that failed in one attempt and passed in another. */
export function flakyCases(runs: ReadonlyArray<TestResults | undefined>): Set<string> {
  const failed = new Set<string>();
  const passed = new Set<string>();
  for (const tests of runs)
    for (const c of tests?.cases ?? []) {
      if (isFailing(c)) failed.add(c.id);
      else if (c.status === "passed") passed.add(c.id);
    }
  return new Set([...failed].filter((id) => passed.has(id)));
}

/** `tests` with each flaky case marked. */
export function markFlaky(tests: TestResults, flaky: ReadonlySet<string>): TestResults {
  if (flaky.size === 0) return tests;
  return { ...tests, cases: tests.cases.map((c) => (flaky.has(c.id) ? { ...c, flaky: true } : c)) };
}

/** The reason a flaky pass fails the gate, when `fail-on` names `flaky`. */
export function flakyFailure(attempts: readonly Attempt[]): string {
  return `flaky: the attempts disagreed (${attempts.map((a) => a.status).join(", ")}), and fail-on names flaky`;
}
