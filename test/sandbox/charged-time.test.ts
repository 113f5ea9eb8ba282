import { describe, expect, it } from "vitest";
import {
  MIN_STEP_MS,
  chargedMs,
  defaultWallTimeoutMs,
  madeToWaitMs,
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
    expect(
      spentBetween(
        { waitedUs: 1000, usedUs: 5000, queuedUs: 2000 },
        { waitedUs: 251_000, usedUs: 105_000, queuedUs: 302_000 },
      ),
    ).toEqual({ waitedMs: 250, usedMs: 100, queuedMs: 300 });
  });
  it("reads nothing spent when a reading is missing or a counter went back", () => {
    const none = { waitedMs: 0, usedMs: 0, queuedMs: 0 };
    expect(spentBetween(undefined, { waitedUs: 1, usedUs: 1 })).toEqual(none);
    expect(spentBetween({ waitedUs: 9, usedUs: 9, queuedUs: 9 }, { waitedUs: 1, usedUs: 1, queuedUs: 1 })).toEqual(
      none,
    );
    // A meter that cannot list the tasks at one of the two readings tells no run-queue delay.
    expect(spentBetween({ waitedUs: 0, usedUs: 0 }, { waitedUs: 0, usedUs: 0, queuedUs: 5000 })).toEqual(none);
  });
});

describe("madeToWaitMs", () => {
  const spent = (waitedMs: number, queuedMs: number, usedMs: number) => ({ waitedMs, queuedMs, usedMs });

  it("is the pressure's wait, or the run-queue delay where that is more", () => {
    expect(madeToWaitMs(spent(900, 0, 1000), 2000, 1)).toBe(900);
    expect(madeToWaitMs(spent(600, 950, 1000), 2000, 1)).toBe(950);
  });
  it("counts no wait behind its own threads: never more than the wall clock less its CPU time at its share", () => {
    // Eight spinning threads under cpus: 1, alone: 7 s of run-queue delay a second, and a second of CPU.
    expect(madeToWaitMs(spent(0, 7000, 1000), 1000, 1)).toBe(0);
    // The same beside hogs that take half the CPU it may use: half the wall clock was theirs.
    expect(madeToWaitMs(spent(0, 7000, 500), 1000, 1)).toBe(500);
    // Two CPUs: four threads fill them without anyone else, and wait for nothing but each other.
    expect(madeToWaitMs(spent(0, 2000, 2000), 1000, 2)).toBe(0);
  });
  it("never reads below zero", () => {
    expect(madeToWaitMs(spent(0, 0, 0), 1000, 1)).toBe(0);
    expect(madeToWaitMs(spent(0, 50, 3000), 1000, 1)).toBe(0);
  });
});
