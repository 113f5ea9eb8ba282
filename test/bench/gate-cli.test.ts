import { describe, expect, it } from "vitest";
import { candidateName, wrongVerdicts } from "../../scripts/bench/gate-cli.js";

describe("a bench run's verdicts against the ones they must be", () => {
  const want = new Map([
    ["a", "pass"],
    ["b", "test_failed"],
  ]);

  it("names candidates as their files, less directory and extension", () => {
    expect(candidateName("/tmp/x/none-changes/own-rounding-1.patch")).toBe("own-rounding-1");
    expect(candidateName("reply-3.md")).toBe("reply-3");
  });

  it("is nothing wrong when every candidate got its verdict", () => {
    expect(
      wrongVerdicts(want, [
        { id: "/d/a.patch", status: "pass" },
        { id: "/d/b.patch", status: "test_failed" },
      ]),
    ).toEqual([]);
  });

  it("names a differing verdict, a missing result and a result for no candidate asked for", () => {
    expect(
      wrongVerdicts(want, [
        { id: "/d/a.patch", status: "sandbox_error" },
        { id: "/d/c.patch", status: "pass" },
      ]),
    ).toEqual([
      "a: sandbox_error, must be pass",
      "b: no result, must be test_failed",
      "c: a result for no such candidate",
    ]);
  });
});
