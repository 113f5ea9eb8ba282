import { describe, expect, it } from "vitest";
import { warmsAhead } from "../../../../src/sandbox/engines/api/fresh-pool.js";

describe("warmsAhead", () => {
  it("warms nothing for a config taken no more than twice the warm target in a row", () => {
    for (const streak of [1, 2, 3, 4]) expect(warmsAhead(streak, 2), String(streak)).toBe(false);
    expect(warmsAhead(2, 1)).toBe(false);
  });

  it("warms ahead once the config has been taken more than twice the target in a row", () => {
    expect(warmsAhead(5, 2)).toBe(true);
    expect(warmsAhead(300, 2)).toBe(true);
    expect(warmsAhead(3, 1)).toBe(true);
  });

  it("never warms with a target of none (a run with services)", () => {
    expect(warmsAhead(1000, 0)).toBe(false);
  });
});
