import { describe, expect, it } from "vitest";
import { memoryFromCli, memoryFromStats } from "../../src/sandbox/memory-sample.js";
import { atMemoryLimit, memorySlack } from "../../src/verdict/memory.js";

const MiB = 1024 * 1024;

describe("atMemoryLimit", () => {
  it.each([
    [
      "a run sitting on its limit (gVisor thrashing: 124 KiB under 256 MiB)",
      { usedBytes: 256 * MiB - 124 * 1024, limitBytes: 256 * MiB },
      true,
    ],
    ["just inside the slack", { usedBytes: 64 * MiB - 4 * MiB, limitBytes: 64 * MiB }, true],
    ["just outside it", { usedBytes: 64 * MiB - 4 * MiB - 1, limitBytes: 64 * MiB }, false],
    // Measured: a 40 MiB working set plus node itself, endlessly looping under a 64 MiB limit.
    ["a program with a large working set, below the limit", { usedBytes: 55.2 * MiB, limitBytes: 64 * MiB }, false],
    ["an endless loop", { usedBytes: 20 * MiB, limitBytes: 64 * MiB }, false],
    ["no limit known", { usedBytes: 10, limitBytes: 0 }, false],
  ])("%s → %s", (_, sample, at) => expect(atMemoryLimit(sample)).toBe(at));

  it("says nothing without a sample", () => expect(atMemoryLimit(undefined)).toBe(false));

  it("gives large limits a proportional slack", () => {
    expect(memorySlack(64 * MiB)).toBe(4 * MiB);
    expect(memorySlack(1024 * MiB)).toBeCloseTo(20.48 * MiB);
  });
});

describe("memoryFromStats", () => {
  it("leaves out the inactive page cache, as the docker CLI does (cgroup v1)", () => {
    const stats = { memory_stats: { usage: 63.8 * MiB, limit: 64 * MiB, stats: { total_inactive_file: 43.4 * MiB } } };
    expect(memoryFromStats(stats)).toEqual({ usedBytes: 63.8 * MiB - 43.4 * MiB, limitBytes: 64 * MiB });
  });

  it("reads cgroup v2's name for the same count", () => {
    const stats = { memory_stats: { usage: 100, limit: 1000, stats: { inactive_file: 40 } } };
    expect(memoryFromStats(stats)).toEqual({ usedBytes: 60, limitBytes: 1000 });
  });

  it.each([
    [undefined],
    [null],
    [{}],
    [{ memory_stats: {} }],
    [{ memory_stats: { usage: 5, limit: 0 } }],
    [{ memory_stats: { usage: "5", limit: 10 } }],
  ])("gives no sample for %j (a container already gone, an engine that cannot say)", (stats) =>
    expect(memoryFromStats(stats)).toBeUndefined(),
  );
});

describe("memoryFromCli", () => {
  it.each([
    ["255.9MiB / 256MiB", { usedBytes: 255.9 * MiB, limitBytes: 256 * MiB }],
    ["748KiB / 64MiB", { usedBytes: 748 * 1024, limitBytes: 64 * MiB }],
    ["1.18MB / 67.11MB", { usedBytes: 1.18e6, limitBytes: 67.11e6 }],
    ["0B / 1GiB", { usedBytes: 0, limitBytes: 1024 * MiB }],
  ])("%s", (text, sample) => expect(memoryFromCli(text)).toEqual(sample));

  it.each(["", "--", "12 parsecs / 3MiB", "1MiB / 0B", "1MiB"])("gives no sample for %j", (text) =>
    expect(memoryFromCli(text)).toBeUndefined(),
  );
});
