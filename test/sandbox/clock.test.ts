import { afterEach, describe, expect, it, vi } from "vitest";
import type { CpuMeter, CpuReading } from "../../src/sandbox/charged-time.js";
import { RunClock } from "../../src/sandbox/clock.js";
import { START_GRACE_MS, cpuMarker, newNonce, resultsMarker, runMarker } from "../../src/sandbox/driver.js";

const NONCE = newNonce();
const RUN_MARKER = runMarker(NONCE);

describe("RunClock", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  function clock(timeoutMs: number) {
    const expired: string[] = [];
    const run = new RunClock({
      nonce: NONCE,
      timeoutMs,
      cpus: 1,
      onRunOutput: () => {},
      onExpired: () => expired.push(run.timedOut ? "timeout" : "stalled"),
    });
    return { run, expired };
  }

  it("times the candidate from the run marker, and up to its deadline when the timeout ends it", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    const { run, expired } = clock(1_000);
    vi.advanceTimersByTime(5_000); // set-up and the parse check: not the candidate's time
    run.parser.push(Buffer.from(RUN_MARKER));
    vi.advanceTimersByTime(1_000);
    expect(expired).toEqual(["timeout"]);
    // What follows the deadline (a memory sample, the kill, the stream's end) is ours.
    vi.advanceTimersByTime(2_500);
    expect(run.end()).toBe(1_000);
  });

  it("kills only when the clock that times the run says the limit has passed, never a millisecond early", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    const fakeNow = performance.now.bind(performance);
    // Node's timer can fire a fraction of a millisecond early by performance.now(): 999.4 ms of 1 000.
    let lag = 0;
    vi.spyOn(performance, "now").mockImplementation(() => fakeNow() - lag);
    const { run, expired } = clock(1_000);
    run.parser.push(Buffer.from(RUN_MARKER));
    lag = 0.6;
    vi.advanceTimersByTime(1_000);
    expect(expired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(expired).toEqual(["timeout"]);
    expect(run.end()).toBe(1_000);
  });

  it("times a run that ends on its own to its end", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    const { run, expired } = clock(1_000);
    run.parser.push(Buffer.from(RUN_MARKER));
    vi.advanceTimersByTime(400);
    expect(run.end()).toBe(400);
    vi.advanceTimersByTime(5_000);
    expect(expired).toEqual([]);
  });

  it("gives set-up the backstop only, and says it stalled", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    const { run, expired } = clock(1_000);
    vi.advanceTimersByTime(1_000 + START_GRACE_MS);
    expect(expired).toEqual(["stalled"]);
    expect(run.end()).toBe(0);
  });
});

