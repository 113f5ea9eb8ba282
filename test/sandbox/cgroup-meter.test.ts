import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  cgroupMeter,
  cgroupMounts,
  cpuStampUs,
  cpuStatUsageUs,
  pressureFullUs,
  schedstat,
  TaskDelays,
  throttledUs,
} from "../../src/sandbox/cgroup-meter.js";
import { tempDir } from "../support/temp.js";

const HYBRID = [
  "30 24 0:26 / /sys/fs/cgroup rw,nosuid,nodev,noexec - tmpfs tmpfs ro,mode=755",
  "31 30 0:27 / /sys/fs/cgroup/unified rw,nosuid,nodev,noexec,relatime - cgroup2 cgroup2 rw,nsdelegate",
  "35 30 0:31 / /sys/fs/cgroup/cpu,cpuacct rw,nosuid,nodev,noexec,relatime - cgroup cgroup rw,cpu,cpuacct",
  "36 30 0:32 / /sys/fs/cgroup/memory rw,nosuid,nodev,noexec,relatime - cgroup cgroup rw,memory",
].join("\n");

describe("cgroupMounts", () => {
  it("finds the unified hierarchy and v1's cpuacct beside it", () => {
    expect(cgroupMounts(HYBRID)).toEqual({
      unified: "/sys/fs/cgroup/unified",
      cpuacct: "/sys/fs/cgroup/cpu,cpuacct",
      cpu: "/sys/fs/cgroup/cpu,cpuacct",
    });
  });
  it("finds a pure v2 machine's one hierarchy", () => {
    expect(cgroupMounts("25 1 0:23 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw")).toEqual({
      unified: "/sys/fs/cgroup",
    });
  });
  it("finds nothing where nothing is mounted", () => {
    expect(cgroupMounts("")).toEqual({});
  });
});

describe("the counters", () => {
  it("read the full total of a pressure file and usage_usec of cpu.stat", () => {
    const pressure =
      "some avg10=2.71 avg60=0.49 avg300=0.10 total=710785\nfull avg10=2.35 avg60=0.42 avg300=0.08 total=685252\n";
    expect(pressureFullUs(pressure)).toBe(685252);
    expect(cpuStatUsageUs("usage_usec 429888\nuser_usec 377166\nsystem_usec 52722\n")).toBe(429888);
  });
  it("refuse what is not one (an older kernel's pressure file has no full line for the CPU)", () => {
    expect(pressureFullUs("some avg10=0.00 avg60=0.00 avg300=0.00 total=12\n")).toBeUndefined();
    expect(cpuStatUsageUs("nr_periods 0\n")).toBeUndefined();
  });
});

