import { describe, expect, it } from "vitest";
import { canonicalJson, isRecord } from "../../src/core/records.js";

describe("isRecord", () => {
  it("takes a JSON object, empty or not", () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord({ a: 1 })).toBe(true);
    expect(isRecord(JSON.parse('{"scripts": {}}'))).toBe(true);
  });

  it("refuses null, arrays and every other value", () => {
    for (const value of [null, undefined, [], [1], "{}", 1, true]) expect(isRecord(value)).toBe(false);
  });
});

describe("canonicalJson", () => {
  it("is the same text however an object's keys were ordered, at every depth", () => {
    const one = { b: 1, a: { d: [3, { f: 1, e: 2 }], c: null } };
    const other = { a: { c: null, d: [3, { e: 2, f: 1 }] }, b: 1 };
    expect(canonicalJson(other)).toBe(canonicalJson(one));
    expect(canonicalJson(one)).toBe('{"a":{"c":null,"d":[3,{"e":2,"f":1}]},"b":1}');
  });

  it("keeps arrays in their order and values as JSON.stringify writes them", () => {
    expect(canonicalJson([2, 1])).not.toBe(canonicalJson([1, 2]));
    for (const value of [null, "x", 1.5, true, [], {}]) expect(canonicalJson(value)).toBe(JSON.stringify(value));
    expect(canonicalJson({ B: 1, a: 2 })).toBe('{"B":1,"a":2}');
  });
});
