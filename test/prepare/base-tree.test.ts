import { describe, expect, it } from "vitest";
import { loadBaseTree } from "../../src/prepare/base-tree.js";
import { LATIN1, RUN_SH, checkout } from "../support/checkout.js";

const root = checkout();

describe("loadBaseTree", () => {
  it("reads the existing paths as bytes, with their execute bits, and leaves out absent ones", async () => {
    const tree = await loadBaseTree(root, ["tests/run.sh", "tests/test_a.py", "tests/new.py", "data/greeting.txt"]);
    expect(tree).toEqual({
      ok: true,
      files: new Map([
        ["tests/run.sh", Buffer.from(RUN_SH)],
        ["tests/test_a.py", Buffer.from("assert True\n")],
        ["data/greeting.txt", LATIN1],
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
