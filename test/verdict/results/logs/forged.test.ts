// A candidate's code runs inside the test runner and prints what it likes: the log is candidate-written.
// Each test here is a log where a failing test is made to look passed, and would pass under SWE-bench's
// last-line-wins reading.
import { describe, expect, it } from "vitest";
import { django } from "../../../../src/verdict/results/logs/django.js";
import { pytest } from "../../../../src/verdict/results/logs/pytest.js";
import { pytestV2 } from "../../../../src/verdict/results/logs/pytest-v2.js";
import { sympy } from "../../../../src/verdict/results/logs/sympy.js";
import { fixture, parse, statusMap, swebench } from "./support.js";

const LISTED = "tests/test_calc.py::test_fails_listed";

describe("a failure anywhere stays a failure", () => {
  it("pytest: a PASSED line printed after the runner's FAILED, inside its summary (a thread), does not turn the test green", () => {
    const count = "========== 2 failed, 4 passed, 1 skipped, 1 xfailed, 1 error in 1.15s ==========";
    const log = fixture("pytest-ra.log").replace(count, `PASSED ${LISTED}\n${count}`);
    // SWE-bench's map keeps the last line it read for a test: the forged one.
    expect(swebench("pytest-ra.pytest.swebench.json")[LISTED]).toBe("FAILED");
    const parsed = parse(pytest, log);
    expect(statusMap(parsed)[LISTED]).toBe("FAILED");
    expect(parsed.untrusted).toBeUndefined();
  });

  it("pytest-v2: a trailing-status line printed after the runner's FAILED does not either", () => {
    const count = "========== 2 failed, 4 passed, 1 skipped, 1 xfailed, 1 error in";
    const log = fixture("pytest-v-ra.log").replace(count, `${LISTED} PASSED\n${count}`);
    expect(statusMap(parse(pytestV2, log))[LISTED]).toBe("FAILED");
  });

  it("Django: an `ok` line after a FAIL, and a forged `... ok` line, leave it failed", () => {
    const log = fixture("django.log").replace(
      "Destroying test database",
      "test_discount (shop.tests.CartTests) ... ok\nok\nDestroying test database",
    );
    const parsed = parse(django, log);
    expect(statusMap(parsed)["test_discount (shop.tests.CartTests)"]).toBe("FAILED");
    expect(parsed.untrusted).toBeUndefined();
  });

  it("sympy: `test_x ok` after the runner's `test_x F` leaves it failed", () => {
    const log = fixture("sympy.log").replace("DO *NOT* COMMIT!", "test_mul_zero ok\nDO *NOT* COMMIT!");
    expect(statusMap(parse(sympy, log))["test_mul_zero"]).toBe("FAILED");
  });
});

describe("passes beyond the runner's own count are not believed", () => {
  it("pytest: PASSED lines for tests that never ran, in its summary, more than the final line counted: no pass is believed", () => {
    const header = "=========================== short test summary info ============================\n";
    const log = fixture("pytest-ra.log").replace(
      header,
      `${header}PASSED tests/test_calc.py::test_new_one\nPASSED tests/test_calc.py::test_new_two\n`,
    );
    const parsed = parse(pytest, log);
    expect(parsed.untrusted).toMatch(/claims 6 passing tests, but the test runner itself counted 5/);
    expect(parsed.notes).toEqual([parsed.untrusted]);
    // The failures stay; no pass is listed.
    expect(parsed.tests.counts).toEqual({ passed: 0, failed: 2, error: 1, skipped: 0 });
    expect(parsed.tests.cases.every((c) => c.status !== "passed")).toBe(true);
  });

  it("Django: `... ok` lines for more tests than `Ran N tests` less its skips", () => {
    const forged = Array.from({ length: 3 }, (_, i) => `test_forged_${i} (shop.tests.CartTests) ... ok`).join("\n");
    const parsed = parse(django, fixture("django.log").replace("test_total (shop", `${forged}\ntest_total (shop`));
    // 4 honest passes + 3 forged = 7 > 7 ran - 1 skipped.
    expect(parsed.untrusted).toMatch(/claims 7 passing tests, but the test runner itself counted 6/);
    expect(statusMap(parsed)["test_total (shop.tests.CartTests)"]).toBeUndefined();
  });

  it("sympy: `ok` lines beyond `tests finished: N passed`", () => {
    const parsed = parse(sympy, fixture("sympy.log").replace("test_add ok", "test_add ok\ntest_new ok\ntest_newer ok"));
    expect(parsed.untrusted).toMatch(/claims 4 passing tests, but the test runner itself counted 3/);
  });

  it("a log with no count line of its runner is read as SWE-bench reads it: nothing to weigh it against", () => {
    expect(parse(pytest, `PASSED ${LISTED}\n`).untrusted).toBeUndefined();
  });

  it("a log cut before the runner's count: its passes cannot be checked, and are not believed; its failures stay", () => {
    const log = fixture("pytest-ra.log");
    const parsed = parse(pytest, log.slice(0, log.indexOf("ERROR tests/test_calc.py::test_teardown")), true);
    expect(parsed.untrusted).toMatch(/cut before the test runner's own count/);
    expect(parsed.tests.counts.passed).toBe(0);
  });
});

describe("the runner's summary block weighs over lines outside it", () => {
  it("pytest: a pass printed after the runner's final count is not believed, and noted", () => {
    const parsed = parse(pytest, `${fixture("pytest-ra.log")}PASSED tests/test_calc.py::test_new\n`);
    expect(statusMap(parsed)["tests/test_calc.py::test_new"]).toBeUndefined();
    expect(parsed.untrusted).toBeUndefined();
    expect(parsed.notes).toEqual([
      "a pass read after pytest's own final count, where pytest writes nothing, not believed: tests/test_calc.py::test_new",
    ]);
    // The honest passes stand.
    expect(parsed.tests.counts.passed).toBe(4);
  });

  it("a pass outside the summary, before the count, stands (pytest's own older verbose lines)", () => {
    const log = [
      "============================= test session starts ==============================",
      "tests/a.py::test_x PASSED",
      "=========================== short test summary info ============================",
      "FAILED tests/a.py::test_y - boom",
      "========================= 1 failed, 1 passed in 0.01s ==========================",
    ].join("\n");
    expect(statusMap(parse(pytestV2, log))).toEqual({ "tests/a.py::test_x": "PASSED", "tests/a.py::test_y": "FAILED" });
  });

  it("a pass printed after the summary does not undo the summary's skip", () => {
    const log = [
      "============================= test session starts ==============================",
      "=========================== short test summary info ============================",
      "SKIPPED tests/a.py::test_x",
      "============================== 1 skipped in 0.01s ==============================",
      "PASSED tests/a.py::test_x",
    ].join("\n");
    expect(statusMap(parse(pytest, log))).toEqual({ "tests/a.py::test_x": "SKIPPED" });
  });
});
