// Reads a candidate's CPU counters from its cgroups on this machine: the wait from the unified hierarchy's
// CPU pressure (cgroup v2, or v1 with the unified hierarchy beside it, as Debian and Ubuntu mount it), the
// CPU time from cpu.stat there or, where the unified hierarchy is not the candidate's, cpuacct's. The cgroup
// is ours (a parent the gate names, or the one it makes), so the path is known before the candidate starts
// and the counters outlive its container: a parent keeps the totals of children that are gone. Nothing
// here is read from inside a sandbox, and the candidate has no write access to any of it.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { CpuMeter, CpuReading } from "./charged-time.js";
import { isGvisor } from "./policy.js";

/** Where the cgroup hierarchies are mounted on this machine; undefined where there is none. */
export interface CgroupMounts {
  /** cgroup2: `/sys/fs/cgroup` (v2) or `/sys/fs/cgroup/unified` (v1 hybrid). */
  unified?: string;
  /** v1's cpuacct controller (`/sys/fs/cgroup/cpuacct`, or `cpu,cpuacct`). */
  cpuacct?: string;
  /** v1's cpu controller, whose cpu.stat counts the time the `cpus` quota throttled the cgroup. */
  cpu?: string;
}

/** The mounts of the cgroup hierarchies, from a mountinfo text (/proc/self/mountinfo). */
export function cgroupMounts(mountinfo: string): CgroupMounts {
  const mounts: CgroupMounts = {};
  for (const line of mountinfo.split("\n")) {
    // "id parent major:minor root mountpoint options [optional...] - fstype source superoptions"
    const [left, right] = line.split(" - ");
    if (left === undefined || right === undefined) continue;
    const mountpoint = left.split(" ")[4];
    const [fstype, , superOptions = ""] = right.split(" ");
    if (mountpoint === undefined) continue;
    if (fstype === "cgroup2") mounts.unified ??= mountpoint;
    else if (fstype === "cgroup") {
      const controllers = superOptions.split(",");
      if (controllers.includes("cpuacct")) mounts.cpuacct ??= mountpoint;
      if (controllers.includes("cpu")) mounts.cpu ??= mountpoint;
    }
  }
  return mounts;
}

/** The "full" total of a pressure file (`full avg10=… total=N`), in microseconds. */
export function pressureFullUs(text: string): number | undefined {
  const match = /^full .*\btotal=(\d+)$/m.exec(text);
  return match ? Number(match[1]) : undefined;
}

/**
 * The time the cgroup's own `cpus` quota held it back, in microseconds: v2's `throttled_usec`, v1's
 * `throttled_time` (nanoseconds); undefined where the file says neither.
 */
export function throttledUs(text: string): number | undefined {
  const v2 = /^throttled_usec (\d+)$/m.exec(text);
  if (v2) return Number(v2[1]);
  const v1 = /^throttled_time (\d+)$/m.exec(text);
  return v1 ? Math.round(Number(v1[1]) / 1000) : undefined;
}

/** `usage_usec` of a cgroup v2 cpu.stat. */
export function cpuStatUsageUs(text: string): number | undefined {
  const match = /^usage_usec (\d+)$/m.exec(text);
  return match ? Number(match[1]) : undefined;
}

/** A schedstat line (`cpu_ns delay_ns slices`): the CPU time and the run-queue delay, in nanoseconds. */
export function schedstat(text: string): { cpuNs: number; delayNs: number } | undefined {
  const match = /^(\d+) (\d+) \d+\s*$/.exec(text);
  return match ? { cpuNs: Number(match[1]), delayNs: Number(match[2]) } : undefined;
}

/**
 * Sums a cgroup's run-queue delays from reading to reading, counting only the stretches in which one of
 * its tasks was active (ran or waited): a task can then only have waited for others', never for the
 * candidate's own threads, which it could multiply at will (a burst of a hundred threads, then a sleep).
 * Its own quota's throttling in the stretch (`throttledUs`, the cgroup's counter) is taken off. A task
 * first seen counts whole (it began in the cgroup). What this misses (a task that ended between two
 * readings, a stretch with several active tasks) reads the wait low: the candidate is charged more, never
 * less; the CPU pressure covers those.
 */
export class TaskDelays {
  #seen = new Map<string, { cpuNs: number; delayNs: number }>();
  #throttledUs: number | undefined;
  #totalUs = 0;
  /** Whether the list ever named a task: gVisor's sandbox leaves the unified one empty. */
  listed = false;
  /** The tasks the list named at the last read. */
  count = 0;

  constructor(
    /** The tasks file (`cgroup.threads`, v1's `tasks`): one thread id a line. */
    private readonly tasksFile: string,
    private readonly proc = "/proc",
  ) {}

