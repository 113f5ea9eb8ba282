import { describe, expect, it } from "vitest";
import { countedPasses, pytest } from "../../../../src/verdict/results/logs/pytest.js";
import { pytestOptions } from "../../../../src/verdict/results/logs/pytest-options.js";
import { pytestV2 } from "../../../../src/verdict/results/logs/pytest-v2.js";
import { matplotlib } from "../../../../src/verdict/results/logs/matplotlib.js";
import { seaborn } from "../../../../src/verdict/results/logs/seaborn.js";
import { caseId } from "../../../../src/verdict/results/parser.js";
import { fixture, graded, parse, statusMap, swebench } from "./support.js";

const FAMILY = { pytest, "pytest-options": pytestOptions, "pytest-v2": pytestV2, seaborn, matplotlib } as const;

describe("the pytest family on real pytest -rA logs (pytest 9, our own test file)", () => {
  // The same logs read by SWE-bench's own parsers: every honest decision is theirs.
  for (const log of ["pytest-ra", "pytest-v-ra"]) {
    for (const [name, parser] of Object.entries(FAMILY)) {
      it(`${name} on ${log}.log decides every test as SWE-bench's parse_log_${name.replace("-", "_")} does`, () => {
        const parsed = parse(parser, fixture(`${log}.log`));
        expect(parsed.untrusted).toBeUndefined();
        expect(statusMap(parsed)).toEqual(graded(swebench(`${log}.${name}.swebench.json`)));
      });
    }
  }

  it("keys a case exactly as SWE-bench does, its file, class and parameters parted so caseId gives it back", () => {
    const { tests } = parse(pytest, fixture("pytest-ra.log"));
    const sum = tests.cases.find((c) => c.id === "tests/test_calc.py::TestAdd::test_sum[1-2]")!;
    expect(sum).toMatchObject({ file: "tests/test_calc.py", classname: "TestAdd", name: "test_sum[1-2]" });
    for (const c of tests.cases) expect(caseId(c)).toBe(c.id);
    // A failure's reason, from its summary line; an xfail graded as the pass it is.
    expect(tests.cases.find((c) => c.id === "tests/test_calc.py::test_fails_listed")).toMatchObject({
      status: "failed",
      message: "AssertionError: still broken",
    });
    expect(tests.cases.find((c) => c.id === "tests/test_calc.py::test_xf")?.status).toBe("passed");
    expect(tests.counts).toEqual({ passed: 4, failed: 2, error: 1, skipped: 0 });
  });

  it("keeps parameters that hold `::` whole in the name", () => {
    const { tests } = parse(pytest, "PASSED tests/a.py::test_x[a::b]\n");
    expect(tests.cases[0]).toMatchObject({ id: "tests/a.py::test_x[a::b]", file: "tests/a.py", name: "test_x[a::b]" });
  });
});

describe("SWE-bench's own examples (tests/test_log_parsers_skip_summary.py)", () => {
  const log =
    "SKIPPED [1] tests/test_a.py:12: needs network\nPASSED tests/test_a.py::test_real\nSKIPPED [23] tests/test_b.py:4: unsupported platform\n";

  it("reads pytest's SKIPPED [N] summary as no test, in every pytest-family parser", () => {
    for (const parser of [pytest, pytestOptions, pytestV2, matplotlib])
      expect(statusMap(parse(parser, log))).toEqual({ "tests/test_a.py::test_real": "PASSED" });
  });

  it("keeps a genuine SKIPPED <node id>, and the wrapped progress artifact `PASSED [100%]` its lists expect", () => {
    expect(statusMap(parse(pytest, "SKIPPED tests/test_a.py::test_flaky"))).toEqual({
      "tests/test_a.py::test_flaky": "SKIPPED",
    });
    expect(statusMap(parse(pytest, "PASSED [100%]"))).toEqual({ "[100%]": "PASSED" });
  });
});

describe("pytest-options: parameters that are a path keep their last part (pydicom, requests, pylint)", () => {
  it("cuts an absolute path's parameter to its last part, keeps `//…`, globs and plain parameters", () => {
    const log = [
      "PASSED tests/test_io.py::test_read[/tmp/pytest-7/data/file.dcm]",
      "PASSED tests/test_io.py::test_url[//host/share]",
      "PASSED tests/test_io.py::test_glob[/data/*.dcm]",
      "FAILED tests/test_io.py::test_plain[1-2] - AssertionError",
      "PASSED tests/test_io.py::test_tail[/a/b]extra",
    ].join("\n");
    expect(statusMap(parse(pytestOptions, log))).toEqual({
      "tests/test_io.py::test_read[/file.dcm]": "PASSED",
      "tests/test_io.py::test_url[//host/share]": "PASSED",
      "tests/test_io.py::test_glob[/data/*.dcm]": "PASSED",
      "tests/test_io.py::test_plain[1-2]": "FAILED",
      "tests/test_io.py::test_tail[/b]": "PASSED",
    });
  });
});

