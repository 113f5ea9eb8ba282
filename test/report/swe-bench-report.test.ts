// SWE-bench's own output: each status mapped to the harness's report.json entry, the run's summary as
// make_run_report counts it, and the layout of a run directory; nothing a line names climbs out of it.
import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Result } from "../../src/core/model.js";
import {
  RUN_EVALUATION_DIR,
  UNNAMED_MODEL,
  instanceOutcome,
  runSummary,
  sweBenchOutput,
} from "../../src/report/swe-bench-report.js";
import { result } from "./fixtures.js";

// UPDATE_GOLDEN=1 rewrites the file; read it before committing it.
function expectGolden(name: string, actual: string): void {
  const file = new URL(`./golden/${name}`, import.meta.url);
  if (process.env.UPDATE_GOLDEN === "1") writeFileSync(file, actual);
  expect(actual).toBe(readFileSync(file, "utf8"));
}

const F2P = ["tests.test_a::test_fixed"];
const P2P = ["tests.test_a::test_kept", "tests.test_a::test_other"];
const NONE_PASSED = {
  fail_to_pass: { passed: [], not_passed: F2P },
  pass_to_pass: { passed: [], not_passed: P2P },
};
const ALL_PASSED = {
  fail_to_pass: { passed: F2P, not_passed: [] },
  pass_to_pass: { passed: P2P, not_passed: [] },
};

/** A line with SWE-bench's fields, as the pipeline leaves its result. */
const line = (id: string, fields: Partial<Result> & Pick<Result, "status">): Result & { listed: typeof NONE_PASSED } =>
  result({
    id,
    task: id,
    source: `preds.jsonl:${id.length}`,
    model: "acme/agent-7b",
    repo: "octo/widgets",
    resolved: fields.status === "sandbox_error" ? undefined : "no",
    listed: NONE_PASSED,
    ...fields,
  }) as Result & { listed: typeof NONE_PASSED };

const RESOLVED = line("octo__widgets-1", {
  status: "pass",
  resolved: "full",
  listed: ALL_PASSED,
  stdout: "3 passed\n",
});
const PARTIAL = line("octo__widgets-2", {
  status: "test_failed",
  resolved: "partial",
  listed: { fail_to_pass: { passed: [], not_passed: F2P }, pass_to_pass: { passed: P2P, not_passed: [] } },
  stdout: "1 failed, 2 passed",
  stderr: "warning: deprecated\n",
});
const NOT_APPLIED = line("octo__widgets-3", { status: "patch_failed", feedback: "hunk 1 does not apply" });
const EMPTY = line("octo__widgets-4", { status: "patch_failed", empty_patch: true });
const OURS = line("octo__widgets-5", { status: "sandbox_error", feedback: "the engine did not answer" });

describe("instanceOutcome: our result as SWE-bench's harness files the instance", () => {
  it("a resolved pass: applied, resolved, tests_status from the listed tests, the *_TO_FAIL lists empty", () => {
    expect(instanceOutcome(RESOLVED)).toEqual({
      kind: "report",
      report: {
        patch_is_None: false,
        patch_exists: true,
        patch_successfully_applied: true,
        resolved: true,
        tests_status: {
          FAIL_TO_PASS: { success: F2P, failure: [] },
          PASS_TO_PASS: { success: P2P, failure: [] },
          FAIL_TO_FAIL: { success: [], failure: [] },
          PASS_TO_FAIL: { success: [], failure: [] },
        },
      },
    });
  });

  it("partial is not resolved; what did not pass is a failure", () => {
    const outcome = instanceOutcome(PARTIAL);
    expect(outcome).toMatchObject({ kind: "report", report: { patch_successfully_applied: true, resolved: false } });
    expect(outcome.kind === "report" && outcome.report.tests_status?.FAIL_TO_PASS).toEqual({
      success: [],
      failure: F2P,
    });
  });

  it("patch_failed: not applied, not resolved, no tests_status (the harness stops before the tests)", () => {
    expect(instanceOutcome(NOT_APPLIED)).toEqual({
      kind: "report",
      report: { patch_is_None: false, patch_exists: true, patch_successfully_applied: false, resolved: false },
    });
  });

  it("an empty patch is empty_patch and our failure is an error: no report for either, never unresolved", () => {
    expect(instanceOutcome(EMPTY)).toEqual({ kind: "empty_patch" });
    expect(instanceOutcome(OURS)).toEqual({ kind: "error" });
  });

  it("a pass that is not resolved in full, or a resolved run whose status is not pass, is not resolved", () => {
    // `protected`: the real tests ran on the base's versions and passed, but the candidate touched them.
    const guarded = line("p", { status: "protected", resolved: "full", listed: ALL_PASSED });
    const outcome = instanceOutcome(guarded);
    expect(outcome).toMatchObject({ kind: "report", report: { resolved: false, patch_successfully_applied: true } });
    expect(instanceOutcome(line("t", { status: "timeout" }))).toMatchObject({
      kind: "report",
      report: { resolved: false, tests_status: { FAIL_TO_PASS: { success: [], failure: F2P } } },
    });
  });
});

