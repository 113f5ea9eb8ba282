// A protected candidate's files, named the same way in the comment, the CLI's table and the annotations.
import { describe, expect, it } from "vitest";
import { buildAnnotations } from "../../src/report/annotations.js";
import { stickyMarker } from "../../src/github/sticky-comment.js";
import { renderComment } from "../../src/report/markdown.js";
import { protectedNote, protectedStep } from "../../src/report/protected.js";
import { renderTable } from "../../src/report/table.js";
import { result } from "./fixtures.js";

const hacked = result({
  id: "weaken.patch",
  status: "protected",
  protected: ["conftest.py", "pytest.ini", "tests/test_discount.py", "tests/test_more.py"],
  feedback: "You changed files the tests rely on (conftest.py, …). Fix the code, not the tests.",
});

describe("protectedNote", () => {
  it("names the files, the first few and how many more, and nothing for a candidate that changed none", () => {
    expect(protectedNote(hacked, 2)).toBe("changed protected files: conftest.py, pytest.ini and 2 more");
    expect(protectedNote({ protected: ["pytest.ini"] }, 3)).toBe("changed protected file: pytest.ini");
    expect(protectedNote({ protected: [] }, 3)).toBeUndefined();
    expect(protectedNote({}, 3)).toBeUndefined();
  });
});

describe("protectedStep", () => {
  it("tells the maintainer the test files must not change, and which to restore", () => {
    expect(protectedStep(hacked, 2)).toBe("the test files must not change: restore conftest.py, pytest.ini and 2 more");
    expect(protectedStep({ protected: ["a|b"] }, 3, (p) => `\`${p}\``)).toBe(
      "the test files must not change: restore `a|b`",
    );
    expect(protectedStep({}, 3)).toBe("the test files must not change");
  });
});

describe("where a reviewer looks", () => {
  it("the comment's result cell names the files without expanding anything", () => {
    const body = renderComment({
      results: [hacked],
      skipped: [],
      gate: { failed: true, reason: "1 of 1 candidates failed" },
      marker: stickyMarker(),
    });
    const row = body.split("\n").find((line) => line.startsWith("| ") && line.includes("weaken"))!;
    expect(row).toContain("changed protected files: conftest.py, pytest.ini, tests/test\\_discount.py and 1 more");
  });

  it("the CLI's table lists every file below the table", () => {
    const table = renderTable({ results: [hacked], skipped: [], decision: { failed: true, reason: "" } });
    expect(table.split("\n").at(-1)).toBe(
      "weaken.patch: changed protected files: conftest.py, pytest.ini, tests/test_discount.py, tests/test_more.py (the base's versions ran)",
    );
  });

  it("one annotation on each protected file, in the repository", () => {
    const annotations = buildAnnotations([hacked], undefined, "app");
    expect(annotations.map((a) => [a.level, a.file])).toEqual([
      ["error", "app/conftest.py"],
      ["error", "app/pytest.ini"],
      ["error", "app/tests/test_discount.py"],
      ["error", "app/tests/test_more.py"],
    ]);
    expect(annotations[0]!.title).toBe("sandbox-gate: weaken.patch changed the protected file conftest.py");
  });
});
