// Status → the message handed back to the model. Pure; it never carries a stack trace of ours.
import type { Status, SyntaxInfo } from "../core/model.js";

/** A sandbox_error's feedback around its cause: written here, read back by causeOfSandboxError. */
const OURS = {
  before: "The sandbox failed on our side, not because of the code: ",
  after: ". Nothing about the code can be concluded; run it again.",
} as const;

/**
 * The cause a sandbox_error's feedback names (the engine's or the image's message), for a person: the
 * CLI says it once for many candidates. A feedback of another shape (an older report's) is its own cause.
 */
export function causeOfSandboxError(feedback: string): string {
  const { before, after } = OURS;
  return feedback.startsWith(before) && feedback.endsWith(after)
    ? feedback.slice(before.length, feedback.length - after.length)
    : feedback;
}

export interface FeedbackInput {
  status: Status;
  stdout: string;
  stderr: string;
  truncated: { stdout: boolean; stderr: boolean };
  syntax?: SyntaxInfo;
  signal: string | null;
  exitCode: number | null;
  timeoutMs: number;
  /** The CPU time the candidate used, where the engine could read it: tells a loop from a wait at a timeout. */
  cpuMs?: number;
  /** With `cpuMs`: the time it waited for a CPU could not be read (a remote engine), so the wall clock decided. */
  waitUnread?: boolean;
  memoryBytes: number;
  /** Why nothing ran: the extraction's or the patch's own account, or our failure. */
  reason?: string;
  /** For `oom`: the memory sat at its limit until the time limit stopped the code (no kill at the limit). */
  heldAtLimit?: boolean;
  /** The process limit the candidate ran under, to name when the output shows it was met. */
  pidsLimit?: number;
  /** With test results: the tests held against the code (with `compare: base`, only what it broke), and the count. */
  tests?: { failing: FailingTest[]; total: number; failed: number; preexisting: string[] };
  /** What the gate could not read or compare, said after the output. */
  notes?: string[];
  /** For `test_failed`: the candidate's own set-up failed (its change to what `setup` reads); the output is the setup's. */
  setupFailed?: boolean;
  /** For `protected`: the files `protect` covers that the candidate touched, and how the run with the base's versions ended. */
  protection?: { files: string[]; ran: Status };
}

export interface FailingTest {
  id: string;
  message?: string;
}

/** Failing tests listed one by one; more are counted, so a broken suite cannot flood the model's context. */
export const FAILING_LISTED = 20;
const MESSAGE_SHOWN = 500;

function indent(text: string): string {
  const clipped = text.length > MESSAGE_SHOWN ? `${text.slice(0, MESSAGE_SHOWN)}…` : text;
  return clipped
    .trim()
    .split("\n")
    .map((line) => `   ${line}`)
    .join("\n");
}

/** The failing tests first, each with its message; then what failed on the base already, by id. */
function testsBlock(tests: NonNullable<FeedbackInput["tests"]>): string {
  const items = tests.failing
    .slice(0, FAILING_LISTED)
    .map((t, i) => `${i + 1}. ${t.id}${t.message ? `\n${indent(t.message)}` : ""}`);
  if (tests.failing.length > FAILING_LISTED) items.push(`… and ${tests.failing.length - FAILING_LISTED} more`);
  const preexisting = tests.preexisting.length
    ? `\n\nAlready failing on the base, not counted against the code: ${tests.preexisting.slice(0, FAILING_LISTED).join(", ")}${tests.preexisting.length > FAILING_LISTED ? ", …" : ""}`
    : "";
  return `${items.length ? `Failing tests:\n${items.join("\n")}` : ""}${preexisting}`;
}

// What a process (or thread) refused at the pids limit prints: Python's thread start, libc's EAGAIN,
// bash's fork retry, Go's and Java's thread creation.
const AT_PROCESS_LIMIT =
  /can't start new thread|Resource temporarily unavailable|fork: retry|\bEAGAIN\b|failed to create new OS thread|unable to create (new )?native thread/;

/** A note when the output shows the sandbox's process limit, not the code, stopped the tests. */
function limitNote(f: FeedbackInput): string {
  if (f.pidsLimit === undefined || (!AT_PROCESS_LIMIT.test(f.stderr) && !AT_PROCESS_LIMIT.test(f.stdout))) return "";
  return `\n\nNote: the output shows a process or thread refused by the sandbox's process limit (pids-limit ${f.pidsLimit}); if the tests need more, the limit, not the code, made them fail.`;
}

const MIB = 1024 ** 2;

function location(s: SyntaxInfo): string {
  const parts = [s.file, s.line, s.column].filter((p) => p !== undefined && p !== "");
  return parts.length ? ` at ${parts.join(":")}` : "";
}

function tail(text: string, truncated: boolean): string {
  return truncated ? `${text}\n[output truncated]` : text;
}

