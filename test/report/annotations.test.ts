import { describe, expect, it } from "vitest";
import type { Status } from "../../src/model.js";
import { buildAnnotations } from "../../src/report/annotations.js";
import { MIXED, result } from "./fixtures.js";

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
    const [empty, long] = buildAnnotations([
      result({ id: "e", status: "test_failed" }),
      result({ id: "l", status: "test_failed", feedback: "😀".repeat(10_000) }),
    ]);
    expect(empty!.message).toBe("tests failed\n(candidate from replies/e.md)");
    expect(Array.from(long!.message.split("\n")[0]!)).toHaveLength(4000);
  });
});
