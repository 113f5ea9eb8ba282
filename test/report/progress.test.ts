import { describe, expect, it } from "vitest";
import { ProgressMeter, progressLine } from "../../src/report/progress.js";

describe("progressLine", () => {
  it("says done/total, rate, ETA and what is not passing", () => {
    expect(progressLine({ done: 120, total: 323, elapsedMs: 50_000, notPassing: 22 })).toBe(
      "progress: 120/323 (37%), 2.40 candidates/s, ETA 1 m 25 s; 22 not passing",
    );
    expect(progressLine({ done: 3, total: 3, elapsedMs: 1500, notPassing: 0 })).toBe(
      "progress: 3/3 (100%), 2.00 candidates/s, done; 0 not passing",
    );
    expect(progressLine({ done: 0, total: 5, elapsedMs: 0, notPassing: 0 })).toMatch(/ETA unknown/);
  });
});

describe("ProgressMeter", () => {
  it("logs the first completion, then one line per interval, and always the last", () => {
    let now = 0;
    const meter = new ProgressMeter(100, () => now, 10_000);
    const lines: Array<string | undefined> = [];
    for (let i = 0; i < 100; i++) {
      now += 500;
      lines.push(meter.finished(i % 10 !== 0));
    }
    const logged = lines.flatMap((line, i) => (line ? [i + 1] : []));
    // 500 ms apart: the first, then every 20th, then the 100th.
    expect(logged).toEqual([1, 21, 41, 61, 81, 100]);
    expect(lines[99]).toBe("progress: 100/100 (100%), 2.00 candidates/s, done; 10 not passing");
  });
});