  /** The sum in microseconds, or undefined when the tasks file cannot be read. */
  read(throttledUs = 0): number | undefined {
    const tasks = readOrUndefined(this.tasksFile);
    if (tasks === undefined) return undefined;
    const now = new Map<string, { cpuNs: number; delayNs: number }>();
    let active = 0;
    let grownNs = 0;
    this.count = 0;
    for (const tid of tasks.split("\n")) {
      if (!/^\d+$/.test(tid)) continue;
      this.count++;
      const text = readOrUndefined(join(this.proc, tid, "schedstat"));
      const stat = text === undefined ? undefined : schedstat(text);
      if (stat === undefined) continue;
      // A reused id reads lower than the task it replaced: it counts from zero.
      const before = this.#seen.get(tid);
      const fresh = before === undefined || stat.cpuNs < before.cpuNs || stat.delayNs < before.delayNs;
      const cpuNs = fresh ? stat.cpuNs : stat.cpuNs - before.cpuNs;
      const delayNs = fresh ? stat.delayNs : stat.delayNs - before.delayNs;
      this.listed = true;
      if (cpuNs > 0 || delayNs > 0) active++;
      grownNs += delayNs;
      now.set(tid, stat);
    }
    const throttled = this.#throttledUs === undefined ? 0 : Math.max(0, throttledUs - this.#throttledUs);
    this.#throttledUs = throttledUs;
    this.#seen = now;
    if (active <= 1) this.#totalUs += Math.max(0, grownNs / 1000 - throttled);
    return Math.round(this.#totalUs);
  }
}

const readOrUndefined = (path: string): string | undefined => {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
};

export interface MeterOptions {
  /**
   * Vouch for the CPU stamps the sandbox's driver reads inside it (CpuMeter.since): only where the
   * sandbox's /sys/fs/cgroup shows this very cgroup (the namespace sandbox's binds, docker's runc), never
   * under gVisor, whose cgroupfs counts in its own kernel.
   */
  stamps?: boolean;
}

/**
 * A CPU stamp as the driver writes it (driver.ts, cpu_stamp): `u` and a cgroup v2 `usage_usec`, or `a`
 * and v1's `cpuacct.usage` in nanoseconds; in microseconds, with the counter it was read from.
 */
export function cpuStampUs(stamp: string): { counter: "unified" | "cpuacct"; us: number } | undefined {
  const match = /^([ua])(\d{1,19})$/.exec(stamp);
  if (!match) return undefined;
  const value = Number(match[2]);
  return match[1] === "u" ? { counter: "unified", us: value } : { counter: "cpuacct", us: Math.round(value / 1000) };
}

/**
 * A meter of one cgroup (a path relative to each hierarchy's root, the same in each, as cgroupfs lays them
 * out): the wait from the unified hierarchy's cpu.pressure, the CPU time from its cpu.stat or from v1's
 * cpuacct.usage. The pressure's "full" also counts the time the candidate's own `cpus` quota throttled it
 * (every task runnable, none allowed to run): that is its own doing, so the throttled time is taken off.
 * A reading without a wait counter reads it as none (the wall clock decides, as before). It says how many
 * tasks the cgroup holds where a list names them; once the cgroup it read is gone (the engine removes it
 * after the last task, and cannot before), the last counters with no task. Undefined when neither counter
 * can be read and never could (the cgroup is not there).
 */
export function cgroupMeter(
  mounts: CgroupMounts,
  path: string,
  proc = "/proc",
  { stamps = false }: MeterOptions = {},
): CpuMeter {
  const unified = mounts.unified === undefined ? undefined : join(mounts.unified, path);
  const cpuacct = mounts.cpuacct === undefined ? undefined : join(mounts.cpuacct, path);
  const cpu = mounts.cpu === undefined ? undefined : join(mounts.cpu, path);
  // The unified hierarchy's list where the candidate's tasks are in it, else v1's (gVisor joins v1 only).
  const tasks = [
    ...(unified === undefined ? [] : [new TaskDelays(join(unified, "cgroup.threads"), proc)]),
    ...(cpuacct === undefined ? [] : [new TaskDelays(join(cpuacct, "tasks"), proc)]),
  ];
  let last: CpuReading | undefined;
  return {
    kind: "cgroup CPU pressure",
    read(): CpuReading | undefined {
      const reading = readCounters();
      if (reading !== undefined) return (last = reading);
      const gone = [unified, cpuacct].every((dir) => dir === undefined || !existsSync(dir));
      return last !== undefined && gone ? { ...last, tasks: 0 } : undefined;
    },
    ...(stamps && {
      since(stamp: string): number | undefined {
        const taken = cpuStampUs(stamp);
        if (taken === undefined) return undefined;
        const now = taken.counter === "unified" ? unifiedUsageUs() : cpuacctUsageUs();
        // A stamp past the counter's value now is none of this sandbox's: its own counter only grows.
        return now === undefined || now < taken.us ? undefined : now - taken.us;
      },
    }),
  };

  function unifiedUsageUs(): number | undefined {
    const stat = unified === undefined ? undefined : readOrUndefined(join(unified, "cpu.stat"));
    return stat === undefined ? undefined : cpuStatUsageUs(stat);
  }

  function cpuacctUsageUs(): number | undefined {
    const nanos = cpuacct === undefined ? undefined : readOrUndefined(join(cpuacct, "cpuacct.usage"));
    return nanos !== undefined && /^\d+\s*$/.test(nanos) ? Math.round(Number(nanos) / 1000) : undefined;
  }

  function readCounters(): CpuReading | undefined {
    const pressure = unified === undefined ? undefined : readOrUndefined(join(unified, "cpu.pressure"));
    const stalledUs = pressure === undefined ? undefined : pressureFullUs(pressure);
    const stat = unified === undefined ? undefined : readOrUndefined(join(unified, "cpu.stat"));
    const v1Stat = cpu === undefined ? undefined : readOrUndefined(join(cpu, "cpu.stat"));
    const throttled = Math.max(
      (stat === undefined ? undefined : throttledUs(stat)) ?? 0,
      (v1Stat === undefined ? undefined : throttledUs(v1Stat)) ?? 0,
    );
    // Not monotonic itself: the clock takes differences, each never below zero (charged-time.ts).
    const waitedUs = stalledUs === undefined ? undefined : stalledUs - throttled;
    let usedUs = stat === undefined ? undefined : cpuStatUsageUs(stat);
    // Under gVisor the sandbox joins v1's hierarchies only: its unified cgroup is there but empty.
    if (usedUs === undefined || usedUs === 0) usedUs = cpuacctUsageUs() ?? usedUs;
    if (waitedUs === undefined && usedUs === undefined) return undefined;
    // The first list that names the tasks; the next only while it never has (half the cost of both).
    let queuedUs: number | undefined;
    let count: number | undefined;
    for (const list of tasks) {
      queuedUs = list.read(throttled) ?? queuedUs;
      if (!list.listed) continue;
      count = list.count;
      break;
    }
    return {
      waitedUs: waitedUs ?? 0,
      usedUs: usedUs ?? 0,
      ...(queuedUs !== undefined && { queuedUs }),
      ...(count !== undefined && { tasks: count }),
    };
  }
}

let mountsOfThisMachine: CgroupMounts | undefined;

/** This machine's cgroup mounts, read once. */
export function localCgroupMounts(): CgroupMounts {
  mountsOfThisMachine ??= cgroupMounts(readOrUndefined("/proc/self/mountinfo") ?? "");
  return mountsOfThisMachine;
}

/**
 * Where engines put a container's cgroup, relative to a hierarchy's root: docker and podman with the
 * cgroupfs driver, then with systemd's. The first that is there is the container's.
 */
export function containerCgroupPaths(id: string): string[] {
  return [
    `docker/${id}`,
    `system.slice/docker-${id}.scope`,
    `libpod_parent/libpod-${id}`,
    `machine.slice/libpod-${id}.scope`,
  ];
}

/**
 * A meter of a container of this machine's engine, found by its id once the engine has made it (the id
 * may come later than the meter: a CLI writes it to its cidfile). Reads nothing until the cgroup is found.
 * It vouches for the driver's CPU stamps unless the container's `runtime` is gVisor's, whose cgroupfs
 * counts in its own kernel.
 */
export function containerMeter(
  id: () => string | undefined,
  { mounts = localCgroupMounts(), runtime }: { mounts?: CgroupMounts; runtime?: string | undefined } = {},
): CpuMeter {
  const options: MeterOptions = { stamps: !isGvisor(runtime) };
  let meter: CpuMeter | undefined;
  return {
    kind: "cgroup CPU pressure",
    read(): CpuReading | undefined {
      if (meter === undefined) {
        const known = id();
        if (known === undefined || !/^[0-9a-f]{64}$/.test(known)) return undefined;
        const found = containerCgroupPaths(known).find(
          (path) =>
            (mounts.unified !== undefined && existsSync(join(mounts.unified, path))) ||
            (mounts.cpuacct !== undefined && existsSync(join(mounts.cpuacct, path))),
        );
        if (found === undefined) return undefined;
        meter = cgroupMeter(mounts, found, "/proc", options);
      }
      return meter.read();
    },
    ...(options.stamps && { since: (stamp: string) => meter?.since?.(stamp) }),
  };
}

/** Whether the engine's containers run on this machine, whose cgroups the gate can read. */
export function engineIsLocal(env: NodeJS.ProcessEnv = process.env): boolean {
  const host = env.DOCKER_HOST ?? env.CONTAINER_HOST ?? "";
  return (host === "" || host.startsWith("unix://")) && localCgroupMounts().unified !== undefined;
}
