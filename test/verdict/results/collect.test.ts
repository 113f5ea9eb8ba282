import { describe, expect, it } from "vitest";
import { findPatterns, readResults } from "../../../src/verdict/results/collect.js";
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
