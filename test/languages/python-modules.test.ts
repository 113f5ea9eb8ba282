import { describe, expect, it } from "vitest";
import { PYTHON_STDLIB_MODULES } from "../../src/languages/python-modules.js";

describe("PYTHON_STDLIB_MODULES", () => {
  it("is the union of CPython 3.10–3.13's sys.stdlib_module_names: sorted, once each", () => {
    expect([...PYTHON_STDLIB_MODULES].sort()).toEqual(PYTHON_STDLIB_MODULES);
    expect(new Set(PYTHON_STDLIB_MODULES).size).toBe(PYTHON_STDLIB_MODULES.length);
    // 3.11's alone had 305 names; the union adds what later versions brought and earlier ones dropped.
    expect(PYTHON_STDLIB_MODULES.length).toBe(320);
  });

  it("holds what a test imports and what some versions only have", () => {
    for (const name of ["decimal", "unittest", "typing", "json", "tomllib", "distutils", "_pyrepl", "__future__"])
      expect(PYTHON_STDLIB_MODULES).toContain(name);
    for (const name of ["pytest", "numpy", "tests", "solution"]) expect(PYTHON_STDLIB_MODULES).not.toContain(name);
  });
});
