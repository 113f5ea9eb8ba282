import { describe, expect, it } from "vitest";
import {
  MIN_STEP_MS,
  chargedMs,
  defaultWallTimeoutMs,
  nextStep,
  spentBetween,
} from "../../src/sandbox/charged-time.js";

describe("chargedMs", () => {
  it("is the wall clock less the time the candidate was made to wait", () => {
    expect(chargedMs(3000, 0)).toBe(3000);
    expect(chargedMs(3000, 2000)).toBe(1000);
  });
  it("never goes below zero, nor above the wall clock", () => {
    expect(chargedMs(1000, 5000)).toBe(0);
    expect(chargedMs(1000, -50)).toBe(1000);
  });
});

describe("nextStep", () => {
  const at = (wallMs: number, waitedMs: number) => nextStep({ wallMs, waitedMs, limitMs: 1000, backstopMs: 61_000 });

  it("ends a run that had its whole limit, made to wait or not", () => {
    expect(at(1000, 0)).toEqual({ kind: "timeout" });
    expect(at(3000, 2000)).toEqual({ kind: "timeout" });
  });

  it("waits as long as the time it was made to wait, and no longer", () => {
    expect(at(1000, 400)).toEqual({ kind: "wait", forMs: 400 });
    expect(at(2000, 1400)).toEqual({ kind: "wait", forMs: 400 });
  });

  it("never polls a near deadline in a tight loop", () => {
    expect(at(1000, 0.5)).toEqual({ kind: "wait", forMs: MIN_STEP_MS });
  });

  it("stops at the backstop, as the machine's failure when the run was mostly made to wait", () => {
    expect(at(61_000, 60_500)).toEqual({ kind: "backstop", busy: true });
    expect(nextStep({ wallMs: 5000, waitedMs: 1000, limitMs: 10_000, backstopMs: 5000 })).toEqual({
      kind: "backstop",
      busy: false,
    });
  });

  it("never waits past the backstop", () => {
    expect(at(60_900, 60_000)).toEqual({ kind: "wait", forMs: 100 });
  });
});

describe("defaultWallTimeoutMs", () => {
  it("is five times the limit, a minute over it at least", () => {
    expect(defaultWallTimeoutMs(1000)).toBe(61_000);
    expect(defaultWallTimeoutMs(60_000)).toBe(300_000);
  });
});

describe("spentBetween", () => {
  it("is the difference of two readings in milliseconds", () => {
    expect(spentBetween({ waitedUs: 1000, usedUs: 5000 }, { waitedUs: 251_000, usedUs: 105_000 })).toEqual({
      waitedMs: 250,
      usedMs: 100,
    });
  });
  it("reads nothing spent when a reading is missing or a counter went back", () => {
    expect(spentBetween(undefined, { waitedUs: 1, usedUs: 1 })).toEqual({ waitedMs: 0, usedMs: 0 });
    expect(spentBetween({ waitedUs: 9, usedUs: 9 }, { waitedUs: 1, usedUs: 1 })).toEqual({ waitedMs: 0, usedMs: 0 });
  });
});
