import { describe, expect, it } from "vitest";
import { checker } from "../../../src/core/schemas/validate.js";

const SCHEMA = {
  type: "object",
  properties: {
    name: { type: "string" },
    size: { type: ["integer", "null"], minimum: 1 },
    kind: { enum: ["a", "b"] },
    items: { type: "array", items: { type: "object", properties: { at: { type: "string" } }, required: ["at"] } },
    files: { type: "object", additionalProperties: { type: "string" } },
    exact: { type: "object", properties: { x: { type: "boolean" } }, additionalProperties: false },
  },
  anyOf: [{ required: ["name"] }, { required: ["kind"] }],
} as const;

const check = checker<{ name?: string }>(SCHEMA, "the thing");

describe("checker", () => {
  it("passes a matching value through", () => {
    expect(check({ name: "n", size: null })).toEqual({ ok: true, value: { name: "n", size: null } });
  });

  it.each([
    [[1], "the thing must be an object, not a list"],
    [{ size: 1 }, "the thing has neither name nor kind"],
    [{ name: 1 }, "name must be a string, not 1"],
    [{ name: true }, "name must be a string, not true"],
    [{ name: {} }, "name must be a string, not an object"],
    [{ kind: 1 }, "kind 1 is not one of a, b"],
    [{ name: "n", size: 1.5 }, "size must be a whole number or null, not 1.5"],
    [{ name: "n", size: 0 }, "size must be ≥ 1, not 0"],
    [{ name: "n", items: [{ at: "x" }, {}] }, "items[1].at is missing"],
    [{ name: "n", files: { "a/b~c.py": 1 } }, 'files["a/b~c.py"] must be a string, not 1'],
    [{ name: "n", exact: { x: true, y: 1 } }, 'exact has a field the schema does not declare: "y"'],
    [{ kind: "a", size: "x".repeat(60) }, `size must be a whole number or null, not "${"x".repeat(38)}…"`],
  ])("says what is wrong with %j in one line", (value, message) => {
    expect(check(value)).toEqual({ ok: false, problem: message });
  });

  it("refuses, when compiling (on first use), a keyword it does not know: no check goes silently unrun", () => {
    const misspelt = checker({ type: "object", propertys: {} }, "x");
    expect(() => misspelt({})).toThrow(/unknown keyword: "propertys"/);
  });
});
