import { describe, expect, it } from "vitest";
import { isRecord } from "../../src/core/records.js";

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
