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

  it("counts no rate over candidates our side failed: they were never judged", () => {
    // A dead engine: 37 sandbox_error in a quarter of a second are no throughput.
    expect(progressLine({ done: 40, total: 40, elapsedMs: 250, notPassing: 3, notJudged: 37 })).toBe(
      "progress: 40/40 (100%), 12.00 candidates/s, done; 3 not passing, 37 not judged (our side failed)",
    );
    expect(progressLine({ done: 10, total: 40, elapsedMs: 250, notPassing: 0, notJudged: 10 })).toBe(
      "progress: 10/40 (25%), none judged, ETA unknown; 0 not passing, 10 not judged (our side failed)",
    );
  });
});

describe("ProgressMeter", () => {
  it("logs the first completion, then one line per interval, and always the last", () => {
    let now = 0;
    const meter = new ProgressMeter(100, () => now, 10_000);
    const lines: Array<string | undefined> = [];
    for (let i = 0; i < 100; i++) {
      now += 500;
      lines.push(meter.finished(i % 10 !== 0 ? "pass" : "test_failed"));
    }
    const logged = lines.flatMap((line, i) => (line ? [i + 1] : []));
    // 500 ms apart: the first, then every 20th, then the 100th.
    expect(logged).toEqual([1, 21, 41, 61, 81, 100]);
    expect(lines[99]).toBe("progress: 100/100 (100%), 2.00 candidates/s, done; 10 not passing");
  });
});
