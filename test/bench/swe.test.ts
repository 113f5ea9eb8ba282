import { describe, expect, it } from "vitest";
import { type Line, passedIds, pickLines, resolvedOf } from "../../scripts/bench/swe.js";

const line = (fail_to_pass: string[], pass_to_pass: string[]): Line => ({
  id: "t-gold",
  task: "t",
  base_commit: "0".repeat(40),
  patch: "",
  test_patch: "",
  fail_to_pass,
  pass_to_pass,
  command: "true",
});

describe("the plain harness's SWE-bench rule", () => {
  const task = line(["m::f1", "m::f2"], ["m::p1"]);
  const of = (...passed: string[]) => resolvedOf((id) => passed.includes(id), task);

  it("is full when every listed test passed, partial when some FAIL_TO_PASS and every PASS_TO_PASS did", () => {
    expect(of("m::f1", "m::f2", "m::p1")).toBe("full");
    expect(of("m::f2", "m::p1")).toBe("partial");
    expect(of("m::p1")).toBe("no");
    expect(of("m::f1", "m::f2")).toBe("no");
  });
});

describe("the plain harness's JUnit reading", () => {
  it("passes only cases with no failure, error or skipped child, by classname::name, unescaped", () => {
    const xml = [
      '<testsuites><testsuite name="pytest">',
      '<testcase classname="tests.test_x" name="test_a" time="0.1" />',
      '<testcase classname="tests.test_x.TestC" name="test_b[&quot;q&quot;-&lt;1&gt;]" time="0.1"></testcase>',
      '<testcase classname="tests.test_x" name="test_f"><failure message="no">x</failure></testcase>',
      '<testcase classname="tests.test_x" name="test_e"><error message="no" /></testcase>',
      '<testcase classname="tests.test_x" name="test_s"><skipped message="later" /></testcase>',
      "</testsuite></testsuites>",
    ].join("\n");
    expect([...passedIds(xml)]).toEqual(["tests.test_x::test_a", 'tests.test_x.TestC::test_b["q"-<1>]']);
  });
});

describe("the lines a SWE run takes", () => {
  const at = (id: string, base_commit: string): Line => ({ ...line([], []), id, base_commit });
  const lines = [at("a-gold", "1"), at("a-null", "1"), at("b-null", "2"), at("b-gold", "2"), at("c-gold", "2")];

  it("takes every line, or the first gold line of each commit: no commit's base shared", () => {
    expect(pickLines(lines, "all")).toEqual(lines);
    expect(pickLines(lines, "one-per-commit").map((l) => l.id)).toEqual(["a-gold", "b-gold"]);
  });
});
