// When the CLI colours its output, and how each status looks.
import { describe, expect, it } from "vitest";
import { colourWanted, painter, toneOf } from "../../src/cli/style.js";
import { STATUSES } from "../../src/core/statuses.js";

describe("colourWanted", () => {
  it.each([
    [true, {}, true],
    [false, {}, false],
    [undefined, {}, false],
    [true, { TERM: "dumb" }, false],
    [true, { NO_COLOR: "1" }, false],
    [true, { NO_COLOR: "" }, true],
    [false, { FORCE_COLOR: "1" }, true],
    [false, { FORCE_COLOR: "3" }, true],
    [false, { FORCE_COLOR: "true" }, true],
    [true, { FORCE_COLOR: "0" }, false],
    [true, { FORCE_COLOR: "false" }, false],
    [true, { FORCE_COLOR: "" }, true],
    [false, { FORCE_COLOR: "1", NO_COLOR: "1" }, true],
    [false, { FORCE_COLOR: "1", TERM: "dumb" }, true],
  ])("a TTY %s with %j: %s", (isTTY, env, wanted) => {
    expect(colourWanted(isTTY, env)).toBe(wanted);
  });
});

describe("painter", () => {
  it("wraps text in one SGR code and a reset, or leaves it be", () => {
    expect(painter(true)("bad", "no_code")).toBe("\u001b[31mno_code\u001b[0m");
    expect(painter(true)("good", "pass")).toBe("\u001b[32mpass\u001b[0m");
    expect(painter(false)("bad", "no_code")).toBe("no_code");
  });

  it("gives our failures a tone of their own, apart from the candidates'", () => {
    expect(toneOf("pass")).toBe("good");
    expect(toneOf("sandbox_error")).toBe("ours");
    expect(toneOf("skipped")).toBe("quiet");
    for (const status of STATUSES.filter((s) => s !== "pass" && s !== "sandbox_error"))
      expect(toneOf(status)).toBe("bad");
  });
});
