import { describe, expect, it } from "vitest";
import { claimedVerdict } from "../../src/action/commenter.js";
import { conversationVerdict } from "../../src/action/conversation.js";
import { FAIL_ON, result } from "../report/fixtures.js";

describe("claimedVerdict", () => {
  const passing = conversationVerdict([result({ id: "a", status: "pass" })], FAIL_ON, "all");
  const failing = conversationVerdict([result({ id: "a", status: "test_failed" })], FAIL_ON, "all");
  it("a pass stands only when the run that made the report concluded success", () => {
    expect(claimedVerdict(passing, "success")).toBe(passing);
    expect(claimedVerdict(passing, "failure")).toEqual({
      ...passing,
      failed: true,
      ours: false,
      reason: "the report claims a pass, but the run that made it concluded failure",
    });
  });
  it("a failure stands whatever the run concluded", () => {
    expect(claimedVerdict(failing, "success")).toBe(failing);
    expect(claimedVerdict(failing, "cancelled")).toBe(failing);
  });
});
