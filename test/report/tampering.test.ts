// The candidate's code that reaches into the judge (`tampering`), named the same way wherever a reviewer
// looks: the comment's row and next step (golden file), the CLI's table and short failure list, and one
// annotation per finding on its file and line.
import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { stickyMarker } from "../../src/github/sticky-comment.js";
import { buildAnnotations } from "../../src/report/annotations.js";
import { renderComment } from "../../src/report/markdown.js";
import { renderShortSummary } from "../../src/report/short-summary.js";
import { renderTable } from "../../src/report/table.js";
import { failedForTampering, tamperingLines, tamperingNote } from "../../src/report/tampering.js";
import { FAIL_ON, result } from "./fixtures.js";

// UPDATE_GOLDEN=1 rewrites the file; read it before committing it.
function expectGolden(name: string, actual: string): void {
  const file = new URL(`./golden/${name}`, import.meta.url);
  if (process.env.UPDATE_GOLDEN === "1") writeFileSync(file, actual);
  expect(actual).toBe(readFileSync(file, "utf8"));
}

/** A patch whose tests passed, failed only by `fail-on: tampering` (the default). */
const patched = result({
  id: "always-equal.patch",
  source: "patches/always-equal.patch",
  status: "test_failed",
  exit_code: 0,
  changed_files: ["src/money.py", "src/runner_hooks.py"],
  patch_strategy: "exact",
  tests: { counts: { passed: 3, failed: 0, error: 0, skipped: 0 }, cases: [] },
  tampering: [
    {
      file: "src/money.py",
      line: 12,
      what: "__eq__ returns True whatever it is compared with: an object equal to anything",
    },
    {
      file: "src/runner_hooks.py",
      line: 4,
      what: "defines the pytest hook pytest_runtest_makereport outside conftest.py",
    },
    { file: "src/runner_hooks.py", line: 9, what: "assigns to sys.exit: the interpreter's exit" },
  ],
  feedback: "The tests passed, but your code reaches into the judge at src/money.py:12, …: remove it.",
});

/** A reply that passed with `tampering` left out of `fail-on`: the finding is still shown. */
const passed = result({
  id: "reply-7",
  status: "pass",
  tampering: [{ file: "solution.py", line: 3, what: "assigns to unittest.TestCase.assertEqual: the test framework" }],
});

/** A hostile file name: the candidate's, so it must stay inert markdown. */
const hostile = result({
  id: "hostile.patch",
  source: "patches/hostile.patch",
  status: "test_failed",
  exit_code: 0,
  changed_files: ["a|b <img src=x>.py"],
  tampering: [{ file: "a|b <img src=x>.py", line: 1, what: "assigns to sys.exit: the interpreter's exit" }],
});

describe("the report's words", () => {
  it("tamperingNote names the first places and counts the rest; nothing without findings", () => {
    expect(tamperingNote(patched, 2)).toBe(
      "reaches into the judge at src/money.py:12, src/runner_hooks.py:4 and 1 more",
    );
    expect(tamperingNote({ tampering: [] }, 2)).toBeUndefined();
    expect(tamperingNote({}, 2)).toBeUndefined();
  });

  it("tamperingLines: each finding as file:line: what", () => {
    expect(tamperingLines(passed)).toEqual([
      "solution.py:3: assigns to unittest.TestCase.assertEqual: the test framework",
    ]);
  });

  it("failedForTampering: only a test_failed whose tests passed, not a real failure, a pass or a flaky run", () => {
    expect(failedForTampering(patched)).toBe(true);
    expect(failedForTampering({ ...patched, exit_code: 1 })).toBe(false);
    expect(failedForTampering(passed)).toBe(false);
    expect(failedForTampering({ ...patched, flaky: true })).toBe(false);
  });
});

