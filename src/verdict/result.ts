// What a candidate's judgement becomes in the report: its facts and status → a Result (output, feedback,
// tests, comparison, attempts); and the results → the gate's decision.
import type {
  Candidate,
  GateDecision,
  Limits,
  Result,
  RunFacts,
  Status,
  SyntaxInfo,
  Tampering,
} from "../core/model.js";
import type { Language } from "../languages/registry.js";
import { newResult } from "../core/schemas/report.js";
import { STATUS_INFO } from "../core/statuses.js";
import type { PatchInfo } from "../prepare/candidate.js";
import type { Attempt } from "./attempts.js";
import { isFailing, testCount } from "./by-tests.js";
import { type Comparison, blamed } from "./compare.js";
import { type FeedbackInput, feedbackFor } from "./feedback.js";
import type { Listed, Resolved } from "./resolved.js";
import type { TestResults } from "./results/parser.js";

/** A candidate's judgement: its status and what it rests on. */
export interface Verdict {
  status: Status;
  language: Language | null;
  /** The limits the candidate ran (or would have run) under, which its feedback names. */
  limits: Limits;
  facts?: RunFacts;
  syntax?: SyntaxInfo;
  reason?: string;
  patch?: PatchInfo;
  tests?: TestResults;
  compare?: Comparison;
  notes?: string[];
  attempts?: Attempt[];
  flaky?: boolean;
  retried?: boolean;
  /** The files `protect` covers that the candidate touched; the run had the base's versions of them. */
  protected?: string[];
  /** For `protected`: how the run with the base's versions ended. */
  ran?: Status;
  /** For a line with test lists: SWE-bench's verdict by them. */
  resolved?: Resolved;
  /** For a line with test lists: its listed tests by how they went, as `resolved` read them. */
  listed?: Listed;
  /** The candidate's own code that reaches into the judge, found before it ran (prepare/tamper.ts). */
  tampering?: Tampering[];
  /** For `test_failed`: its own set-up (its change touched what `setup` reads) failed; `facts` hold its output. */
  setupFailed?: true;
}

/** How many of the tampering findings a reason names before `and N more`. */
const TAMPERING_NAMED = 3;

/** `solution.py:3 (assigns to sys.exit: …), … and 2 more`: the findings as one line names them. */
export function tamperingList(tampering: readonly Tampering[], shown = TAMPERING_NAMED): string {
  const named = tampering.slice(0, shown).map((t) => `${t.file}:${t.line} (${t.what})`);
  const more = tampering.length > shown ? ` and ${tampering.length - shown} more` : "";
  return `${named.join(", ")}${more}`;
}

/**
 * A candidate whose own code reaches into the judge keeps its findings in the verdict, whatever its status.
 * Its `pass` proves nothing (the judge it passed may be the one it rewrote), so with `tampering` in
 * `fail-on` it is `test_failed` with a reason of its own, as a flaky pass is; any other status already fails.
 */
export function tamperedVerdict(verdict: Verdict, tampering: readonly Tampering[], failOn: boolean): Verdict {
  if (tampering.length === 0) return verdict;
  const marked = { ...verdict, tampering: [...tampering] };
  if (verdict.status !== "pass" || !failOn) return marked;
  const reason = `tampering: the tests passed, but the candidate's code reaches into the judge at ${tamperingList(tampering)}, and fail-on names tampering`;
  return { ...marked, status: "test_failed", reason };
}

/**
 * A candidate that touched protected files ends `protected` over whatever its run (with the base's versions
 * of those files) said, which the verdict keeps in `ran` and a note; our failure still wins, since then
 * nothing is known of the code. Without protected files the verdict is unchanged.
 */
export function protectedVerdict(verdict: Verdict, files: readonly string[]): Verdict {
  if (files.length === 0) return verdict;
  const marked = { ...verdict, protected: [...files] };
  if (verdict.status === "sandbox_error") return marked;
  const note = `with the base's versions of the protected files, the tests ended ${STATUS_INFO[verdict.status].label}`;
  return { ...marked, status: "protected", ran: verdict.status, notes: [...(verdict.notes ?? []), note] };
}

/** What the model is told of the tests: the failing ones (with `compare`, only the ones it is blamed for). */
function testsFeedback(verdict: Verdict): FeedbackInput["tests"] {
  const { tests, compare } = verdict;
  if (!tests) return undefined;
  const failingNow = tests.cases.filter(isFailing);
  const byId = new Map(tests.cases.map((c) => [c.id, c]));
  const failing = compare
    ? blamed(compare).map((id) => {
        const c = byId.get(id);
        return c && isFailing(c)
          ? { id, ...(c.message && { message: c.message }) }
          : { id, message: "passed on the base; missing or skipped with this patch" };
      })
    : failingNow.map((c) => ({ id: c.id, ...(c.message && { message: c.message }) }));
  return {
    failing,
    total: testCount(tests),
    failed: tests.counts.failed + tests.counts.error,
    preexisting: compare?.fail_to_fail ?? [],
  };
}

