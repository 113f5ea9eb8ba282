import { describe, expect, it } from "vitest";
import { causeOfSandboxError, feedbackFor, type FeedbackInput } from "../../src/verdict/feedback.js";
import { STATUSES } from "../../src/core/statuses.js";

const base: FeedbackInput = {
  status: "pass",
  stdout: "out",
  stderr: "",
  truncated: { stdout: false, stderr: false },
  signal: null,
  exitCode: 0,
  timeoutMs: 10_000,
  memoryBytes: 256 * 1024 ** 2,
  pidsLimit: 64,
};

describe("feedbackFor", () => {
  it("gives every non-pass status its own message, and pass none", () => {
    const messages = STATUSES.map((status) => feedbackFor({ ...base, status }));
    expect(messages[STATUSES.indexOf("pass")]).toBe("");
    const others = messages.filter(Boolean);
    expect(new Set(others).size).toBe(STATUSES.length - 1);
  });

  it("hands the parser's message and position back for syntax_error", () => {
    const text = feedbackFor({
      ...base,
      status: "syntax_error",
      syntax: { message: "expected ':'", file: "solution.py", line: 1, column: 15 },
    });
    expect(text).toContain("solution.py:1:15");
    expect(text).toContain("expected ':'");
  });

  it("prefers stderr for test_failed and falls back to stdout", () => {
    expect(feedbackFor({ ...base, status: "test_failed", exitCode: 1, stderr: "AssertionError: 5 != 6" })).toContain(
      "AssertionError: 5 != 6",
    );
    expect(feedbackFor({ ...base, status: "test_failed", exitCode: 1, stdout: "FAIL x" })).toContain("FAIL x");
    expect(feedbackFor({ ...base, status: "test_failed", exitCode: 139, signal: "SIGSEGV" })).toContain("SIGSEGV");
    expect(
      feedbackFor({
        ...base,
        status: "test_failed",
        exitCode: 1,
        stderr: "x",
        truncated: { stdout: false, stderr: true },
      }),
    ).toContain("[output truncated]");
  });

  it("states the limits for timeout and oom", () => {
    expect(feedbackFor({ ...base, status: "timeout", timeoutMs: 2500 })).toContain("2.5 s");
    expect(feedbackFor({ ...base, status: "oom", memoryBytes: 64 * 1024 ** 2 })).toContain("64 MiB");
  });

  it("tells a loop from a wait at a timeout by the CPU it used, and names a busy machine where the wait is unread", () => {
    const timeout = { ...base, status: "timeout" as const, timeoutMs: 10_000 };
    expect(feedbackFor({ ...timeout, cpuMs: 9_000 })).toContain("a loop probably never ends");
    expect(feedbackFor({ ...timeout, cpuMs: 100 })).toContain("not computing");
    const remote = feedbackFor({ ...timeout, cpuMs: 100, waitUnread: true });
    expect(remote).toContain("the engine's machine was too busy to run it");
    expect(remote).not.toContain("not computing");
    expect(feedbackFor({ ...timeout, cpuMs: 9_000, waitUnread: true })).toContain("a loop probably never ends");
    expect(feedbackFor(timeout)).toContain("check both");
  });

  it("never blames the code for sandbox_error", () => {
    const text = feedbackFor({ ...base, status: "sandbox_error", reason: "image x is missing and pull is never" });
    expect(text).toContain("not because of the code");
    expect(text).toContain("image x is missing");
  });

  it("gives a sandbox_error's cause back, as the CLI says it once for many candidates", () => {
    const reason = "cannot inspect image x: Cannot connect to the Docker daemon. Is the docker daemon running?";
    expect(causeOfSandboxError(feedbackFor({ ...base, status: "sandbox_error", reason }))).toBe(reason);
    expect(causeOfSandboxError("written by an older release")).toBe("written by an older release");
  });

  it.each([
    ["Python", "RuntimeError: can't start new thread"],
    ["bash", "bash: fork: retry: Resource temporarily unavailable"],
    ["Go", "runtime: failed to create new OS thread (have 12 already; errno=11)"],
    ["Java", "java.lang.OutOfMemoryError: unable to create native thread"],
  ])("says when %s's output shows the process limit, not the code, made the tests fail", (_, line) => {
    const text = feedbackFor({ ...base, status: "test_failed", exitCode: 1, stderr: `Traceback\n${line}\n` });
    expect(text).toContain("the sandbox's process limit (pids-limit 64)");
  });

  it("says nothing of the limit when the output does not show it", () => {
    expect(
      feedbackFor({ ...base, status: "test_failed", exitCode: 1, stderr: "AssertionError: 2 != 3" }),
    ).not.toContain("pids-limit");
  });
});
