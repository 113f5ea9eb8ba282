import { describe, expect, it } from "vitest";
import type { Status } from "../../src/core/model.js";
import { buildAnnotations, limitAnnotations, located } from "../../src/report/annotations.js";
import { MIXED, result, TESTED } from "./fixtures.js";

describe("buildAnnotations", () => {
  it("puts a syntax error on its file, line and column", () => {
    const [annotation] = buildAnnotations([MIXED[1]!]);
    expect(annotation).toEqual({
      level: "error",
      title: "sandbox-gate: syntax error in reply-2",
      message: "invalid syntax\n(candidate from replies/reply-2.md)",
      file: "solution.py",
      startLine: 3,
      startColumn: 5,
    });
  });

  it("points a patch's syntax error at the repository file, under the base tree's prefix", () => {
    const patched = result({
      id: "pull-7",
      status: "syntax_error",
      changed_files: ["src/app.py"],
      syntax: { message: "invalid syntax", file: "src/app.py", line: 4 },
    });
    expect(buildAnnotations([patched], undefined, "services/api")[0]).toMatchObject({
      file: "services/api/src/app.py",
      startLine: 4,
    });
    expect(buildAnnotations([patched])[0]).toMatchObject({ file: "src/app.py" });
    // A reply's code is no repository file: its name stays as the sandbox knew it.
    expect(buildAnnotations([MIXED[1]!], undefined, "services/api")[0]).toMatchObject({ file: "solution.py" });
  });

  it("gives one annotation per candidate that did not pass, none for passes", () => {
    const annotations = buildAnnotations(MIXED);
    expect(annotations).toHaveLength(7);
    expect(annotations.every((a) => a.level === "error")).toBe(true);
    expect(annotations.filter((a) => a.file !== undefined)).toHaveLength(1);
    expect(annotations.find((a) => a.title.includes("reply-3"))?.message).toBe(
      "Timed out after 10 s.\n(candidate from replies/reply-3.md)",
    );
  });

  it("warns instead of failing for statuses outside fail-on", () => {
    const failOn = new Set<Status>(["syntax_error"]);
    const levels = buildAnnotations(MIXED, failOn).map((a) => [a.title.split(" in ")[1], a.level]);
    expect(levels).toContainEqual(["reply-2", "error"]);
    expect(levels).toContainEqual(["reply-3", "warning"]);
  });

  it("keeps a syntax error without location unlocated, and cleans terminal noise", () => {
    const [annotation] = buildAnnotations([
      result({
        id: "x",
        status: "syntax_error",
        feedback: "\x1b[31mboom\x1b[0m",
        syntax: { message: "\x1b[31mboom\x1b[0m" },
      }),
    ]);
    expect(annotation).toEqual({
      level: "error",
      title: "sandbox-gate: syntax error in x",
      message: "boom\n(candidate from replies/x.md)",
    });
  });

  it("falls back to the status label when there is no message, and caps long ones", () => {
    // Newest first: the long one was given last.
    const [long, empty] = buildAnnotations([
      result({ id: "e", status: "test_failed" }),
      result({ id: "l", status: "test_failed", feedback: "😀".repeat(10_000) }),
    ]);
    expect(empty!.message).toBe("tests failed\n(candidate from replies/e.md)");
    expect(Array.from(long!.message.split("\n")[0]!)).toHaveLength(4000);
  });
});

describe("within the Actions limits", () => {
  const thirty = Array.from({ length: 30 }, (_, i) =>
    result({
      id: `reply-${i}`,
      status: i === 3 ? "syntax_error" : "test_failed",
      ...(i === 3 && { syntax: { message: "invalid syntax", file: "solution.py", line: 2 } }),
    }),
  );

  it("30 failing candidates: 9 errors beside the verdict, the located one first, then the newest; the rest counted", () => {
    const { shown, hidden } = limitAnnotations(buildAnnotations(thirty), true);
    expect(shown).toHaveLength(9);
    expect(hidden).toBe(21);
    expect(shown.map((a) => a.title.split(" in ")[1])).toEqual([
      "reply-3",
      "reply-29",
      "reply-28",
      "reply-27",
      "reply-26",
      "reply-25",
      "reply-24",
      "reply-23",
      "reply-22",
    ]);
  });

  it("keeps ten warnings apart from the errors, and annotates only the deciding results", () => {
    const failOn = new Set<Status>(["syntax_error"]);
    const { shown, hidden } = limitAnnotations(buildAnnotations(thirty, failOn), false);
    expect(shown.map((a) => a.level)).toEqual(["error", ...Array(10).fill("warning")]);
    expect(hidden).toBe(19);
    expect(buildAnnotations(thirty, undefined, "", new Set(["reply-29"])).map((a) => a.title)).toEqual([
      "sandbox-gate: tests failed in reply-29",
    ]);
  });
});

