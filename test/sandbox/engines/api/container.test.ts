import { describe, expect, it } from "vitest";
import { cpuFromStats, statsMeter } from "../../../../src/sandbox/engines/api/container.js";
import type { EngineApi } from "../../../../src/sandbox/engines/api/engine-api.js";

const stats = (totalNs: number) => ({ cpu_stats: { cpu_usage: { total_usage: totalNs } } });

describe("cpuFromStats", () => {
  it("reads the CPU time of a container's stats, with no wait (the stats hold no pressure)", () => {
    expect(cpuFromStats(stats(1_500_000_000))).toEqual({ waitedUs: 0, usedUs: 1_500_000 });
  });

  it.each([
    ["a container that is gone (zeros)", stats(0)],
    ["no cpu_stats", { memory_stats: {} }],
    ["not an object", null],
    ["a string count", { cpu_stats: { cpu_usage: { total_usage: "5" } } }],
  ])("gives no reading for %s", (_, value) => {
    expect(cpuFromStats(value)).toBeUndefined();
  });
});

describe("statsMeter", () => {
  /** An engine that answers each stats call with the next count, when `answer` is called. */
  function engine(counts: number[]) {
    const paths: string[] = [];
    const pending: Array<() => void> = [];
    const api = {
      call: (_method: string, path: string) => {
        paths.push(path);
        const totalNs = counts.shift()!;
        return new Promise((resolve) => pending.push(() => resolve(stats(totalNs))));
      },
    } as unknown as EngineApi;
    const answer = async () => {
      pending.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    };
    return { api, paths, answer };
  }

  it("answers at once with the last reading and asks again in the background, one call at a time", async () => {
    const { api, paths, answer } = engine([1_000_000, 0, 3_000_000]);
    const meter = statsMeter(api, "sg-x", { intervalMs: 0 });
    expect(meter.read()).toBeUndefined();
    expect(meter.read()).toBeUndefined();
    expect(paths).toEqual(["/containers/sg-x/stats?stream=false&one-shot=true"]);
    await answer();
    expect(meter.read()).toEqual({ waitedUs: 0, usedUs: 1_000 });
    // The container is gone (zeros): the last reading stands.
    await answer();
    expect(meter.read()).toEqual({ waitedUs: 0, usedUs: 1_000 });
    await answer();
    expect(meter.read()).toEqual({ waitedUs: 0, usedUs: 3_000 });
  });

  it("asks no more often than its interval", async () => {
    const { api, paths, answer } = engine([1_000_000, 2_000_000]);
    const meter = statsMeter(api, "sg-y", { intervalMs: 60_000 });
    meter.read();
    await answer();
    meter.read();
    meter.read();
    expect(paths).toHaveLength(1);
  });
});