/** Protected files listed one by one up to this many; more are counted. */
const PROTECTED_LISTED = 10;

/** What the run with the base's versions of the protected files said, under the files' names and the ask. */
function protectedFeedback(f: FeedbackInput): string {
  const { files, ran } = f.protection ?? { files: [], ran: "sandbox_error" as const };
  const listed = files.slice(0, PROTECTED_LISTED).join(", ");
  const more = files.length > PROTECTED_LISTED ? ` and ${files.length - PROTECTED_LISTED} more` : "";
  const head = `The change touches files the tests or their runner depend on, which a candidate may not change: ${listed}${more}. They were put back to the base's versions (a protected file you added was left out) and the tests ran with them.`;
  const real = ran === "pass" ? "With them, the tests pass." : `With them:\n\n${feedbackFor({ ...f, status: ran })}`;
  return `${head}\n\n${real}\n\nFix the code, not the tests: leave the tests, their configuration and their hooks as they are.`;
}

/** A candidate's own set-up failed: the install its change asks for is what to fix, with the setup's output. */
function setupFeedback(f: FeedbackInput): string {
  const output = tail(f.stdout, f.truncated.stdout).trim() || "(no output)";
  return `The dependencies could not be installed: ${f.reason ?? "the setup failed"}. The setup's output:\n\n${output}\n\nFix the change to the dependencies (package names, versions, the lock file) so that the install succeeds.`;
}

export function feedbackFor(f: FeedbackInput): string {
  switch (f.status) {
    case "protected":
      return protectedFeedback(f);
    case "pass":
      return "";
    case "no_code":
      return `No runnable code was found in the reply${f.reason ? ` (${f.reason})` : ""}. Reply with the code in one fenced block.`;
    case "patch_failed":
      return `The patch did not apply: ${f.reason ?? "no hunk matched the base tree"}. Regenerate it against the current files.`;
    case "syntax_error":
      return `The code does not parse${f.syntax ? location(f.syntax) : ""}. The parser said:\n\n${f.syntax?.message ?? f.stderr}\n\nReturn the corrected code only.`;
    case "timeout":
      return `The code did not finish within ${f.timeoutMs / 1000} s and was stopped. ${timeoutCause(f)}`;
    case "oom": {
      const how = f.heldAtLimit
        ? `and made no progress there until it was stopped after ${f.timeoutMs / 1000} s`
        : "and was killed";
      return `The code ran out of memory (limit ${Math.round(f.memoryBytes / MIB)} MiB) ${how}. Something grows without bound; avoid building huge structures.`;
    }
    case "test_failed": {
      if (f.setupFailed) return setupFeedback(f);
      const detail = (f.stderr.trim() ? tail(f.stderr, f.truncated.stderr) : tail(f.stdout, f.truncated.stdout)).trim();
      const how = f.signal ? `crashed with ${f.signal}` : `exited with code ${f.exitCode}`;
      const listed = !f.reason && f.tests ? testsBlock(f.tests) : "";
      const head = f.reason
        ? `The tests did not pass: ${f.reason} (the test command ${how}).`
        : `The tests failed (the test command ${how}):${f.tests ? ` ${f.tests.failed} of ${f.tests.total} tests failed.` : ""}`;
      const output = `${listed ? "Output:\n" : ""}${detail || "(no output)"}`;
      const notes = (f.notes ?? []).map((note) => `\n\nNote: ${note}.`).join("");
      return `${[head, listed, output].filter(Boolean).join("\n\n")}${notes}${limitNote(f)}\n\nFix the code.`;
    }
    case "sandbox_error":
      return `${OURS.before}${f.reason ?? "unknown engine error"}${OURS.after}`;
  }
}

/**
 * Why a run used up its time, as far as its CPU time tells: busy for most of it, a loop; idle for most of
 * it, a wait. The time it had excludes the time it was made to wait for a CPU, so a busy machine reads as
 * neither, except where that wait cannot be read (a remote engine's): there the wall clock decided, and
 * little CPU may be a wait of its own or a machine too busy to run it. Without a CPU reading, both are named.
 */
function timeoutCause({ cpuMs, timeoutMs, waitUnread }: FeedbackInput): string {
  if (cpuMs === undefined) {
    return "A loop may never end or advance, or it waited for something that never came (input, a lock, a sleep); check both.";
  }
  const used = `It used the CPU for ${(cpuMs / 1000).toFixed(1)} s of that time`;
  if (cpuMs * 2 >= timeoutMs)
    return `${used}: a loop probably never ends or never advances; check the loop conditions.`;
  if (waitUnread) {
    return `${used}: it was waiting (a sleep, input, a lock, a child process), or the engine's machine was too busy to run it (the time it waited for a CPU cannot be read on a remote engine, so the wall clock decided); check what it waits for, and run it again if it does not.`;
  }
  return `${used}: it was waiting (a sleep, input, a lock, a child process), not computing; check what it waits for.`;
}