describe("RunClock with a meter: the time the candidate had", () => {
  afterEach(() => vi.useRealTimers());

  /** A meter whose counters the test moves: the wait and the CPU time, in milliseconds. */
  function meter() {
    const counters = { waitedMs: 0, usedMs: 0, queuedMs: 0, gone: false, tasks: undefined as number | undefined };
    const cpu: CpuMeter = {
      kind: "test",
      read: (): CpuReading | undefined =>
        counters.gone
          ? undefined
          : {
              waitedUs: counters.waitedMs * 1000,
              usedUs: counters.usedMs * 1000,
              queuedUs: counters.queuedMs * 1000,
              ...(counters.tasks !== undefined && { tasks: counters.tasks }),
            },
    };
    return { counters, cpu };
  }

  function clock(timeoutMs: number, cpu: CpuMeter, wallTimeoutMs?: number, cpus = 1) {
    const expired: string[] = [];
    const run = new RunClock({
      nonce: NONCE,
      timeoutMs,
      ...(wallTimeoutMs === undefined ? {} : { wallTimeoutMs }),
      meter: cpu,
      cpus,
      onRunOutput: () => {},
      onExpired: () => expired.push(run.timedOut ? "timeout" : run.busy ? "busy" : "stalled"),
    });
    return { run, expired };
  }

  it("gives back the time the candidate was made to wait for a CPU", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "performance"] });
    const { counters, cpu } = meter();
    const { run, expired } = clock(1_000, cpu);
    counters.waitedMs = 700; // waited before the run: set-up's, not the candidate's
    run.parser.push(Buffer.from(RUN_MARKER));
    counters.waitedMs += 600;
    counters.usedMs += 400;
    vi.advanceTimersByTime(1_000);
    expect(expired).toEqual([]);
    counters.usedMs += 600;
    vi.advanceTimersByTime(600);
    expect(expired).toEqual(["timeout"]);
    expect(run.end()).toBe(1_600);
    expect(run.spent).toEqual({ cpuMs: 1_000, waitedMs: 600 });
  });

  it("keeps the wall clock and reads no wait where the meter cannot read one (a remote engine's stats)", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "performance"] });
    const { counters, cpu } = meter();
    const { run, expired } = clock(1_000, { ...cpu, readsWait: false });
    run.parser.push(Buffer.from(RUN_MARKER));
    counters.usedMs += 300;
    vi.advanceTimersByTime(1_000);
    expect(expired).toEqual(["timeout"]);
    run.end();
    // No waitedMs, not 0: a result's feedback must not read "not computing" into a wait nobody measured.
    expect(run.spent).toEqual({ cpuMs: 300 });
  });

  it("gives back its tasks' run-queue delay where the pressure reads low (a task moving between CPUs)", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "performance"] });
    const { counters, cpu } = meter();
    const { run, expired } = clock(1_000, cpu);
    run.parser.push(Buffer.from(RUN_MARKER));
    counters.waitedMs += 400; // the kernel's average over the CPUs
    counters.queuedMs += 600; // the task's own delay
    counters.usedMs += 400;
    vi.advanceTimersByTime(1_000);
    expect(expired).toEqual([]);
    vi.advanceTimersByTime(600);
    expect(expired).toEqual(["timeout"]);
    expect(run.spent).toEqual({ cpuMs: 400, waitedMs: 600 });
  });

  it("never gives back the wait behind its own threads: it is charged its CPU time at its share at least", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "performance"] });
    const { counters, cpu } = meter();
    const { run, expired } = clock(1_000, cpu, undefined, 0.5);
    run.parser.push(Buffer.from(RUN_MARKER));
    // Eight threads under a half-CPU quota, alone on the machine: each waits for the others all along.
    counters.queuedMs += 7_000;
    counters.usedMs += 500;
    vi.advanceTimersByTime(1_000);
    expect(expired).toEqual(["timeout"]);
    expect(run.spent).toEqual({ cpuMs: 500, waitedMs: 0 });
  });

  it("ends a sleeper at its limit: sleeping is not waiting for a CPU", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "performance"] });
    const { cpu } = meter();
    const { run, expired } = clock(1_000, cpu);
    run.parser.push(Buffer.from(RUN_MARKER));
    vi.advanceTimersByTime(1_000);
    expect(expired).toEqual(["timeout"]);
    expect(run.end()).toBe(1_000);
    expect(run.spent).toEqual({ cpuMs: 0, waitedMs: 0 });
  });

  it("stops a run that was mostly made to wait at the backstop, as the machine's failure", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "performance"] });
    const { counters, cpu } = meter();
    const { run, expired } = clock(1_000, cpu, 3_000);
    run.parser.push(Buffer.from(RUN_MARKER));
    for (let t = 0; t < 30; t++) {
      counters.waitedMs += 95; // a machine so busy the candidate runs 5 ms in 100
      vi.advanceTimersByTime(100);
    }
    expect(expired).toEqual(["busy"]);
    expect(run.timedOut).toBe(false);
  });

  it("ends the candidate's time at its last process: the engine's teardown after it is not its time", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "performance"] });
    const { counters, cpu } = meter();
    const { run, expired } = clock(1_000, cpu);
    run.parser.push(Buffer.from(RUN_MARKER));
    counters.tasks = 2;
    counters.usedMs = 850;
    vi.advanceTimersByTime(850);
    counters.tasks = 0; // python exited, then docker-init: the container's teardown begins
    vi.advanceTimersByTime(50); // the poll at 900 ms finds no task
    counters.usedMs = 870; // what a reused cgroup would count later is not the candidate's
    vi.advanceTimersByTime(2_100); // the engine takes 2.1 s to close the streams
    expect(expired).toEqual([]);
    expect(run.timedOut).toBe(false);
    expect(run.end()).toBe(900);
    expect(run.spent).toEqual({ cpuMs: 850, waitedMs: 0 });
  });

  it("still times out a candidate whose time ran out before its last process was seen to end", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "performance"] });
    const { counters, cpu } = meter();
    const { run, expired } = clock(1_000, cpu);
    run.parser.push(Buffer.from(RUN_MARKER));
    counters.tasks = 1;
    vi.advanceTimersByTime(950);
    counters.tasks = 0; // gone between the last poll and the deadline: the lateness is charged to it
    vi.advanceTimersByTime(50);
    expect(expired).toEqual(["timeout"]);
    expect(run.end()).toBe(1_000);
  });

  it("says the engine stalled when the run outlives the candidate's last process past the backstop", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "performance"] });
    const { counters, cpu } = meter();
    const { run, expired } = clock(1_000, cpu, 3_000);
    run.parser.push(Buffer.from(RUN_MARKER));
    counters.tasks = 0;
    vi.advanceTimersByTime(2_999);
    expect(expired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(expired).toEqual(["stalled"]);
    expect(run.timedOut).toBe(false);
    expect(run.busy).toBe(false);
    expect(run.end()).toBe(100);
  });

  it("keeps the last reading when the counters go with the sandbox", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "performance"] });
    const { counters, cpu } = meter();
    const { run } = clock(1_000, cpu);
    run.parser.push(Buffer.from(RUN_MARKER));
    counters.usedMs = 80;
    vi.advanceTimersByTime(150); // one poll
    counters.gone = true;
    run.end();
    expect(run.spent).toEqual({ cpuMs: 80, waitedMs: 0 });
  });

  it.each([
    [true, { cpuMs: 90, waitedMs: 0 }],
    [false, undefined],
  ])(
    "starts a run from zero when the first reading is late only for counters that began with the sandbox (%s)",
    (fresh, spent) => {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "performance"] });
      const { counters, cpu } = meter();
      counters.gone = true; // a remote engine's first answer is not in yet
      const { run } = clock(1_000, { ...cpu, startsAtZero: fresh });
      run.parser.push(Buffer.from(RUN_MARKER));
      counters.gone = false;
      counters.usedMs = 90;
      vi.advanceTimersByTime(150);
      run.end();
      expect(run.spent).toEqual(spent);
    },
  );

  it("counts the CPU time from the driver's stamp where the meter vouches for it: node reads the marker late", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "performance"] });
    const { counters, cpu } = meter();
    counters.usedMs = 30; // set-up and the parse check
    const stamps: string[] = [];
    const since = (stamp: string) => (
      stamps.push(stamp),
      stamp === "u30000" ? counters.usedMs * 1000 - 30_000 : undefined
    );
    const { run } = clock(5_000, { ...cpu, since });
    run.parser.push(Buffer.from(`${cpuMarker(NONCE)}u30`));
    run.parser.push(Buffer.from(`000\n`));
    counters.usedMs += 80; // the candidate ran while node waited for a CPU to read the run marker
    run.parser.push(Buffer.from(RUN_MARKER));
    counters.usedMs += 1_000;
    vi.advanceTimersByTime(2_000);
    run.end();
    expect(stamps).toEqual(["u30000"]);
    expect(run.spent).toEqual({ cpuMs: 1_080, waitedMs: 0 });
  });

  it.each([
    [1, 60],
    [0.5, 120],
  ])(
    "reads a run's time as at least its CPU time at its share (cpus %s): node read the marker and the end at once",
    (cpus, least) => {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "performance"] });
      const { counters, cpu } = meter();
      const since = (stamp: string) => (stamp === "u0" ? counters.usedMs * 1000 : undefined);
      const { run } = clock(5_000, { ...cpu, since }, undefined, cpus);
      run.parser.push(Buffer.from(`${cpuMarker(NONCE)}u0\n`));
      counters.usedMs += 60; // the whole run, before node read its marker
      run.parser.push(Buffer.from(RUN_MARKER));
      vi.advanceTimersByTime(0);
      expect(run.end()).toBe(least);
      expect(run.spent?.cpuMs).toBe(60);
    },
  );

  it("reads a run a clock ended as its deadline, whatever its CPU time", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "performance"] });
    const { counters, cpu } = meter();
    const since = (stamp: string) => (stamp === "u0" ? counters.usedMs * 1000 : undefined);
    const { run, expired } = clock(1_000, { ...cpu, since });
    run.parser.push(Buffer.from(`${cpuMarker(NONCE)}u0\n`));
    counters.usedMs += 300; // the parse check's, counted from the stamp
    run.parser.push(Buffer.from(RUN_MARKER));
    counters.usedMs += 1_000;
    vi.advanceTimersByTime(1_000);
    expect(expired).toEqual(["timeout"]);
    expect(run.end()).toBe(1_000);
  });

  it.each([
    ["a stamp the meter does not vouch for", () => undefined, cpuMarker(NONCE) + "u1\n"],
    ["no stamp", () => 5_000, ""],
  ])("counts the CPU time from the run marker with %s", (_case, since, before) => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "performance"] });
    const { counters, cpu } = meter();
    const { run } = clock(5_000, { ...cpu, since });
    counters.usedMs = 30;
    run.parser.push(Buffer.from(before + RUN_MARKER));
    counters.usedMs += 1_000;
    vi.advanceTimersByTime(2_000);
    run.end();
    expect(run.spent?.cpuMs).toBe(1_000);
  });

  it("reads the CPU time once the command ended, while the sandbox is still there", () => {
    const { counters, cpu } = meter();
    const expired: string[] = [];
    const run = new RunClock({
      nonce: NONCE,
      timeoutMs: 1_000,
      meter: cpu,
      cpus: 1,
      maxResultsBytes: 1024,
      onRunOutput: () => {},
      onExpired: () => expired.push("expired"),
    });
    run.parser.push(Buffer.from(RUN_MARKER));
    counters.usedMs = 42;
    run.parser.push(Buffer.from(resultsMarker(NONCE)));
    counters.usedMs = 99; // the driver's tar of the results: not the candidate's
    run.end();
    expect(run.spent?.cpuMs).toBe(42);
  });
});
