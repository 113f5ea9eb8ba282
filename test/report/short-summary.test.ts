// The failures in short under the CLI's table: which candidates fail the gate, and the first line of why.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Status } from "../../src/core/model.js";
import { renderShortSummary, WHY_MAX, whyOf } from "../../src/report/short-summary.js";
import { MIXED, result } from "./fixtures.js";

const DEFAULT_FAIL_ON = new Set<Status>([
  "no_code",
  "patch_failed",
  "protected",
  "syntax_error",
  "timeout",
  "oom",
  "test_failed",
  "sandbox_error",
]);
const pytest = readFileSync(new URL("./output/pytest.txt", import.meta.url), "utf8");

describe("whyOf", () => {
  it("a failing test: the first one the output names, what it said, and how many more", () => {
    const r = result({ id: "x", status: "test_failed", stdout: pytest, feedback: "The tests failed (…):\n\n…" });
    expect(whyOf(r)).toBe("test_calc.py::test_fizz: AssertionError: assert 'nope' == 'Fizz' (and 3 more failing)");
  });

  it("a bare traceback: its exception line, not the feedback's heading", () => {
    const stderr =
      'Traceback (most recent call last):\n  File "/work/t.py", line 4, in <module>\nAssertionError: add(2, 3) returned -1\n';
    const r = result({
      id: "x",
      status: "test_failed",
      stderr,
      feedback: "The tests failed (the test command exited with code 1):\n\n",
    });
    expect(whyOf(r)).toBe("AssertionError: add(2, 3) returned -1");
  });

  it("tests that say nothing it can read: the feedback's first line", () => {
    const r = result({
      id: "x",
      status: "test_failed",
      feedback: "\n  The tests failed (the test command exited with code 2):\n\n(no output)",
    });
    expect(whyOf(r)).toBe("The tests failed (the test command exited with code 2):");
  });

  it("a syntax error: where, and the parser's first line", () => {
    expect(whyOf(MIXED.find((r) => r.id === "reply-2")!)).toBe("solution.py:3:5: invalid syntax");
  });

  it("protected files: which ones", () => {
    const r = result({
      id: "x",
      status: "protected",
      protected: ["a.py", "b.py", "c.py", "d.py"],
      feedback: "The change…",
    });
    expect(whyOf(r)).toBe("changed protected files: a.py, b.py, c.py and 1 more");
  });

  it("our failure: its cause, as the caller reads it out of the feedback", () => {
    const r = result({ id: "x", status: "sandbox_error", feedback: "Ours: image missing. Run again." });
    expect(whyOf(r, (feedback) => feedback.slice(6, -12))).toBe("image missing");
    expect(whyOf(r)).toBe("Ours: image missing. Run again.");
  });

  it("anything else: the feedback's first line, to its first sentence", () => {
    expect(whyOf(MIXED.find((r) => r.id === "reply-3")!)).toBe("Timed out after 10 s.");
    const timeout = result({
      id: "x",
      status: "timeout",
      feedback: "The code did not finish within 3 s and was stopped. A loop probably never ends.",
    });
    expect(whyOf(timeout)).toBe("The code did not finish within 3 s and was stopped.");
    const noCode = result({
      id: "x",
      status: "no_code",
      feedback: "No runnable code was found in the reply (prose only). Reply with the code in one fenced block.",
    });
    expect(whyOf(noCode)).toBe("No runnable code was found in the reply (prose only).");
    const patch = result({ id: "x", status: "patch_failed", feedback: "The patch did not apply: a.py:3 v1.2 failed" });
    expect(whyOf(patch)).toBe("The patch did not apply: a.py:3 v1.2 failed");
  });
});

describe("renderShortSummary", () => {
  it("lists each candidate that fails the gate in columns, in the run's order, and no other", () => {
    expect(renderShortSummary(MIXED, { failOn: DEFAULT_FAIL_ON })).toEqual([
      "reply-2    syntax_error   solution.py:3:5: invalid syntax",
      "reply-3    timeout        Timed out after 10 s.",
      "reply-4    oom            Killed: over the 256 MiB memory limit.",
      "reply-5    test_failed    AssertionError: expected 4, got 5",
      "reply-6    no_code        The reply holds no python code block.",
      "fix.patch  patch_failed   error: patch failed: src/a.py:10",
      "reply-8    sandbox_error  image python:3.12-slim: pull failed",
    ]);
    expect(renderShortSummary(MIXED, { failOn: new Set<Status>(["oom"]) })).toEqual([
      "reply-4  oom  Killed: over the 256 MiB memory limit.",
    ]);
  });

  it("is empty when nothing fails the gate", () => {
    expect(renderShortSummary(MIXED, { failOn: new Set() })).toEqual([]);
    expect(renderShortSummary([], { failOn: DEFAULT_FAIL_ON })).toEqual([]);
  });

  it("keeps each line one line: control characters made plain, a long why cut", () => {
    const [line] = renderShortSummary(
      [result({ id: "a\u001b[2Jb", status: "no_code", feedback: `x\u0007${"y".repeat(400)}\nsecond line` })],
      { failOn: DEFAULT_FAIL_ON },
    );
    expect(line).toBe(`a?[2Jb  no_code  x?${"y".repeat(WHY_MAX - 3)}…`);
  });

  it("paints the padded status cell, so the columns still line up", () => {
    const lines = renderShortSummary(MIXED.slice(2, 4), {
      failOn: DEFAULT_FAIL_ON,
      paint: (s, cell) => `<${s}>${cell}</>`,
    });
    expect(lines).toEqual([
      "reply-3  <timeout>timeout</>  Timed out after 10 s.",
      "reply-4  <oom>oom    </>  Killed: over the 256 MiB memory limit.",
    ]);
  });
});