describe("runSummary: make_run_report's counts", () => {
  it("files every line in one of completed (resolved or not), empty_patch, error; ids sorted", () => {
    const lines = [OURS, EMPTY, NOT_APPLIED, PARTIAL, RESOLVED];
    const summary = runSummary(lines.map((r) => ({ id: r.id, outcome: instanceOutcome(r) })));
    expect(summary).toEqual({
      total_instances: 5,
      submitted_instances: 5,
      completed_instances: 3,
      resolved_instances: 1,
      unresolved_instances: 2,
      empty_patch_instances: 1,
      error_instances: 1,
      completed_ids: ["octo__widgets-1", "octo__widgets-2", "octo__widgets-3"],
      incomplete_ids: [],
      empty_patch_ids: ["octo__widgets-4"],
      submitted_ids: ["octo__widgets-1", "octo__widgets-2", "octo__widgets-3", "octo__widgets-4", "octo__widgets-5"],
      resolved_ids: ["octo__widgets-1"],
      unresolved_ids: ["octo__widgets-2", "octo__widgets-3"],
      error_ids: ["octo__widgets-5"],
      schema_version: 2,
    });
    // Keys in the harness's order: a diff against its file reads line by line.
    expect(Object.keys(summary).slice(0, 3)).toEqual(["total_instances", "submitted_instances", "completed_instances"]);
  });
});

describe("sweBenchOutput: the run directory as the harness lays it out", () => {
  const plain = result({ id: "humaneval/1", status: "pass" });
  const { files, problems } = sweBenchOutput([RESOLVED, PARTIAL, NOT_APPLIED, EMPTY, OURS, plain], "cli-0a1b2c");
  const byPath = new Map(files.map((f) => [f.path, f.text]));
  const dir = `${RUN_EVALUATION_DIR}/cli-0a1b2c/acme__agent-7b`;

  it("writes report.json per completed instance under run id, model (/ as __) and instance id", () => {
    expect([...byPath.keys()].filter((p) => p.endsWith("report.json")).sort()).toEqual([
      `${dir}/octo__widgets-1/report.json`,
      `${dir}/octo__widgets-2/report.json`,
      `${dir}/octo__widgets-3/report.json`,
    ]);
    expect(JSON.parse(byPath.get(`${dir}/octo__widgets-1/report.json`)!)).toEqual({
      "octo__widgets-1": (instanceOutcome(RESOLVED) as { report: unknown }).report,
    });
    expect(problems).toEqual([]);
  });

  it("keeps the tests' output beside it (stdout, then stderr), and our failure's cause where the harness logs", () => {
    expect(byPath.get(`${dir}/octo__widgets-1/test_output.txt`)).toBe("3 passed\n");
    expect(byPath.get(`${dir}/octo__widgets-2/test_output.txt`)).toBe("1 failed, 2 passed\nwarning: deprecated\n");
    expect(byPath.has(`${dir}/octo__widgets-3/test_output.txt`)).toBe(false);
    expect(byPath.get(`${dir}/octo__widgets-5/run_instance.log`)).toBe("the engine did not answer\n");
    expect([...byPath.keys()].some((p) => p.startsWith(`${dir}/octo__widgets-4/`))).toBe(false);
  });

  it("writes the summary as <model>.<run_id>.json, and leaves out a line without SWE-bench's fields", () => {
    const summary = JSON.parse(byPath.get("acme__agent-7b.cli-0a1b2c.json")!);
    expect(summary.submitted_ids).not.toContain("humaneval/1");
    expect([...byPath.keys()].some((p) => p.includes("humaneval"))).toBe(false);
  });

  it("matches the golden files (four-space JSON, as the harness writes it)", () => {
    expectGolden("swe-bench-summary.json", byPath.get("acme__agent-7b.cli-0a1b2c.json")!);
    expectGolden("swe-bench-instance-report.json", byPath.get(`${dir}/octo__widgets-2/report.json`)!);
  });

  it("groups by model: one summary each, lines without a model under UNNAMED_MODEL", () => {
    const other = { ...RESOLVED, model: "Other/Model" };
    const bare = { ...PARTIAL, model: undefined };
    const out = sweBenchOutput([RESOLVED, other, bare], "r1").files.map((f) => f.path);
    expect(out.filter((p) => p.endsWith(".r1.json")).sort()).toEqual([
      "Other__Model.r1.json",
      "acme__agent-7b.r1.json",
      `${UNNAMED_MODEL}.r1.json`,
    ]);
  });

  it("lets no instance id or model climb out of the directory: named, counted an error, never written", () => {
    const escape = { ...RESOLVED, id: "x", task: "../../../../etc/cron.d/evil" };
    const dot = { ...RESOLVED, id: "y", task: ".." };
    const hidden = { ...RESOLVED, id: "z", task: "a\u0000b" };
    const { files: written, problems: named } = sweBenchOutput([escape, dot, hidden], "r1");
    expect(written.map((f) => f.path)).toEqual(["acme__agent-7b.r1.json"]);
    expect(JSON.parse(written[0]!.text).error_ids).toHaveLength(3);
    expect(named).toHaveLength(3);
    expect(named[0]).toContain('"../../../../etc/cron.d/evil" holds a slash');
    const badModel = sweBenchOutput([{ ...RESOLVED, model: ".." }], "r1");
    expect(badModel.files).toEqual([]);
    expect(badModel.problems[0]).toMatch(/^model "\.\." /);
    expect(() => sweBenchOutput([RESOLVED], "../up")).toThrow(/run id/);
  });

  it("writes one instance once per model: a second line for it is named, not written over the first", () => {
    const again = { ...PARTIAL, id: "octo__widgets-1#2", task: "octo__widgets-1" };
    const { files: written, problems: named } = sweBenchOutput([RESOLVED, again], "r1");
    const report = written.find((f) => f.path.endsWith("octo__widgets-1/report.json"))!;
    expect(JSON.parse(report.text)["octo__widgets-1"].resolved).toBe(true);
    expect(named).toEqual([
      'model acme__agent-7b has a second line for instance "octo__widgets-1" (octo__widgets-1#2): only the first is written',
    ]);
  });
});
