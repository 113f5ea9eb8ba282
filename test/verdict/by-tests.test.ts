import { describe, expect, it } from "vitest";
import { AFTER_ITS_TESTS, judgeByTests } from "../../src/verdict/by-tests.js";
import { readTestResults } from "../../src/verdict/results/read.js";
import { junit } from "../../src/verdict/results/junit.js";
import { type CaseSpec, junitXml } from "../support/junit.js";

const reading = (cases: CaseSpec[]) => ({
  tests: readTestResults([{ path: "r.xml", data: Buffer.from(junitXml(cases)) }], junit).tests,
  notes: [],
});

describe("judgeByTests", () => {
  it("fails a command that exited 0 without writing results: no test ran", () => {
    expect(judgeByTests("pass", { notes: [] }, ["report.xml"])).toEqual({
      status: "test_failed",
      reason: "no test ran: the command wrote no file matching report.xml",
    });
  });

  it("fails results that hold no test case", () => {
    expect(judgeByTests("pass", reading([]), ["a.xml", "b.xml"]).reason).toBe(
      "no test ran: the results matching a.xml, b.xml hold no test case",
    );
  });

  it("fails a failing or erroring test whatever the exit code", () => {
    expect(judgeByTests("pass", reading([["a", "failed"]]), ["r.xml"])).toEqual({ status: "test_failed" });
    expect(judgeByTests("pass", reading([["a", "error"]]), ["r.xml"])).toEqual({ status: "test_failed" });
  });

  it("keeps the exit code's verdict when every test passed or was skipped", () => {
    const green = reading([
      ["a", "passed"],
      ["b", "skipped"],
    ]);
    expect(judgeByTests("pass", green, ["r.xml"])).toEqual({ status: "pass" });
    expect(judgeByTests("test_failed", green, ["r.xml"])).toEqual({ status: "test_failed", reason: AFTER_ITS_TESTS });
  });

  it("says nothing of a run that did not reach its end", () => {
    expect(judgeByTests("timeout", { notes: [] }, ["r.xml"])).toEqual({ status: "timeout" });
  });

  describe("read from the command's output (a log format)", () => {
    const log = { log: "pytest's output" };

    it("fails an output that names no test", () => {
      expect(judgeByTests("pass", reading([]), log)).toEqual({
        status: "test_failed",
        reason: "no test ran: the command's output holds no test that pytest's output names",
      });
    });

    it("fails a log whose passes are not believed, whatever the exit code, with why", () => {
      const forged = { ...reading([["a", "failed"]]), untrusted: "the output claims 3 passing tests, but …" };
      expect(judgeByTests("pass", forged, log)).toEqual({ status: "test_failed", reason: forged.untrusted });
    });

    it("judges a believed log as it judges files", () => {
      expect(judgeByTests("pass", reading([["a", "passed"]]), log)).toEqual({ status: "pass" });
      expect(judgeByTests("pass", reading([["a", "failed"]]), log)).toEqual({ status: "test_failed" });
    });
  });
});