const NO_OUTPUT = { text: "", truncated: false, bytes: 0 };

export function resultOf(candidate: Candidate, verdict: Verdict): Result {
  const { facts, limits } = verdict;
  const stdout = facts?.stdout ?? NO_OUTPUT;
  const stderr = facts?.stderr ?? NO_OUTPUT;
  const exitCode = facts?.exitCode ?? null;
  // A kill by our own timeout or by the OOM killer is not the candidate's crash signal.
  const signal = (verdict.ran ?? verdict.status) === "test_failed" ? (facts?.signal ?? null) : null;
  const truncated = { stdout: stdout.truncated, stderr: stderr.truncated };
  return newResult({
    id: candidate.id,
    source: candidate.source,
    url: candidate.url,
    author: candidate.author,
    language: verdict.language,
    status: verdict.status,
    exit_code: exitCode,
    signal,
    duration_ms: facts?.durationMs ?? 0,
    ...(facts?.cpuMs !== undefined && { cpu_ms: facts.cpuMs }),
    stdout: stdout.text,
    stderr: stderr.text,
    truncated,
    feedback: feedbackFor({
      status: verdict.status,
      stdout: stdout.text,
      stderr: stderr.text,
      truncated,
      signal,
      exitCode,
      timeoutMs: limits.timeoutMs,
      memoryBytes: limits.memoryBytes,
      pidsLimit: limits.pidsLimit,
      ...(facts?.cpuMs !== undefined && { cpuMs: facts.cpuMs }),
      ...(facts?.cpuMs !== undefined && facts.waitedMs === undefined && { waitUnread: true }),
      ...((verdict.ran ?? verdict.status) === "oom" && facts?.timedOut ? { heldAtLimit: true } : {}),
      ...(verdict.syntax ? { syntax: verdict.syntax } : {}),
      ...(verdict.reason ? { reason: verdict.reason } : {}),
      ...(verdict.setupFailed && { setupFailed: true }),
      ...(verdict.tests && { tests: testsFeedback(verdict) }),
      ...(verdict.notes && { notes: verdict.notes }),
      ...(verdict.ran && { protection: { files: verdict.protected ?? [], ran: verdict.ran } }),
    }),
    syntax: verdict.syntax,
    changed_files: verdict.patch?.changedFiles,
    patch_strategy: verdict.patch?.strategy,
    protected: verdict.protected,
    resolved: verdict.resolved,
    tests: verdict.tests,
    compare: verdict.compare,
    attempts: verdict.attempts,
    flaky: verdict.flaky,
    retried: verdict.retried,
    notes: verdict.notes,
    task: candidate.task,
    repo: candidate.repo,
    model: candidate.model,
    listed: verdict.listed,
    // SWE-bench counts an empty prediction apart from one that does not apply (reporting.py).
    ...(candidate.kind === "patch" && candidate.text.trim() === "" && { empty_patch: true as const }),
    tampering: verdict.tampering,
  });
}

/** A dataset line that is not a candidate: nothing runnable, and it says why. */
export function invalidEntryResult(id: string, source: string, problem: string, limits: Limits): Result {
  const empty = { stdout: "", stderr: "", truncated: { stdout: false, stderr: false } };
  return newResult({
    id,
    source,
    language: null,
    status: "no_code",
    exit_code: null,
    signal: null,
    duration_ms: 0,
    ...empty,
    feedback: feedbackFor({
      status: "no_code",
      ...empty,
      signal: null,
      exitCode: null,
      timeoutMs: limits.timeoutMs,
      memoryBytes: limits.memoryBytes,
      reason: `${source}: ${problem}`,
    }),
  });
}

/** The gate's decision: failed when any result has a `fail-on` status. */
export function decide(results: Result[], failOn: ReadonlySet<Status>): GateDecision {
  const failing = results.filter((r) => failOn.has(r.status));
  if (failing.length === 0) return { failed: false, reason: `all ${results.length} candidates passed the gate` };
  const counts = new Map<Status, number>();
  for (const r of failing) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  const detail = [...counts].map(([status, n]) => `${n} ${status}`).join(", ");
  return { failed: true, reason: `${failing.length} of ${results.length} candidates failed the gate (${detail})` };
}