describe("cgroupMeter", () => {
  function tree(files: Record<string, string>): string {
    const root = tempDir("cgroups");
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(join(root, path, ".."), { recursive: true });
      writeFileSync(join(root, path), content);
    }
    return root;
  }

  it("reads the wait and the CPU time of the unified cgroup", () => {
    const root = tree({
      "unified/sandbox-gate/c1/cpu.pressure": "some total=900\nfull avg10=0 total=700\n",
      "unified/sandbox-gate/c1/cpu.stat": "usage_usec 4000\n",
    });
    const meter = cgroupMeter({ unified: join(root, "unified") }, "sandbox-gate/c1");
    expect(meter.read()).toEqual({ waitedUs: 700, usedUs: 4000 });
  });

  it("takes the CPU time from cpuacct when the unified cgroup has none (gVisor's sandbox)", () => {
    const root = tree({
      "unified/sandbox-gate/c1/cpu.pressure": "some total=0\nfull avg10=0 total=0\n",
      "unified/sandbox-gate/c1/cpu.stat": "usage_usec 0\n",
      "cpuacct/sandbox-gate/c1/cpuacct.usage": "2500000\n",
    });
    const meter = cgroupMeter({ unified: join(root, "unified"), cpuacct: join(root, "cpuacct") }, "sandbox-gate/c1");
    expect(meter.read()).toEqual({ waitedUs: 0, usedUs: 2500 });
  });

  it("takes the time its own cpus quota throttled it off the wait: that is the candidate's doing", () => {
    const root = tree({
      "unified/docker/c1/cpu.pressure": "some total=3085000\nfull avg10=0 total=1550000\n",
      "unified/docker/c1/cpu.stat": "usage_usec 3119000\n",
      "cpu/docker/c1/cpu.stat": "nr_periods 30\nnr_throttled 29\nthrottled_time 1429000000\n",
    });
    const meter = cgroupMeter({ unified: join(root, "unified"), cpu: join(root, "cpu") }, "docker/c1");
    expect(meter.read()).toEqual({ waitedUs: 121_000, usedUs: 3_119_000 });
    expect(throttledUs("usage_usec 5\nthrottled_usec 250\n")).toBe(250);
  });

  it("sums its tasks' run-queue delays, from the unified list or, where that is empty, v1's", () => {
    const root = tree({
      "unified/docker/c1/cpu.pressure": "some total=0\nfull avg10=0 total=300\n",
      "unified/docker/c1/cpu.stat": "usage_usec 9000\n",
      "unified/docker/c1/cgroup.threads": "",
      "cpuacct/docker/c1/tasks": "41\n42\n",
      "proc/41/schedstat": "5000000 2000000 7\n",
      "proc/42/schedstat": "0 0 0\n",
    });
    const mounts = { unified: join(root, "unified"), cpuacct: join(root, "cpuacct") };
    const meter = cgroupMeter(mounts, "docker/c1", join(root, "proc"));
    expect(meter.read()).toEqual({ waitedUs: 300, usedUs: 9000, queuedUs: 2000, tasks: 2 });
  });

  it("says when no task is left, and once the engine removed the cgroup, the last counters with no task", () => {
    const root = tree({
      "unified/docker/c1/cpu.pressure": "some total=0\nfull avg10=0 total=300\n",
      "unified/docker/c1/cpu.stat": "usage_usec 9000\n",
      "unified/docker/c1/cgroup.threads": "41\n",
      "proc/41/schedstat": "5000000 2000000 7\n",
    });
    const meter = cgroupMeter({ unified: join(root, "unified") }, "docker/c1", join(root, "proc"));
    expect(meter.read()).toMatchObject({ usedUs: 9000, tasks: 1 });
    writeFileSync(join(root, "unified/docker/c1/cgroup.threads"), "");
    writeFileSync(join(root, "unified/docker/c1/cpu.stat"), "usage_usec 9100\n");
    expect(meter.read()).toMatchObject({ usedUs: 9100, tasks: 0 });
    rmSync(join(root, "unified/docker/c1"), { recursive: true });
    expect(meter.read()).toEqual({ waitedUs: 300, usedUs: 9100, queuedUs: 2000, tasks: 0 });
  });

  it("tells no task count where no list ever named a task, nor an end while the cgroup is there unread", () => {
    const root = tree({
      "unified/docker/c1/cpu.pressure": "some total=0\nfull avg10=0 total=300\n",
      "unified/docker/c1/cpu.stat": "usage_usec 9000\n",
    });
    const meter = cgroupMeter({ unified: join(root, "unified") }, "docker/c1", join(root, "proc"));
    expect(meter.read()).toEqual({ waitedUs: 300, usedUs: 9000 });
    rmSync(join(root, "unified/docker/c1/cpu.stat"));
    rmSync(join(root, "unified/docker/c1/cpu.pressure"));
    expect(meter.read()).toBeUndefined();
  });

  it("reads nothing when the cgroup is not there", () => {
    const root = tree({});
    expect(cgroupMeter({ unified: join(root, "unified") }, "sandbox-gate/none").read()).toBeUndefined();
  });

  it("counts the CPU time since the driver's stamp by the counter it was read from, and only that", () => {
    const root = tree({
      "unified/sandbox-gate/c1/cpu.stat": "usage_usec 9000\n",
      "cpuacct/sandbox-gate/c1/cpuacct.usage": "7000000\n",
    });
    const mounts = { unified: join(root, "unified"), cpuacct: join(root, "cpuacct") };
    const meter = cgroupMeter(mounts, "sandbox-gate/c1", "/proc", { stamps: true });
    expect(meter.since?.("u8250")).toBe(750);
    expect(meter.since?.("a6400000")).toBe(600);
    expect(meter.since?.("u9000")).toBe(0);
    // Past the counter's value now: another cgroup's (a host's root shown inside), or forged.
    expect(meter.since?.("u9001")).toBeUndefined();
    expect(meter.since?.("a7001000")).toBeUndefined();
    for (const bad of ["", "u", "x100", "u-5", "u 100", "u100\n", `u${"9".repeat(20)}`])
      expect(meter.since?.(bad)).toBeUndefined();
    // Where the sandbox's /sys may show another kernel's counters (gVisor), no stamp is vouched for.
    expect("since" in cgroupMeter(mounts, "sandbox-gate/c1")).toBe(false);
  });
});

