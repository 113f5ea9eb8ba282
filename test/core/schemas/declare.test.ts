import { describe, expect, it } from "vitest";
import { inSchemaOrder } from "../../../src/core/schemas/declare.js";

const SCHEMA = {
  type: "object",
  properties: {
    a: { type: "string" },
    b: { type: "object", properties: { x: { type: "integer" }, y: { type: "integer" } } },
    c: { type: "array", items: { type: "object", properties: { p: { type: "string" }, q: { type: "string" } } } },
  },
} as const;

describe("inSchemaOrder", () => {
  it("lays out every object in the schema's order, in lists too", () => {
    const value = { c: [{ q: "2", p: "1" }], b: { y: 2, x: 1 }, a: "a" };
    const laidOut = inSchemaOrder(SCHEMA, value);
    expect(JSON.stringify(laidOut)).toBe('{"a":"a","b":{"x":1,"y":2},"c":[{"p":"1","q":"2"}]}');
    expect(laidOut).toEqual(value);
  });

  it("leaves out keys set to undefined and keys the schema does not declare", () => {
    expect(JSON.stringify(inSchemaOrder(SCHEMA, { a: undefined, b: { x: 1, z: 3 }, extra: true }))).toBe(
      '{"b":{"x":1}}',
    );
  });

  it("passes on what has no properties to lay out, and never changes what it was given", () => {
    const value = { a: "a", b: { y: 2, x: 1 } };
    expect(inSchemaOrder({ type: "string" }, "text")).toBe("text");
    inSchemaOrder(SCHEMA, value);
    expect(JSON.stringify(value)).toBe('{"a":"a","b":{"y":2,"x":1}}');
  });
});
