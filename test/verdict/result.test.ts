// A verdict → the report's Result (feedback under the limits the candidate ran with), and the results →
// the gate's decision.
import { describe, expect, it } from "vitest";
import type { Candidate, Result } from "../../src/core/model.js";
import { RESULT_SCHEMA } from "../../src/core/schemas/report.js";
import { readSettings } from "../../src/settings/settings.js";
import {
  decide,
  invalidEntryResult,
  protectedVerdict,
  resultOf,
  tamperedVerdict,
  type Verdict,
} from "../../src/verdict/result.js";
import { captured, runFacts } from "../support/facts.js";

const { limits } = readSettings(() => "", { defaultWorkdir: "/repo", cpuCount: 2 });
const candidate: Candidate = { id: "c1", source: "c1.md", kind: "reply", text: "", url: "u", author: "a" };

describe("resultOf", () => {
  it("lists the run's facts in the report's order", () => {
    const verdict: Verdict = {
      status: "test_failed",
      language: "python",
      limits,
      facts: runFacts({ exitCode: 1, signal: "SIGSEGV", stderr: captured("boom\n") }),
    };
    const result = resultOf(candidate, verdict);
    expect(Object.keys(result)).toEqual(Object.keys(RESULT_SCHEMA.properties).filter((key) => key in result));
    expect(result).toMatchObject({
      id: "c1",
      url: "u",
      author: "a",
      exit_code: 1,
      signal: "SIGSEGV",
      stderr: "boom\n",
    });
    expect(result.feedback).toContain("SIGSEGV");
  });

  it("never reports our own kill as the candidate's signal, and names the limit it ran under", () => {
    const verdict: Verdict = {
      status: "timeout",
      language: "python",
      limits: { ...limits, timeoutMs: 2500 },
      facts: runFacts({ exitCode: null, signal: "SIGKILL", timedOut: true }),
    };
    const result = resultOf(candidate, verdict);
    expect(result.signal).toBeNull();
    expect(result.feedback).toContain("2.5 s");
  });

  it("names a busy machine in a timeout's feedback only where the run's wait for a CPU was not read", () => {
    const timeout = (over: Partial<Parameters<typeof runFacts>[0]>) =>
      resultOf(candidate, {
        status: "timeout",
        language: "python",
        limits: { ...limits, timeoutMs: 2500 },
        facts: runFacts({ exitCode: null, signal: "SIGKILL", timedOut: true, cpuMs: 20, ...over }),
      });
    expect(timeout({ waitedMs: 0 }).feedback).toContain("not computing");
    expect(timeout({}).feedback).toContain("too busy to run it");
    expect(timeout({}).cpu_ms).toBe(20);
  });

  it("carries a patch's changed files and strategy", () => {
    const verdict: Verdict = {
      status: "patch_failed",
      language: null,
      limits,
      reason: "does not apply",
      patch: { changedFiles: ["a.py"], strategy: "offset" },
    };
    expect(resultOf(candidate, verdict)).toMatchObject({
      changed_files: ["a.py"],
      patch_strategy: "offset",
      duration_ms: 0,
      feedback: expect.stringContaining("does not apply"),
    });
  });
});

describe("resultOf, for a dataset line of SWE-bench's", () => {
  const verdict: Verdict = { status: "patch_failed", language: null, limits, reason: "no file changes" };
  const line: Candidate = { id: "i-1", source: "p.jsonl:1", kind: "patch", text: "", repo: "o/r", model: "m/x" };

  it("carries the line's repo and model, the listed tests, and marks an empty patch", () => {
    const listed = { fail_to_pass: { passed: [], not_passed: ["t::a"] }, pass_to_pass: { passed: [], not_passed: [] } };
    expect(resultOf(line, { ...verdict, listed })).toMatchObject({
      repo: "o/r",
      model: "m/x",
      listed,
      empty_patch: true,
    });
  });

  it("marks no patch empty that holds something, nor a reply", () => {
    expect(resultOf({ ...line, text: "--- a/x\n" }, verdict).empty_patch).toBeUndefined();
    expect(resultOf({ ...line, kind: "reply" }, verdict).empty_patch).toBeUndefined();
    expect(resultOf({ ...line, text: " \n" }, verdict).empty_patch).toBe(true);
  });
});

