import { describe, expect, it } from "vitest";
import { MAX_CASES, MAX_RESULTS_FILE_BYTES, readTestResults } from "../../../src/verdict/results/read.js";
import { junit } from "../../../src/verdict/results/junit.js";
import type { ResultsParser } from "../../../src/verdict/results/parser.js";

describe("readTestResults", () => {
  it("does not read a file over its size", () => {
    const huge = { path: "huge.xml", data: new Uint8Array(MAX_RESULTS_FILE_BYTES + 1) };
    expect(readTestResults([huge], junit).notes).toEqual([
      `huge.xml: ${MAX_RESULTS_FILE_BYTES + 1} bytes, more than the ${MAX_RESULTS_FILE_BYTES} read of a results file; not read`,
    ]);
  });

  // Any format behind the interface: counts add up over files, the listed cases stop at MAX_CASES across them.
  it("adds the files' counts, lists at most MAX_CASES cases across files, and names the format of a problem", () => {
    const keeps: number[] = [];
    const fake: ResultsParser = {
      format: "fake",
      reads: "files",
      parse(data, keep) {
        keeps.push(keep);
        const n = data.byteLength;
        const cases = Array.from({ length: Math.min(n, keep) }, (_, i) => ({
          id: `c${i}`,
          name: `c${i}`,
          status: "passed" as const,
        }));
        return { tests: { counts: { passed: n, failed: 0, error: 0, skipped: 0 }, cases }, problem: "stopped" };
      },
    };
    const big = new Uint8Array(MAX_CASES - 1);
    const { tests, notes } = readTestResults(
      [
        { path: "a", data: big },
        { path: "b", data: new Uint8Array(5) },
      ],
      fake,
    );
    expect(keeps).toEqual([MAX_CASES, 1]);
    expect(tests.counts.passed).toBe(MAX_CASES + 4);
    expect(tests.cases).toHaveLength(MAX_CASES);
    expect(notes).toEqual([
      "a: not readable as fake (stopped); the cases before the problem are kept",
      "b: not readable as fake (stopped); the cases before the problem are kept",
      `${MAX_CASES + 4} test cases; the first ${MAX_CASES} are listed`,
    ]);
  });
});
