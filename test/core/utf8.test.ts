import { describe, expect, it } from "vitest";
import { decodeUtf8 } from "../../src/core/utf8.js";

describe("decodeUtf8", () => {
  it("keeps invalid bytes visible even when the text was cut", () => {
    expect(decodeUtf8(Uint8Array.from([0x61, 0xff]), true)).toBe("a\uFFFD");
  });
});
