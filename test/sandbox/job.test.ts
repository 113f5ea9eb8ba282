import { describe, expect, it } from "vitest";
import { OWNER_ENV, OWNER_LABEL, RUN_LABEL, withOwner } from "../../src/sandbox/job.js";

describe("the owner label", () => {
  it("is added to the run label when SANDBOX_GATE_OWNER is set, and only then", () => {
    const labels = { [RUN_LABEL]: "r1" };
    expect(withOwner(labels, { [OWNER_ENV]: "suite-1" })).toEqual({ [RUN_LABEL]: "r1", [OWNER_LABEL]: "suite-1" });
    expect(withOwner(labels, {})).toEqual(labels);
  });
});
