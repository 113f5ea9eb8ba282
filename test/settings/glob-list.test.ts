import { describe, expect, it } from "vitest";
import { readGlobList } from "../../src/settings/glob-list.js";

describe("readGlobList", () => {
  it("reads `default`, globs and negations, each glob once, in order", () => {
    expect(readGlobList("protect", ["b/**", "default", "!a.txt", "b/**", "c.py"], "turns it off")).toEqual({
      defaults: true,
      globs: ["b/**", "c.py"],
      negated: ["a.txt"],
    });
  });

  it("reads `none` alone as nothing, and refuses it beside anything else, naming the input", () => {
    expect(readGlobList("setup-inputs", ["none"], "x")).toEqual({ defaults: false, globs: [], negated: [] });
    expect(() => readGlobList("setup-inputs", ["none", "a"], "turns per-candidate set-ups off")).toThrow(
      /setup-inputs.*'none' turns per-candidate set-ups off; it goes alone/,
    );
  });

  it.each(["../up.txt", "/abs.txt", "!../up.txt"])("refuses %s, which leaves the base tree", (item) => {
    expect(() => readGlobList("protect", [item], "x")).toThrow(/protect.*relative to the base tree/);
  });
});