describe("the comment", () => {
  it("names every place in the row and the next step (golden file)", () => {
    const body = renderComment({
      results: [patched, passed, hostile],
      skipped: [],
      gate: { failed: true, reason: "2 of 3 candidates failed the gate" },
      marker: stickyMarker(),
    });
    expectGolden("tampering.md", body);
    const row = body.split("\n").find((line) => line.startsWith("| always-equal"))!;
    expect(row).toContain(
      "reaches into the judge at `src/money.py:12`, `src/runner_hooks.py:4`, `src/runner_hooks.py:9`",
    );
    expect(body).toContain("the tests passed, but the patch's code reaches into the judge: remove it");
    expect(body).toContain("  - `src/runner_hooks.py:9`: assigns to sys.exit: the interpreter's exit");
    // A pass keeps its pass, and says where.
    expect(body.split("\n").find((line) => line.startsWith("| reply-7"))).toContain(
      "reaches into the judge at `solution.py:3`",
    );
    // The candidate's file name is no markup: no cell added to the row (GFM splits at a `|` inside a code
    // span too, unless escaped), no HTML outside a code span.
    const cells = (line: string) => line.split(/(?<!\\)\|/).length;
    const hostileRow = body.split("\n").find((line) => line.startsWith("| hostile.patch"))!;
    expect(cells(hostileRow)).toBe(cells(row));
    expect(hostileRow).toContain("`a\\|b <img src=x>.py:1`");
    expect(body.replaceAll(/`[^`\n]*`/g, "")).not.toContain("<img");
  });
});

describe("the CLI", () => {
  it("lists every finding under the table", () => {
    const table = renderTable({
      results: [patched, passed],
      skipped: [],
      decision: { failed: true, reason: "" },
    }).split("\n");
    expect(table).toContain(
      "always-equal.patch: reaches into the judge at src/money.py:12: __eq__ returns True whatever it is compared with: an object equal to anything",
    );
    expect(table).toContain(
      "reply-7: reaches into the judge at solution.py:3: assigns to unittest.TestCase.assertEqual: the test framework",
    );
  });

  it("says why in the short failure list: the tests passed, but where it reaches in", () => {
    const lines = renderShortSummary([patched, passed], { failOn: FAIL_ON });
    expect(lines.join("\n")).toContain(
      "the tests passed, but it reaches into the judge at src/money.py:12, src/runner_hooks.py:4, src/runner_hooks.py:9",
    );
    // A pass fails nothing: it is not in the list.
    expect(lines.join("\n")).not.toContain("reply-7");
  });
});

describe("the annotations", () => {
  it("one per finding on its file and line: errors when it failed, in the repository for a patch", () => {
    const annotations = buildAnnotations([patched], FAIL_ON, "app");
    expect(annotations.map((a) => [a.level, a.file, a.startLine, a.title])).toEqual([
      ["error", "app/src/money.py", 12, "sandbox-gate: always-equal.patch reaches into the judge"],
      ["error", "app/src/runner_hooks.py", 4, "sandbox-gate: always-equal.patch reaches into the judge"],
      ["error", "app/src/runner_hooks.py", 9, "sandbox-gate: always-equal.patch reaches into the judge"],
    ]);
    expect(annotations[0]!.message).toBe(
      "__eq__ returns True whatever it is compared with: an object equal to anything\n(candidate from patches/always-equal.patch)",
    );
  });

  it("a warning beside a pass, on the reply's own file name", () => {
    expect(buildAnnotations([passed], FAIL_ON, "app").map((a) => [a.level, a.file, a.startLine])).toEqual([
      ["warning", "solution.py", 3],
    ]);
  });

  it("beside a real failure's own annotations, and a protected candidate's", () => {
    const failing = result({
      ...patched,
      exit_code: 1,
      tests: {
        counts: { passed: 0, failed: 1, error: 0, skipped: 0 },
        cases: [
          {
            id: "tests/test_money.py::test_add",
            name: "test_add",
            status: "failed",
            file: "tests/test_money.py",
            line: 5,
          },
        ],
      },
    });
    expect(buildAnnotations([failing], FAIL_ON).map((a) => [a.file, a.startLine])).toEqual([
      ["tests/test_money.py", 5],
      ["src/money.py", 12],
      ["src/runner_hooks.py", 4],
      ["src/runner_hooks.py", 9],
    ]);
    const both = result({ ...patched, status: "protected", protected: ["conftest.py"] });
    expect(buildAnnotations([both], FAIL_ON).map((a) => [a.file, a.startLine])).toEqual([
      ["conftest.py", undefined],
      ["src/money.py", 12],
      ["src/runner_hooks.py", 4],
      ["src/runner_hooks.py", 9],
    ]);
  });

  it("names no place for a file outside the tree", () => {
    const outside = result({ ...passed, tampering: [{ file: "/etc/passwd", line: 1, what: "x" }] });
    expect(buildAnnotations([outside], FAIL_ON)[0]!.file).toBeUndefined();
  });
});
