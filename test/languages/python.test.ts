// Python's share of the language rules that other rooms ask of it: the names its files are imported by.
import { describe, expect, it } from "vitest";
import { pythonModuleNames } from "../../src/languages/python.js";

describe("pythonModuleNames", () => {
  it("names a file from every directory above it, and a package by its __init__.py", () => {
    expect([...pythonModuleNames(["tests/unit/check.py", "pkg/__init__.py", "root.py"])].sort()).toEqual([
      "check",
      "pkg",
      "root",
      "tests.unit.check",
      "unit.check",
    ]);
  });

  it("leaves out what no import reaches: other files, names that are not identifiers", () => {
    expect(pythonModuleNames(["README.md", "my-tests/check.py", "tests/2fast.py", "lib.pyc"])).toEqual(new Set());
  });
});
