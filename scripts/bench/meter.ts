// The bench's figure for the time accounting (docs/judging.md, Time): what reading a candidate's CPU
// counters costs the gate. One real container of the engine, busy with a few threads so its cgroup lists
// tasks, read `readings` times through the same meter the engines use; then what that comes to per
// candidate, from the readings a candidate takes (one at its start, one at its end, one at each deadline,
// one every METER_POLL_MS in between).
import { execFileSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import { containerMeter } from "../../src/sandbox/cgroup-meter.js";
import { METER_POLL_MS } from "../../src/sandbox/clock.js";
import { RUN_LABEL } from "../../src/sandbox/job.js";

export interface MeterFigures {
  readings: number;
  /** Tasks the container's cgroup listed. */
  tasks: number;
  /** Wall and CPU time of one reading, µs. */
  wallUs: number;
  cpuUs: number;
}

export function meterBench(image: string, readings: number, runId: string): MeterFigures | undefined {
  // Four shells that wake every few milliseconds: a candidate's process tree, as the meter meets one.
  const script = "for i in 1 2 3 4; do (while :; do sleep 0.01; done) & done; wait";
  const id = execFileSync(
    "docker",
    ["run", "-d", "--rm", "--label", `${RUN_LABEL}=${runId}`, "--cpus", "1", image, "sh", "-c", script],
    { encoding: "utf8" },
  ).trim();
  try {
    const meter = containerMeter(() => id);
    if (meter.read() === undefined) return undefined;
    const [start, cpu] = [performance.now(), process.cpuUsage()];
    for (let i = 0; i < readings; i++) meter.read();
    const wallUs = ((performance.now() - start) * 1000) / readings;
    const used = process.cpuUsage(cpu);
    const tasks = execFileSync("docker", ["top", id], { encoding: "utf8" }).trim().split("\n").length - 1;
    return { readings, tasks, wallUs, cpuUs: (used.user + used.system) / readings };
  } finally {
    execFileSync("docker", ["rm", "-f", id], { stdio: "ignore" });
  }
}

/** Readings a candidate of `durationMs` takes: start, end, the deadline, and one a poll. */
export function readingsPerCandidate(durationMs: number): number {
  return 3 + Math.floor(durationMs / METER_POLL_MS);
}
