import { describe, expect, it } from "vitest";
import { findPatterns, readLogResults, readResults } from "../../../src/verdict/results/collect.js";
import { pytest } from "../../../src/verdict/results/logs/pytest.js";
import { junit } from "../../../src/verdict/results/junit.js";
import type { ResultsParser } from "../../../src/verdict/results/parser.js";
import { junitXml, results } from "../../support/junit.js";

describe("findPatterns", () => {
  it("widens each glob into a find -path pattern that matches at least what the glob does", () => {
    expect(findPatterns(["report.xml", "**/*.xml", "out/**/junit-*.xml", "r.{xml,junit}", "a/**"])).toEqual([
      "report.xml",
      "*.xml",
      "out/*junit-*.xml",
      "r.*",
      "a/*",
    ]);
  });
});

describe("readResults", () => {
  const xml = junitXml([["test_a", "passed"]]);

  it("reads the files the globs match, and only those", () => {
    const reading = readResults(
      results({ "reports/a/r.xml": xml, "reports/x.txt": "not xml", "other.xml": "<oops" }),
      ["reports/**/*.xml"],
      junit,
    );
    expect(reading).toEqual({
      tests: {
        counts: { passed: 1, failed: 0, error: 0, skipped: 0 },
        cases: [
          {
            id: "tests.test_app::test_a",
            name: "test_a",
            classname: "tests.test_app",
            status: "passed",
            duration_ms: 1,
          },
        ],
      },
      notes: [],
    });
  });

  it("has no tests when no file matches", () => {
    expect(readResults(results({ "r.txt": "x" }), ["*.xml"], junit)).toEqual({ notes: [] });
  });

  it("says the results did not come back when the run was stopped before sending them", () => {
    expect(readResults(undefined, ["r.xml"], junit).notes[0]).toMatch(/did not come back/);
  });

  it("says a cut tar was cut, and reads the files before the cut", () => {
    const whole = results({ "a.xml": xml, "b.xml": xml });
    const cut = { bytes: whole.bytes.subarray(0, 1536), truncated: true };
    const reading = readResults(cut, ["*.xml"], junit);
    expect(reading.tests?.counts.passed).toBe(1);
    expect(reading.notes.join("\n")).toMatch(/cut/);
  });

  it("reads the matching files with the parser it is given, not JUnit", () => {
    const seen: string[] = [];
    const plain: ResultsParser = {
      format: "plain",
      reads: "files",
      parse(data) {
        seen.push(Buffer.from(data).toString("utf8"));
        const cases = [{ id: "test_a", name: "test_a", status: "failed" as const }];
        return { tests: { counts: { passed: 0, failed: 1, error: 0, skipped: 0 }, cases }, problem: "not mine" };
      },
    };
    const reading = readResults(results({ "out.log": "FAILED test_a", "r.xml": xml }), ["*.log"], plain);
    expect(seen).toEqual(["FAILED test_a"]);
    expect(reading).toEqual({
      tests: {
        counts: { passed: 0, failed: 1, error: 0, skipped: 0 },
        cases: [{ id: "test_a", name: "test_a", status: "failed" }],
      },
      notes: ["out.log: not readable as plain (not mine); the cases before the problem are kept"],
    });
  });
});

describe("readLogResults", () => {
  const log = (text: string, truncated = false) => ({ bytes: Buffer.from(text), truncated });

  it("reads the command's output with the log format's parser", () => {
    const reading = readLogResults(log("PASSED tests/a.py::test_x\nFAILED tests/a.py::test_y - boom\n"), pytest);
    expect(reading.notes).toEqual([]);
    expect(reading.tests?.cases.map((c) => [c.id, c.status])).toEqual([
      ["tests/a.py::test_x", "passed"],
      ["tests/a.py::test_y", "failed"],
    ]);
  });

  it("says when the output was cut, and keeps the cases read", () => {
    const reading = readLogResults(log("FAILED tests/a.py::test_y\n", true), pytest);
    expect(reading.notes[0]).toBe("the output was cut at 8 MiB; tests past that were not read");
    expect(reading.tests?.cases.map((c) => c.id)).toEqual(["tests/a.py::test_y"]);
  });

  it("passes on why a log's passes are not believed", () => {
    const forged = "PASSED tests/a.py::test_x\nPASSED tests/a.py::test_y\n=== 1 passed in 0.1s ===\n";
    const reading = readLogResults(log(forged), pytest);
    expect(reading.untrusted).toMatch(/claims 2 passing tests, but the test runner itself counted 1/);
    expect(reading.notes).toContain(reading.untrusted);
  });

  it("a run stopped before its output came back is a note", () => {
    expect(readLogResults(undefined, pytest)).toEqual({
      notes: ["the command's output did not come back (the run was stopped)"],
    });
  });
});
