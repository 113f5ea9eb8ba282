// The example agent loop runs as the README shows it: the scripted model's replies judged in turn, the
// feedback printed as the model would get it, until the fix passes.
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { TEST_IMAGE } from "./support.js";

const ROOT = resolve(import.meta.dirname, "../..");

describe("examples/agent-loop.ts", () => {
  it("walks a scripted model from prose to a passing fix, printing the feedback of each turn", () => {
    const r = spawnSync(process.execPath, ["--import", "tsx", "examples/agent-loop.ts", TEST_IMAGE], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.match(/^turn \d: \w+/gm)).toEqual([
      "turn 1: no_code",
      "turn 2: syntax_error",
      "turn 3: test_failed",
      "turn 4: pass",
    ]);
    expect(r.stdout).toContain("  > The code does not parse at solution.py:1:14.");
    expect(r.stdout).toContain("  > AssertionError: add(2, 3) returned -1, expected 5");
    expect(r.stdout.trim().split("\n").at(-1)).toBe("the model's code passes the tests");
  });
});
