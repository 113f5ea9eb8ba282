import { describe, expect, it } from "vitest";
import { parseDuration, parseSize } from "../../src/core/units.js";
import { inputError } from "../support/input-error.js";

describe("parseDuration", () => {
  it.each([
    ["500ms", 500],
    ["10s", 10_000],
    ["2m", 120_000],
    ["1.5s", 1500],
    ["3", 3000],
  ])("%s → %d ms", (value, ms) => expect(parseDuration("timeout", value)).toBe(ms));

  it.each(["-1", "0", "10x", "", "s", "1e9999s"])("rejects %j naming the input", (value) => {
    expect(inputError(() => parseDuration("timeout", value)).message).toMatch(/^Input 'timeout': /);
  });
});

describe("parseSize", () => {
  it.each([
    ["64k", 65_536],
    ["256m", 268_435_456],
    ["1g", 1_073_741_824],
    ["512", 512],
    ["256MiB", 268_435_456],
  ])("%s → %d bytes", (value, bytes) => expect(parseSize("memory", value)).toBe(bytes));

  it.each(["256q", "-5m", "m", "0"])("rejects %j", (value) => {
    expect(inputError(() => parseSize("memory", value)).input).toBe("memory");
  });
});