describe("pytest-v2: SWE-bench's own examples (tests/test_log_parsers_pytest_v2.py)", () => {
  it("keeps an id's spaces, leading or trailing status, drops a failure's message, skips a bare status, strips colour", () => {
    expect(
      statusMap(parse(pytestV2, "PASSED astropy/units/tests/test_format.py::test_unicode[m⁻\u00b9-unit3 extra]")),
    ).toEqual({
      "astropy/units/tests/test_format.py::test_unicode[m⁻\u00b9-unit3 extra]": "PASSED",
    });
    expect(statusMap(parse(pytestV2, "tests/test_a.py::test_x[a b] PASSED"))).toEqual({
      "tests/test_a.py::test_x[a b]": "PASSED",
    });
    expect(
      statusMap(parse(pytestV2, "FAILED tests/test_a.py::test_x[a b] - AssertionError: expected 1 got 2")),
    ).toEqual({
      "tests/test_a.py::test_x[a b]": "FAILED",
    });
    expect(statusMap(parse(pytestV2, "PASSED\nFAILED\ntests/test_a.py::test_y PASSED"))).toEqual({
      "tests/test_a.py::test_y": "PASSED",
    });
    expect(statusMap(parse(pytestV2, "\x1b[32mPASSED\x1b[0m tests/test_a.py::\x1b[1mtest_z\x1b[0m"))).toEqual({
      "tests/test_a.py::test_z": "PASSED",
    });
  });
});

describe("seaborn: SWE-bench's own examples (tests/test_log_parsers_python.py)", () => {
  it("reads its three line shapes, and ignores bare status words", () => {
    const log = "test_a.py::test_one PASSED [ 50%]\nPASSED test_b.py::test_two\nFAILED test_c.py::test_three\n";
    expect(statusMap(parse(seaborn, log))).toEqual({
      "test_a.py::test_one": "PASSED",
      "test_b.py::test_two": "PASSED",
      "test_c.py::test_three": "FAILED",
    });
    const bare = "test_a.py::test_one PASSED [ 50%]\nPASSED\nFAILED\n PASSED\ntest_b.py::test_two PASSED [100%]\n";
    expect(statusMap(parse(seaborn, bare))).toEqual({
      "test_a.py::test_one": "PASSED",
      "test_b.py::test_two": "PASSED",
    });
  });
});

describe("matplotlib: mouse buttons as the numbers older releases printed", () => {
  it("writes MouseButton.LEFT and .RIGHT as 1 and 3 in ids", () => {
    expect(
      statusMap(
        parse(matplotlib, "PASSED lib/matplotlib/tests/test_widgets.py::test_span[MouseButton.LEFT-MouseButton.RIGHT]"),
      ),
    ).toEqual({
      "lib/matplotlib/tests/test_widgets.py::test_span[1-3]": "PASSED",
    });
    // pytest's own reading leaves them as they are: a distinct parser, not an alias.
    expect(statusMap(parse(pytest, "PASSED t.py::test_span[MouseButton.LEFT]"))).toEqual({
      "t.py::test_span[MouseButton.LEFT]": "PASSED",
    });
  });
});

describe("the runner's own count", () => {
  it("reads pytest's final line in its shapes: passes and expected failures are what it counted as passing", () => {
    expect(countedPasses("========== 2 failed, 4 passed, 1 skipped, 1 xfailed, 1 error in 1.15s ==========")).toBe(5);
    expect(countedPasses("===== 1 passed in 0.12 seconds =====")).toBe(1);
    expect(countedPasses("3 passed, 1 warning in 0.01s")).toBe(3);
    expect(countedPasses("==== 10 passed, 2 subtests passed in 61.02s (0:01:01) ====")).toBe(10);
    expect(countedPasses("============================ no tests ran in 0.01s =============================")).toBe(0);
    expect(countedPasses("\x1b[32m==== \x1b[1m7 passed\x1b[0m\x1b[32m in 0.20s ====\x1b[0m")).toBe(7);
    expect(countedPasses("PASSED tests/a.py::test_x")).toBeUndefined();
    expect(countedPasses("=== short test summary info ===")).toBeUndefined();
  });
});
