import { describe, expect, it } from "vitest";
import { caseId } from "../../../src/verdict/results/parser.js";

describe("caseId", () => {
  it("makes ids from what there is", () => {
    expect(caseId({ name: "n" })).toBe("n");
    expect(caseId({ name: "n", classname: "C", file: "f.py" })).toBe("f.py::C::n");
  });
});
