import { describe, expect, it } from "vitest";
import { parseDuration, parseSize } from "../../src/core/units.js";
import { inputError } from "../support/input-error.js";

describe("parseDuration", () => {
  it.each([
    ["500ms", 500],
    ["10s", 10_000],
    ["2m", 120_000],
    ["1.5s", 1500],
    ["1m30s", 90_000],
    ["1h2m", 3_720_000],
    ["1m 30s", 90_000],
    ["2s500ms", 2500],
    ["1H30M", 5_400_000],
    [" 10 s ", 10_000],
  ])("%s → %d ms", (value, ms) => expect(parseDuration("timeout", value)).toBe(ms));

  it.each(["-1", "0", "0s", "10x", "", "s", "1e9999s", "30s1m", "1m1m", "1m30", "1m-30s", "1.s"])(
    "rejects %j naming the input",
    (value) => {
      expect(inputError(() => parseDuration("timeout", value)).message).toMatch(
        /^Input 'timeout': '.*' is not a positive duration \(examples: 500ms, 10s, 2m, 1m30s\)$/,
      );
    },
  );

  it.each([
    ["5", "5s"],
    [" 1.5 ", "1.5s"],
  ])("refuses the bare number %j, asking for a unit (%s)", (value, meant) => {
    const error = inputError(() => parseDuration("timeout", value));
    expect(error.input).toBe("timeout");
    expect(error.detail).toBe(`'${value}' has no unit: write ${meant} for seconds (or 500ms, 2m, 1m30s)`);
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
