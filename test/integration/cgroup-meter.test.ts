// The meter on a real container's cgroups (src/sandbox/cgroup-meter.ts): it counts the container's tasks
// while it runs, and says no task is left once its last process ended, whether the engine has removed the
// cgroup yet or not. The run's clock stops the candidate's time there (clock.ts), so this is what keeps
// the engine's teardown off a candidate's time on a busy machine.
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { CpuReading } from "../../src/sandbox/charged-time.js";
import { containerMeter } from "../../src/sandbox/cgroup-meter.js";
import { tempDir } from "../support/temp.js";
import { docker, TEST_IMAGE } from "./support.js";

const NAME = `sg-meter-${randomBytes(4).toString("hex")}`;

afterAll(() => {
  docker("rm", "-f", NAME);
});

/** Reads the meter every 20 ms until `done` says so, for at most a minute. */
async function readUntil(read: () => CpuReading | undefined, done: (r: CpuReading) => boolean): Promise<CpuReading> {
  const until = performance.now() + 60_000;
  for (;;) {
    const reading = read();
    if (reading !== undefined && done(reading)) return reading;
    if (performance.now() > until)
      throw new Error(`no such reading within a minute; the last: ${JSON.stringify(reading)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("containerMeter on a real container", () => {
  it("counts the container's tasks while it runs, and none once its last process ended", async () => {
    const dir = tempDir("meter");
    // It spins on the CPU until the test drops a file into its mount: the end comes when the test says.
    const script = "while [ ! -e /w/stop ]; do i=0; while [ $i -lt 2000 ]; do i=$((i+1)); done; done";
    const id = docker(
      ...["run", "-d", "--init", "--name", NAME, "--network", "none", "-v", `${dir}:/w:ro`],
      ...[TEST_IMAGE, "sh", "-c", script],
    ).trim();
    const meter = containerMeter(() => id);
    // docker-init and the shell at least: a reading before docker-init has forked the shell (a loaded
    // machine) finds one, so it waits for both; readUntil fails if the meter never counts them.
    const running = await readUntil(
      () => meter.read(),
      (r) => (r.tasks ?? 0) >= 2 && r.usedUs > 0,
    );
    expect(running.tasks).toBeGreaterThanOrEqual(2);

    writeFileSync(join(dir, "stop"), "");
    const ended = await readUntil(
      () => meter.read(),
      (r) => r.tasks === 0,
    );
    expect(ended.usedUs).toBeGreaterThanOrEqual(running.usedUs);
    expect(docker("wait", NAME).trim()).toBe("0");
    // The engine has removed the cgroup by now: the meter still says no task is left, with the last counters.
    expect(meter.read()).toMatchObject({ tasks: 0 });
  });
});
