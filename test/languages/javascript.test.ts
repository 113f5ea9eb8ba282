import { describe, expect, it } from "vitest";
import { packageTestKeys } from "../../src/languages/javascript.js";

// How a change of these keys protects package.json: test/prepare/protect.test.ts.
describe("packageTestKeys", () => {
  it("reads past a byte-order mark", () => {
    expect(packageTestKeys('\uFEFF{"scripts": {"test": "jest"}}')).toBe('{"scripts.test":"jest"}');
  });
});
