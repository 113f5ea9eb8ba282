// Which tests failed and what each said: from the test results, else off the runners' real output (the
// files under output/ are what pytest 8, unittest and node --test printed in the test images).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { failuresOf } from "../../src/report/failures.js";
import { result, TESTED } from "./fixtures.js";

const output = (name: string) => readFileSync(new URL(`./output/${name}`, import.meta.url), "utf8");
const ran = (stdout: string, stderr = "") => result({ id: "x", status: "test_failed", stdout, stderr });

describe("failuresOf", () => {
  it("from the test results: only the tests a patch is blamed for, where each is, its first line", () => {
    const breaks = TESTED.find((r) => r.id === "breaks.patch")!;
    expect(failuresOf(breaks, 3)).toEqual({
      shown: [
        { name: "tests.test_stock::test_add", where: "tests/test_stock.py:7", message: "AssertionError: 2 != 3" },
      ],
      total: 1,
    });
  });

  it("pytest: the short summary's tests; a message pytest cut at the terminal's width, whole from its section", () => {
    expect(failuresOf(ran(output("pytest.txt")), 10)).toEqual({
      shown: [
        { name: "test_calc.py::test_fizz", message: "AssertionError: assert 'nope' == 'Fizz'" },
        { name: "test_calc.py::test_buzz", message: "AssertionError: five is Buzz" },
        { name: "test_calc.py::TestAdd::test_add_floats", message: "AssertionError: 0.30000000000000004 != 0.3" },
        { name: "test_calc.py::TestAdd::test_err", message: "KeyError: 'missing'" },
      ],
      total: 4,
    });
  });

  it("unittest: each FAIL and ERROR block, named as unittest names it, its exception line", () => {
    expect(failuresOf(ran("", output("unittest.txt")), 10)).toEqual({
      shown: [
        { name: "__main__.TestAdd.test_err", message: "KeyError: 'missing'" },
        { name: "__main__.TestAdd.test_add_floats", message: "AssertionError: 0.30000000000000004 != 0.3" },
      ],
      total: 2,
    });
    // Before Python 3.11 the parentheses held the class only.
    const old = "FAIL: test_add (test_solution.TestAdd)\n" + "-".repeat(70) + "\nAssertionError: 1 != 2\n";
    expect(failuresOf(ran("", old), 10).shown).toEqual([
      { name: "test_solution.TestAdd.test_add", message: "AssertionError: 1 != 2" },
    ]);
  });

  it("TAP (node --test): each `not ok`, and the first line of its error", () => {
    expect(failuresOf(ran(output("node-test.txt")), 10)).toEqual({
      shown: [{ name: "adds floats", message: "Expected values to be strictly equal:" }],
      total: 1,
    });
  });

  it("a bare traceback: the innermost test frame and the exception", () => {
    expect(failuresOf(ran("", output("traceback.txt")), 10)).toEqual({
      shown: [{ name: "test_x", message: "AssertionError: one is not two" }],
      total: 1,
    });
  });

  it("no test named: the first error line alone; nothing to say: nothing", () => {
    expect(failuresOf(ran("computing...\n", "Error: boom\n    at main (x.js:1:1)\n"), 3)).toEqual({
      shown: [{ message: "Error: boom" }],
      total: 1,
    });
    expect(failuresOf(ran("E       assert 1 == 2\n"), 3).shown).toEqual([{ message: "assert 1 == 2" }]);
    expect(failuresOf(ran("nothing useful\n", ""), 3)).toEqual({ shown: [], total: 0 });
  });

  it("10 000 failing tests: the first few shown, all counted", () => {
    const summary = Array.from({ length: 10_000 }, (_, i) => `FAILED t.py::test_${i} - AssertionError: ${i}`);
    const { shown, total } = failuresOf(ran(summary.join("\n")), 3);
    expect(total).toBe(10_000);
    expect(shown.map((f) => f.name)).toEqual(["t.py::test_0", "t.py::test_1", "t.py::test_2"]);
  });
});
