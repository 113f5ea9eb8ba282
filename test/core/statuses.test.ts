import { describe, expect, it } from "vitest";
import {
  CODE_RAN,
  CUT_SHORT,
  EVERY_FAILURE,
  RAN_TO_END,
  RERUNNABLE,
  STATUS_INFO,
  STATUSES,
} from "../../src/core/statuses.js";

describe("the status catalogue", () => {
  it("lists the statuses in INTERFACE.md's order, first match first", () => {
    expect([...STATUSES]).toEqual([
      "no_code",
      "patch_failed",
      "protected",
      "syntax_error",
      "timeout",
      "oom",
      "test_failed",
      "pass",
      "sandbox_error",
    ]);
  });

  it("gives every status a label, a shown label, an icon and a phrase", () => {
    for (const status of STATUSES) {
      const info = STATUS_INFO[status];
      for (const text of [info.label, info.shown, info.icon, info.phrase]) expect(text, status).not.toBe("");
    }
    expect(new Set(STATUSES.map((s) => STATUS_INFO[s].label)).size).toBe(STATUSES.length);
    expect(new Set(STATUSES.map((s) => STATUS_INFO[s].phrase)).size).toBe(STATUSES.length);
  });

  it("derives its sets from the entries", () => {
    expect([...EVERY_FAILURE]).toEqual(STATUSES.filter((s) => s !== "pass"));
    expect([...RAN_TO_END]).toEqual(["test_failed", "pass"]);
    expect([...CODE_RAN]).toEqual(["protected", "timeout", "oom", "test_failed", "pass"]);
    expect([...CUT_SHORT]).toEqual(["timeout", "oom", "sandbox_error"]);
    expect([...RERUNNABLE]).toEqual(["timeout", "test_failed"]);
    expect(STATUSES.filter((s) => STATUS_INFO[s].ours)).toEqual(["sandbox_error"]);
    expect(STATUSES.filter((s) => !STATUS_INFO[s].sandboxed)).toEqual(["no_code", "patch_failed"]);
  });

  it("never shows our failure with the icon that blames the code", () => {
    for (const status of STATUSES.filter((s) => STATUS_INFO[s].ours)) {
      expect(STATUS_INFO[status].icon).not.toBe(STATUS_INFO.test_failed.icon);
      expect(STATUS_INFO[status].shown).toContain("re-run");
    }
  });
});
