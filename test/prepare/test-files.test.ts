import { describe, expect, it } from "vitest";
import { isExecutable, loadTestFiles } from "../../src/prepare/test-files.js";
import { checkout } from "../support/checkout.js";

const root = checkout();

describe("isExecutable", () => {
  it("is any execute bit, as git reads a mode", () => {
    expect([0o100755, 0o100744, 0o100701, 0o100644, 0o100600].map(isExecutable)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});

describe("loadTestFiles", () => {
  it("reads the matched files at their relative paths, with their execute bit", async () => {
    const files = await loadTestFiles(["tests/*"], root, 1024);
    expect(files.map(({ path, executable }) => ({ path, executable }))).toEqual([
      { path: "tests/run.sh", executable: true },
      { path: "tests/test_a.py", executable: false },
    ]);
  });

  it("refuses files that would not fit the work dir, naming the input", async () => {
    await expect(loadTestFiles(["tests/*"], root, 10)).rejects.toThrow(/^Input 'tests': matched files exceed 10 bytes/);
  });
});
