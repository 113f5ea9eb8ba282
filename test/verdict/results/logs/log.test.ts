import { describe, expect, it } from "vitest";
import { RESULTS_PARSERS } from "../../../../src/verdict/results/formats.js";
import { caseFields, decide, pySplit } from "../../../../src/verdict/results/logs/log.js";
import { caseId } from "../../../../src/verdict/results/parser.js";

describe("decide", () => {
  it("keeps a failure against any later word but a failure, and the summary's word against later words outside it", () => {
    const by = decide([
      { id: "a", status: "FAILED" },
      { id: "a", status: "PASSED" },
      { id: "b", status: "PASSED" },
      { id: "b", status: "ERROR" },
      { id: "b", status: "FAILED" },
      { id: "c", status: "SKIPPED", summary: true },
      { id: "c", status: "PASSED" },
      { id: "d", status: "PASSED" },
      { id: "d", status: "SKIPPED" },
    ]);
    expect(Object.fromEntries([...by].map(([id, o]) => [id, o.status]))).toEqual({
      a: "FAILED",
      b: "FAILED",
      c: "SKIPPED",
      d: "SKIPPED",
    });
  });
});

describe("pySplit", () => {
  it("splits on whitespace as Python's str.split() does, not as JavaScript's \\s", () => {
    expect(pySplit("  PASSED\ttests/a.py::t\r")).toEqual(["PASSED", "tests/a.py::t"]);
    expect(pySplit("PASSED a\x1fb")).toEqual(["PASSED", "a", "b"]);
    expect(pySplit("PASSED a\ufeffb")).toEqual(["PASSED", "a\ufeffb"]);
    expect(pySplit("   ")).toEqual([]);
  });
});

describe("caseFields", () => {
  it("parts a pytest node id so caseId gives it back exactly, and keeps any other id as its name", () => {
    for (const id of [
      "tests/test_x.py::TestA::test_b[1-2]",
      "tests/test_x.py::A::B::test_c",
      "t.py::test[a::b/c.py::d]",
      "test_a (app.tests.T)",
      "sympy/core/tests/test_sums.py:test_pow",
      "[100%]",
      "a.py::::b",
    ])
      expect(caseId(caseFields(id))).toBe(id);
    expect(caseFields("a.py::::b")).toEqual({ name: "a.py::::b" });
  });
});

describe("every log format on hostile lines", () => {
  // Lines a candidate can print, long, in the shapes the formats' patterns look for.
  const lines = [
    "= ".repeat(400_000),
    `${"1 passed, ".repeat(200_000)}x`,
    `x ... Internal Server Error: /${" ... Internal Server Error: /".repeat(60_000)}x`,
    `_ ${"a.py:".repeat(300_000)}`,
    `_ ${"a.py:".repeat(300_000)} _`,
    `_ ${"a.py: _".repeat(300_000)}`,
    `PASSED ${"x".repeat(1_000_000)}`,
    "x ... Testing against Django installed in '/x'\n".repeat(20_000),
  ];
  // Each distinct parser once (the aliases are the same object). A pattern that backtracks over such a
  // line takes minutes; the bound is far above a linear reading's second on a loaded machine.
  for (const parser of new Set(Object.values(RESULTS_PARSERS))) {
    if (parser.reads !== "log") continue;
    it(`${parser.format} reads them in linear time`, () => {
      const started = performance.now();
      for (const line of lines) parser.parse(Buffer.from(line), 100);
      expect(performance.now() - started).toBeLessThan(15_000);
    });
  }
});
