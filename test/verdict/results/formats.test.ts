import { describe, expect, it } from "vitest";
import { RESULTS_FORMATS } from "../../../src/settings/settings.js";
import { RESULTS_PARSERS, formatOf, readsLog, resultsParser } from "../../../src/verdict/results/formats.js";
import { junit } from "../../../src/verdict/results/junit.js";
import { pytest } from "../../../src/verdict/results/logs/pytest.js";
import { pytestOptions } from "../../../src/verdict/results/logs/pytest-options.js";
import { pytestV2 } from "../../../src/verdict/results/logs/pytest-v2.js";
import type { Settings } from "../../../src/settings/settings.js";

// SWE-bench's harness (swebench/harness/log_parsers/python.py): its Python log parsers, and which of them
// is the same function as another.
const SWE_BENCH_PARSERS = [
  "parse_log_pytest",
  "parse_log_pytest_options",
  "parse_log_pytest_v2",
  "parse_log_django",
  "parse_log_sympy",
  "parse_log_seaborn",
  "parse_log_matplotlib",
  "parse_log_astroid",
  "parse_log_flask",
  "parse_log_marshmallow",
  "parse_log_pvlib",
  "parse_log_pyvista",
  "parse_log_sqlfluff",
  "parse_log_xarray",
  "parse_log_pydicom",
  "parse_log_requests",
  "parse_log_pylint",
  "parse_log_astropy",
  "parse_log_scikit",
  "parse_log_sphinx",
];

describe("the results formats", () => {
  it("has a parser for every name `results-format` takes, and no other", () => {
    expect(Object.keys(RESULTS_PARSERS).sort()).toEqual([...RESULTS_FORMATS].sort());
    for (const format of RESULTS_FORMATS) expect(typeof resultsParser(format).parse).toBe("function");
  });

  it("selects the parser by its name: junit is JUnit XML, read from files", () => {
    expect(resultsParser("junit")).toBe(junit);
    expect(resultsParser("junit").format).toBe("JUnit XML");
    expect(readsLog("junit")).toBe(false);
  });

  it("names each of SWE-bench's log parsers as it does, without parse_log_ and with hyphens, each read from the log", () => {
    const names = SWE_BENCH_PARSERS.map((name) => name.replace(/^parse_log_/, "").replaceAll("_", "-"));
    expect([...RESULTS_FORMATS].sort()).toEqual(["junit", ...names].sort());
    for (const name of names) expect(readsLog(name as (typeof RESULTS_FORMATS)[number])).toBe(true);
  });

  it("keeps a repository-named parser that decides as another as an alias of it, not a copy", () => {
    for (const name of ["astroid", "flask", "marshmallow", "pvlib", "pyvista", "sqlfluff", "xarray"] as const)
      expect(resultsParser(name)).toBe(pytest);
    for (const name of ["pydicom", "requests", "pylint"] as const) expect(resultsParser(name)).toBe(pytestOptions);
    for (const name of ["astropy", "scikit", "sphinx"] as const) expect(resultsParser(name)).toBe(pytestV2);
    // The distinct ones are each their own.
    const distinct = new Set(
      ["pytest", "pytest-options", "pytest-v2", "django", "sympy", "seaborn", "matplotlib", "junit"].map((n) =>
        resultsParser(n as "junit"),
      ),
    );
    expect(distinct.size).toBe(8);
  });

  it("takes a line's results_format over the run's", () => {
    const settings = { run: { resultsFormat: "junit" } } as unknown as Settings;
    expect(formatOf({ resultsFormat: "django" }, settings)).toBe("django");
    expect(formatOf({}, settings)).toBe("junit");
    expect(formatOf(undefined, { run: { resultsFormat: "pytest" } } as unknown as Settings)).toBe("pytest");
  });
});
