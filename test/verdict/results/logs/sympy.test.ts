import { describe, expect, it } from "vitest";
import { sympy } from "../../../../src/verdict/results/logs/sympy.js";
import { fixture, parse, statusMap, swebench } from "./support.js";

describe("sympy", () => {
  it("decides every test as SWE-bench's parse_log_sympy does, but reads no warning's location as a failed test", () => {
    const parsed = parse(sympy, fixture("sympy.log"));
    expect(parsed.untrusted).toBeUndefined();
    const theirs = swebench("sympy.swebench.json");
    // The harness's pattern also matches `  /…/basic.py:1034: SymPyDeprecationWarning: …`: never a listed name.
    const warning = Object.keys(theirs).filter((id) => id.includes("SymPyDeprecationWarning"));
    expect(warning).toHaveLength(1);
    for (const id of warning) delete theirs[id];
    expect(statusMap(parsed)).toEqual(theirs);
  });

  it("keys the runner's failure headers as the harness does, with the path", () => {
    const log =
      "________ sympy/core/tests/test_sums.py:test_pow ________\n_____ sympy/a/tests/test_b.py::test_c _____\n";
    expect(statusMap(parse(sympy, log))).toEqual({
      "sympy/core/tests/test_sums.py:test_pow": "FAILED",
      "sympy/a/tests/test_b.py::test_c": "FAILED",
    });
  });
});