describe("cpuStampUs", () => {
  it("reads a v2 usage_usec and a v1 cpuacct.usage in microseconds", () => {
    expect(cpuStampUs("u123")).toEqual({ counter: "unified", us: 123 });
    expect(cpuStampUs("a123456")).toEqual({ counter: "cpuacct", us: 123 });
    expect(cpuStampUs("a123456 ")).toBeUndefined();
  });
});

describe("TaskDelays", () => {
  /** Writes each task's schedstat (CPU time, delay, in ms) and the tasks file listing them. */
  function tasks(root: string, stats: Record<string, [number, number]>): void {
    for (const [tid, [cpuMs, delayMs]] of Object.entries(stats)) {
      mkdirSync(join(root, tid), { recursive: true });
      writeFileSync(join(root, tid, "schedstat"), `${cpuMs * 1e6} ${delayMs * 1e6} 4\n`);
    }
    writeFileSync(join(root, "tasks"), Object.keys(stats).join("\n") + "\n");
  }

  it("adds a lone active task's growth since it was last seen, and a new task whole", () => {
    const root = tempDir("proc");
    tasks(root, { "7": [10, 1] });
    const delays = new TaskDelays(join(root, "tasks"), root);
    expect(delays.read()).toBe(1000);
    tasks(root, { "7": [10, 1], "8": [50, 3] }); // 7 idle (a parent waiting), 8 new
    expect(delays.read()).toBe(4000);
    tasks(root, { "7": [10, 1], "8": [90, 10] });
    expect(delays.read()).toBe(11_000);
  });

  it("counts nothing of a stretch with several active tasks: they may have waited for each other", () => {
    const root = tempDir("proc");
    tasks(root, { "7": [10, 0], "8": [10, 0] });
    const delays = new TaskDelays(join(root, "tasks"), root);
    const start = delays.read()!;
    // A burst of threads queued behind each other, then a sleep: none of it is the machine's doing.
    tasks(root, { "7": [60, 900], "8": [60, 900] });
    expect(delays.read()).toBe(start);
  });

  it("takes its own quota's throttling off a stretch", () => {
    const root = tempDir("proc");
    tasks(root, { "7": [0, 0] });
    const delays = new TaskDelays(join(root, "tasks"), root);
    expect(delays.read(5000)).toBe(0);
    tasks(root, { "7": [50, 80] }); // 50 ms throttled, 30 ms behind others
    expect(delays.read(55_000)).toBe(30_000);
  });

  it("keeps what an ended task had, and counts a reused id that reads lower from zero", () => {
    const root = tempDir("proc");
    tasks(root, { "7": [10, 4] });
    const delays = new TaskDelays(join(root, "tasks"), root);
    expect(delays.read()).toBe(4000);
    tasks(root, {});
    expect(delays.read()).toBe(4000);
    tasks(root, { "7": [1, 1] });
    expect(delays.read()).toBe(5000);
  });

  it("skips what is not a task or cannot be read, and reads nothing without a tasks file", () => {
    const root = tempDir("proc");
    tasks(root, { "7": [1, 2] });
    writeFileSync(join(root, "tasks"), "7\n9\nnot-a-tid\n");
    expect(new TaskDelays(join(root, "tasks"), root).read()).toBe(2000);
    expect(new TaskDelays(join(root, "none"), root).read()).toBeUndefined();
    expect(schedstat("1 2 3\n")).toEqual({ cpuNs: 1, delayNs: 2 });
    expect(schedstat("garbage")).toBeUndefined();
  });
});
