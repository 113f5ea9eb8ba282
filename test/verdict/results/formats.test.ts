import { describe, expect, it } from "vitest";
import { RESULTS_FORMATS } from "../../../src/settings/settings.js";
import { RESULTS_PARSERS, resultsParser } from "../../../src/verdict/results/formats.js";
import { junit } from "../../../src/verdict/results/junit.js";

describe("the results formats", () => {
  it("has a parser for every name `results-format` takes, and no other", () => {
    expect(Object.keys(RESULTS_PARSERS).sort()).toEqual([...RESULTS_FORMATS].sort());
    for (const format of RESULTS_FORMATS) expect(typeof resultsParser(format).parse).toBe("function");
  });

  it("selects the parser by its name: junit is JUnit XML", () => {
    expect(resultsParser("junit")).toBe(junit);
    expect(resultsParser("junit").format).toBe("JUnit XML");
  });
});