describe("annotations per failing test", () => {
  it("puts one on each failing test's file and line, only the ones a patch broke with compare", () => {
    const [fix, breaks] = TESTED;
    expect(buildAnnotations([fix!])).toEqual([]);
    expect(buildAnnotations([breaks!], undefined, "services/api")).toEqual([
      {
        level: "error",
        title: "sandbox-gate: tests.test_stock::test_add failed in breaks.patch",
        message: "AssertionError: 2 != 3\n<and a | pipe> @team\n(candidate from replies/breaks.patch.md)",
        file: "services/api/tests/test_stock.py",
        startLine: 7,
      },
    ]);
  });

  it("keeps one annotation for the candidate when no failing test is listed (no test ran)", () => {
    expect(buildAnnotations([TESTED[3]!]).map((a) => a.title)).toEqual(["sandbox-gate: tests failed in retried.md"]);
  });
});

describe("an annotation's place comes from an untrusted results file", () => {
  const failing = (file: string, line?: number) =>
    result({
      id: "r",
      status: "test_failed",
      tests: {
        counts: { passed: 0, failed: 1, error: 0, skipped: 0 },
        cases: [
          { id: "t::x", name: "x", status: "failed", file, ...(line !== undefined && { line }), message: "boom" },
        ],
      },
    });

  it("names a file inside the tree and its line, as GitHub's file and startLine, normalised", () => {
    expect(buildAnnotations([failing("./tests//test_x.py", 12)], undefined, "app")[0]).toEqual({
      level: "error",
      title: "sandbox-gate: t::x failed in r",
      message: "boom\n(candidate from replies/r.md)",
      file: "app/tests/test_x.py",
      startLine: 12,
    });
  });

  it.each([
    "/etc/passwd",
    "/home/runner/work/app/app/tests/test_x.py",
    "../../../.ssh/id_rsa",
    "tests/../../outside.py",
    "C:/Windows/win.ini",
    "tests\\..\\..\\x.py",
    ".git/config",
    "tests/test_x.py\n::error file=x::forged",
    "",
  ])("never points at %j: the annotation stays, without a place", (file) => {
    const [annotation] = buildAnnotations([failing(file, 3)], undefined, "app");
    expect(annotation).toEqual({
      level: "error",
      title: "sandbox-gate: t::x failed in r",
      message: "boom\n(candidate from replies/r.md)",
    });
  });

  it("a parser's file and a protected file follow the same rule", () => {
    const syntax = result({
      id: "s",
      status: "syntax_error",
      syntax: { message: "invalid syntax", file: "/tmp/evil.py", line: 3, column: 1 },
    });
    expect(buildAnnotations([syntax])[0]).not.toHaveProperty("file");
    expect(buildAnnotations([syntax])[0]).not.toHaveProperty("startLine");
    const hacked = result({ id: "h", status: "protected", protected: ["../conftest.py", "tests/conftest.py"] });
    expect(buildAnnotations([hacked], undefined, "app").map((a) => a.file)).toEqual([
      undefined,
      "app/tests/conftest.py",
    ]);
  });

  it("located: a line only beside a file, and only a positive whole number", () => {
    const same = (file: string) => file;
    expect(located("a.py", 4, same, 2)).toEqual({ file: "a.py", startLine: 4, startColumn: 2 });
    expect(located("a.py", undefined, same, 2)).toEqual({ file: "a.py" });
    expect(located("a.py", 0, same)).toEqual({ file: "a.py" });
    expect(located("a.py", 1.5, same)).toEqual({ file: "a.py" });
    expect(located("a.py", 4, same, -1)).toEqual({ file: "a.py", startLine: 4 });
    expect(located(undefined, 4, same)).toEqual({});
    expect(located("/abs.py", 4, same)).toEqual({});
  });
});
