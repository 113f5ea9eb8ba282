import { describe, expect, expectTypeOf, it } from "vitest";
import { buildReport } from "../../../src/report/json.js";
import {
  RESULT_SCHEMA,
  newResult,
  type Report,
  type Result,
  type Shard,
  type Skipped,
} from "../../../src/core/schemas/report.js";
import { result } from "../../report/fixtures.js";
import { expectValidReport } from "../../support/report-schema.js";

/** A result with every field the schema declares, the next release's included, given in reverse order. */
const FULL: Result = {
  fingerprint: "f".repeat(64),
  empty_patch: true,
  listed: {
    pass_to_pass: { not_passed: [], passed: ["t::b"] },
    fail_to_pass: { not_passed: ["t::a"], passed: [] },
  },
  model: "acme/agent",
  repo: "acme/app",
  tampering: [{ what: "assigns to sys.exit: the interpreter's exit machinery", line: 3, file: "solution.py" }],
  resolved: "partial",
  cpu_ms: 7,
  cached: true,
  protected: ["tests/test_app.py"],
  task: "HumanEval/0",
  notes: ["a note"],
  retried: true,
  flaky: true,
  attempts: [
    { duration_ms: 9, status: "test_failed" },
    { status: "pass", duration_ms: 8 },
  ],
  compare: {
    fail_to_pass: ["t::a"],
    pass_to_pass: [],
    pass_to_fail: [],
    fail_to_fail: [],
    new_failing: [],
    new_passing: ["t::b"],
  },
  tests: {
    cases: [
      {
        flaky: true,
        status: "passed",
        name: "a",
        id: "t::a",
        classname: "t",
        file: "t.py",
        line: 3,
        message: "",
        duration_ms: 1,
      },
    ],
    counts: { skipped: 0, error: 0, failed: 0, passed: 1 },
  },
  patch_strategy: "fuzz",
  changed_files: ["a.py"],
  syntax: { column: 2, line: 1, file: "a.py", message: "invalid syntax" },
  feedback: "",
  truncated: { stderr: false, stdout: true },
  stderr: "",
  stdout: "ok",
  duration_ms: 17,
  signal: null,
  exit_code: 0,
  status: "pass",
  language: "python",
  author: "coder[bot]",
  url: "https://github.com/acme/app/pull/7#issuecomment-1",
  source: "https://github.com/acme/app/pull/7#issuecomment-1",
  id: "comment-1",
};

describe("newResult", () => {
  it("lays a result out in the report's order, nested objects too", () => {
    const built = newResult(FULL);
    // The declared order is the one the report has always had (test/report/json.test.ts), then the newer fields.
    expect(Object.keys(built)).toEqual(Object.keys(RESULT_SCHEMA.properties));
    expect(Object.keys(built).slice(-16)).toEqual([
      "tests",
      "compare",
      "attempts",
      "flaky",
      "retried",
      "notes",
      "task",
      "cached",
      "protected",
      "resolved",
      "tampering",
      "repo",
      "model",
      "listed",
      "empty_patch",
      "fingerprint",
    ]);
    expect(Object.keys(built.listed!)).toEqual(["fail_to_pass", "pass_to_pass"]);
    expect(Object.keys(built.listed!.fail_to_pass)).toEqual(["passed", "not_passed"]);
    expect(Object.keys(built.truncated)).toEqual(["stdout", "stderr"]);
    expect(Object.keys(built.tampering![0]!)).toEqual(["file", "line", "what"]);
    expect(Object.keys(built.syntax!)).toEqual(["message", "file", "line", "column"]);
    expect(Object.keys(built.tests!.cases[0]!)).toEqual([
      "id",
      "name",
      "classname",
      "file",
      "line",
      "status",
      "message",
      "duration_ms",
      "flaky",
    ]);
    expect(built).toEqual(FULL);
  });

  it("sets optional fields only when they have a value", () => {
    const built = newResult({
      ...FULL,
      url: undefined,
      author: undefined,
      syntax: undefined,
      changed_files: undefined,
      patch_strategy: undefined,
    });
    expect(Object.keys(built)).not.toContain("url");
    expect(JSON.stringify(built)).not.toMatch(/"(url|author|syntax|changed_files|patch_strategy)"/);
  });
});

describe("the report schema", () => {
  it("gives the types the code uses, one shape each", () => {
    expectTypeOf<Report["results"][number]>().toEqualTypeOf<Result>();
    expectTypeOf<Report["skipped"][number]>().toEqualTypeOf<Skipped>();
    expectTypeOf<NonNullable<Report["shard"]>>().toEqualTypeOf<Shard>();
    expectTypeOf<Result["status"]>().toEqualTypeOf<
      | "no_code"
      | "patch_failed"
      | "protected"
      | "syntax_error"
      | "timeout"
      | "oom"
      | "test_failed"
      | "pass"
      | "sandbox_error"
    >();
  });

  it("declares the next release's fields, optional: a report with them and one without both match", () => {
    const report = buildReport([FULL, result({ id: "plain", status: "pass" })], [], { shard: { index: 1, count: 2 } });
    expectValidReport({ ...report, base: { status: "test_failed", tests: FULL.tests } });
    expectValidReport(report);
  });

  it.each([
    ["a wrong status", { status: "great" }, /results\[0\]\.status "great" is not one of no_code, /],
    ["a missing field", { feedback: undefined }, /results\[0\]\.feedback is missing/],
    [
      "a wrong type",
      { truncated: { stdout: "no", stderr: false } },
      /results\[0\]\.truncated\.stdout must be true or false, not "no"/,
    ],
    [
      "a field it does not declare",
      { feedbak: "typo" },
      /results\[0\] has a field the schema does not declare: "feedbak"/,
    ],
  ])("fails a written report with %s, naming where", (_, change, message) => {
    const report = buildReport([result({ id: "a", status: "pass" })], []);
    const bad = JSON.parse(JSON.stringify({ ...report, results: [{ ...report.results[0], ...change }] }));
    expect(() => expectValidReport(bad)).toThrow(message);
  });
});