describe("invalidEntryResult", () => {
  it("is no_code, naming the line and its problem", () => {
    const result = invalidEntryResult("d.jsonl:2", "d.jsonl:2", "not valid JSON", limits);
    expect(result).toMatchObject({ id: "d.jsonl:2", status: "no_code", language: null, exit_code: null });
    expect(result.feedback).toContain("d.jsonl:2: not valid JSON");
  });
});

describe("decide", () => {
  const result = (status: Result["status"]) => ({ status }) as Result;
  it("fails when any status is in fail-on, with counts in the reason", () => {
    expect(
      decide([result("pass"), result("timeout"), result("timeout"), result("oom")], new Set(["timeout", "oom"])),
    ).toEqual({
      failed: true,
      reason: "3 of 4 candidates failed the gate (2 timeout, 1 oom)",
    });
    expect(decide([result("pass"), result("oom")], new Set(["timeout"]))).toEqual({
      failed: false,
      reason: "all 2 candidates passed the gate",
    });
  });
});

describe("protectedVerdict", () => {
  const failed: Verdict = { status: "test_failed", language: "python", limits, facts: runFacts({ exitCode: 1 }) };

  it("ends protected over the run's own status, which a note and the feedback keep, naming the files", () => {
    const verdict = protectedVerdict(failed, ["tests/test_a.py", "conftest.py"]);
    expect(verdict).toMatchObject({
      status: "protected",
      ran: "test_failed",
      protected: ["tests/test_a.py", "conftest.py"],
    });
    expect(verdict.notes).toEqual(["with the base's versions of the protected files, the tests ended tests failed"]);
    const result = resultOf(candidate, verdict);
    expect(result.status).toBe("protected");
    expect(result.protected).toEqual(["tests/test_a.py", "conftest.py"]);
    expect(result.exit_code).toBe(1);
    expect(result.feedback).toMatch(/^The change touches files .*: tests\/test_a\.py, conftest\.py\./);
    expect(result.feedback).toMatch(/With them:\n\nThe tests failed \(the test command exited with code 1\)/);
    expect(result.feedback).toMatch(/Fix the code, not the tests/);
  });

  it("leaves our failure as it is (nothing is known of the code), and a verdict without protected files", () => {
    const ours: Verdict = { status: "sandbox_error", language: null, limits, reason: "engine" };
    expect(protectedVerdict(ours, ["conftest.py"])).toMatchObject({
      status: "sandbox_error",
      protected: ["conftest.py"],
    });
    expect(protectedVerdict(failed, [])).toBe(failed);
  });
});

describe("tamperedVerdict", () => {
  const found = [{ file: "solution.py", line: 3, what: "assigns to sys.exit: the interpreter's exit machinery" }];
  const passed: Verdict = { status: "pass", language: "python", limits, facts: runFacts({ exitCode: 0 }) };

  it("fails a pass whose code reaches into the judge, naming where, when fail-on names tampering", () => {
    const verdict = tamperedVerdict(passed, found, true);
    expect(verdict.status).toBe("test_failed");
    expect(verdict.tampering).toEqual(found);
    expect(verdict.reason).toContain("solution.py:3 (assigns to sys.exit");
    expect(resultOf(candidate, verdict).tampering).toEqual(found);
    expect(resultOf(candidate, verdict).feedback).toContain("reaches into the judge");
  });

  it("keeps the pass, and the findings, without tampering in fail-on; leaves other statuses and clean code be", () => {
    expect(tamperedVerdict(passed, found, false)).toMatchObject({ status: "pass", tampering: found });
    const failed: Verdict = { ...passed, status: "test_failed" };
    expect(tamperedVerdict(failed, found, true)).toMatchObject({ status: "test_failed", tampering: found });
    expect(tamperedVerdict(passed, [], true)).toBe(passed);
  });
});
