// SWE-bench's verdict for a line that lists its tests: `fail_to_pass` must now pass, `pass_to_pass` must
// still pass; full, partial or no. A listed test that is missing or skipped has not passed (a patch must not
// resolve a task by deleting or skipping its tests). Pure.
import type { Instance, Result, Status } from "../core/model.js";
import { RESOLVED } from "../core/schemas/report.js";
import { RAN_TO_END } from "../core/statuses.js";
import { isFailing, pytestNodeToCaseId } from "../core/tests.js";
import { outcomes } from "./compare.js";
import type { TestResults } from "./results/parser.js";

export type Resolved = (typeof RESOLVED)[number];

/** The listed tests that did not pass, by list. */
export interface NotPassing {
  failToPass: string[];
  passToPass: string[];
}

/** A line's listed tests by how they went, as the report's `listed` holds them. */
export type Listed = NonNullable<Result["listed"]>;

/** Whether a line lists tests to decide by. */
export function listsTests(instance: Instance | undefined): boolean {
  return instance?.failToPass !== undefined || instance?.passToPass !== undefined;
}

/**
 * Each listed test in `passed` or `not_passed`, in the line's order; without tests that count (a run that
 * never reached them, results not to be believed), none has passed.
 */
export function listedBy(
  tests: TestResults | undefined,
  instance: Pick<Instance, "failToPass" | "passToPass">,
): Listed {
  const by = tests ? outcomes(tests) : new Map<string, string>();
  // A listed id as the report writes it, or as pytest names it (tests/test_x.py::test_a): both find the case;
  // else one SWE-bench's lists cut inside its parameters (more `[` than `]`: 676 of Verified's ids, its
  // grading's _resolve_case), which passes when every case it begins agrees that it passed.
  const passed = (id: string) => {
    const found = by.get(id) ?? by.get(pytestNodeToCaseId(id));
    if (found !== undefined || id.split("[").length <= id.split("]").length) return found === "pass";
    const begun = [...by].filter(([caseId]) => caseId.startsWith(id));
    return begun.length > 0 && begun.every(([, outcome]) => outcome === "pass");
  };
  const split = (ids: readonly string[] = []) => ({
    passed: ids.filter(passed),
    not_passed: ids.filter((id) => !passed(id)),
  });
  return { fail_to_pass: split(instance.failToPass), pass_to_pass: split(instance.passToPass) };
}

/** SWE-bench's rule over the tests that ran: full when every listed test passed, partial when some FAIL_TO_PASS and every PASS_TO_PASS did. */
export function resolvedBy(
  tests: TestResults,
  instance: Pick<Instance, "failToPass" | "passToPass">,
): { resolved: Resolved; notPassing: NotPassing } {
  return resolvedOf(listedBy(tests, instance));
}

/** The rule over the listed tests as they went (listedBy). */
function resolvedOf(listed: Listed): { resolved: Resolved; notPassing: NotPassing } {
  const notPassing = { failToPass: listed.fail_to_pass.not_passed, passToPass: listed.pass_to_pass.not_passed };
  const resolved: Resolved =
    notPassing.passToPass.length > 0
      ? "no"
      : notPassing.failToPass.length === 0
        ? "full"
        : listed.fail_to_pass.passed.length > 0
          ? "partial"
          : "no";
  return { resolved, notPassing };
}

/** Listed ids shown in a reason; more are counted. */
const SHOWN = 5;

function notPassedText(name: string, ids: string[], of: number): string | undefined {
  if (ids.length === 0) return undefined;
  const shown = ids.slice(0, SHOWN).join(", ");
  const more = ids.length > SHOWN ? `, and ${ids.length - SHOWN} more` : "";
  return `${ids.length} of ${of} ${name} did not pass (missing or skipped counts as not passed): ${shown}${more}`;
}

export interface ResolvedVerdict {
  status: Status;
  resolved: Resolved;
  listed: Listed;
  reason?: string;
  /** Cleared: the listed tests decided, so the exit code's reason no longer stands. */
  clearReason?: boolean;
}

/**
 * A run's status with its line's test lists. Only a run that reached its end is read: anything else is
 * not resolved and keeps its status. Results whose every case passed under a nonzero exit are not what the
 * run did (a forged file, a step after the tests): not resolved, and the status stays. Otherwise the lists
 * decide: `pass` exactly when full, whatever other tests did (the base's own failures, as SWE-bench reads it).
 */
export function judgeByLists(
  now: { status: Status; tests?: TestResults },
  instance: Pick<Instance, "failToPass" | "passToPass">,
): ResolvedVerdict {
  const unread: ResolvedVerdict = { status: now.status, resolved: "no", listed: listedBy(undefined, instance) };
  if (!RAN_TO_END.has(now.status) || !now.tests) return unread;
  const failing = now.tests.counts.failed + now.tests.counts.error + now.tests.cases.filter(isFailing).length;
  if (now.status === "test_failed" && failing === 0) return unread;
  const listed = listedBy(now.tests, instance);
  const { resolved, notPassing } = resolvedOf(listed);
  if (resolved === "full") return { status: "pass", resolved, listed, clearReason: true };
  const lists = [
    notPassedText("FAIL_TO_PASS", notPassing.failToPass, instance.failToPass?.length ?? 0),
    notPassedText("PASS_TO_PASS", notPassing.passToPass, instance.passToPass?.length ?? 0),
  ].filter(Boolean);
  const reason = `not resolved (${resolved}): ${lists.join("; ")}`;
  return { status: "test_failed", resolved, listed, reason };
}
