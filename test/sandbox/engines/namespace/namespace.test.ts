import { describe, expect, it } from "vitest";
import { memorySample, oomKillCount } from "../../../../src/sandbox/engines/namespace/namespace.js";

describe("the candidate's cgroup files", () => {
  it("reads the kernel's OOM kills from cgroup v1's memory.oom_control and v2's memory.events", () => {
    expect(oomKillCount("oom_kill_disable 0\nunder_oom 0\noom_kill 2\n")).toBe(2);
    expect(oomKillCount("low 0\nhigh 0\nmax 5\noom 1\noom_kill 1\noom_group_kill 0\n")).toBe(1);
    expect(oomKillCount("oom_kill_disable 0\n")).toBeUndefined();
  });

  it("reads the memory as docker counts it, the inactive page cache left out", () => {
    expect(memorySample("1000\n", "4096\n", "cache 10\ntotal_inactive_file 300\n")).toEqual({
      usedBytes: 700,
      limitBytes: 4096,
    });
    expect(memorySample("1000", "4096", "inactive_file 200\n")).toEqual({ usedBytes: 800, limitBytes: 4096 });
    expect(memorySample("", "4096", "")).toBeUndefined();
    // cgroup v2's "max": no limit to measure against.
    expect(memorySample("1000", "max", "")).toBeUndefined();
  });
});
