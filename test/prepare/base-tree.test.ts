import { describe, expect, it } from "vitest";
import { loadBaseTree } from "../../src/prepare/base-tree.js";
import { RUN_SH, checkout } from "../support/checkout.js";

const root = checkout();

describe("loadBaseTree", () => {
  it("reads the existing paths with their execute bits and leaves out absent ones", async () => {
    const tree = await loadBaseTree(root, ["tests/run.sh", "tests/test_a.py", "tests/new.py"]);
    expect(tree).toEqual({
      ok: true,
      files: new Map([
        ["tests/run.sh", RUN_SH],
        ["tests/test_a.py", "assert True\n"],
      ]),
      executable: new Set(["tests/run.sh"]),
    });
  });

  it("refuses a path through a symbolic link in the checkout", async () => {
    expect(await loadBaseTree(root, ["escape/passwd"])).toEqual({
      ok: false,
      reason: expect.stringMatching(/goes through a symbolic link/),
    });
  });
});
