// The clocks of one run, on the driver's markers: set-up and the parse check get the timeout plus
// START_GRACE_MS (a pull never happens there, so only a sick engine is that slow); the candidate's own
// timeout starts at the run marker. Both count the time a candidate had (charged-time.ts): the wall clock
// less the time its cgroup waited for a CPU, read from the engine's meter at each deadline; without a
// meter, the wall clock. The candidate's time ends when the meter finds no task of it left: what the
// engine does after its last process (the container's teardown, closing its streams: 0.2–0.4 s beside four
// CPU hogs on 2 cores, measured, more with a second run beside) is ours, and no counter would give it back as
// a wait, since nothing of the candidate is left to wait. The wall-clock backstop bounds every run whatever
// the meter says.
import { availableParallelism } from "node:os";
import type { CpuMeter, CpuReading } from "./charged-time.js";
import { defaultWallTimeoutMs, madeToWaitMs, nextStep, spentBetween } from "./charged-time.js";
import { PhaseParser, START_GRACE_MS } from "./driver.js";

/** How often a running candidate's meter is read, so the last reading before its sandbox goes is recent. */
export const METER_POLL_MS = 100;

export interface RunClockOptions {
  nonce: string;
  timeoutMs: number;
  /** The wall-clock backstop of the run; five times the timeout, a minute over it at least, when absent. */
  wallTimeoutMs?: number;
  /** The sandbox's CPU counters; without one the wall clock decides. */
  meter?: CpuMeter;
  /** The candidate's `cpus` limit: the time it is charged is never less than its CPU time at that share. */
  cpus: number;
  /** Receives everything the candidate writes to stderr after the run marker. */
  onRunOutput: (chunk: Buffer) => void;
  /** A clock ran out: the run must be killed; `timedOut`, `busy` or `stalled` says which. */
  onExpired: () => void;
  /** Results are expected after the command: the most of their tar kept. */
  maxResultsBytes?: number;
}

/** What the run's CPU counters say of the candidate's own run, once it ended. */
export interface CpuSpent {
  /** CPU time its processes used. */
  cpuMs: number;
  /** Time it was ready to run and made to wait for a CPU; absent where the meter cannot read it. */
  waitedMs?: number;
}

/** A phase's clock: where it starts and what it may take. */
interface Phase {
  startedAt: number;
  start: CpuReading | undefined;
  limitMs: number;
  backstopMs: number;
}

export class RunClock {
  /** Reads the driver's stderr; push every chunk of it here. */
  readonly parser: PhaseParser;
  timedOut = false;
  stalled = false;
  /** The backstop ended a run that was mostly made to wait: the machine's doing, our failure. */
  busy = false;
  readonly #meter: CpuMeter | undefined;
  /** The CPUs it may use at once: its limit, at most the machine's. */
  readonly #share: number;
  readonly #onExpired: () => void;
  #phase: Phase;
  #run: Phase | undefined;
  /**
   * The meter's CPU time when the candidate's run began, by the driver's stamp where the meter vouches for
   * it: node reads the run marker late on a busy machine, and the CPU the candidate used meanwhile is its.
   */
  #cpuFromUs: number | undefined;
  /** The last reading of the meter: the counters may be gone with the sandbox when the run ends. */
  #last: CpuReading | undefined;
  /** The reading that ends the candidate's time: at its deadline, or once its command ended. */
  #final: CpuReading | undefined;
  /** When the final reading was taken. */
  #finalAt = 0;
  /** The first reading that found no task of the candidate left, and when: its time ended there. */
  #ended: { at: number; reading: CpuReading } | undefined;
  /** When the candidate's own clock ran out: what follows (a memory sample, the kill) is our time, not its. */
  #expiredAt: number | undefined;
  #timer: NodeJS.Timeout | undefined;
  #poll: NodeJS.Timeout | undefined;

  constructor({
    nonce,
    timeoutMs,
    wallTimeoutMs,
    meter,
    cpus,
    onRunOutput,
    onExpired,
    maxResultsBytes,
  }: RunClockOptions) {
    this.#meter = meter;
    this.#share = Math.min(cpus, availableParallelism());
    this.#onExpired = onExpired;
    const backstopMs = wallTimeoutMs ?? defaultWallTimeoutMs(timeoutMs);
    this.#phase = {
      startedAt: performance.now(),
      start: this.#read(),
      limitMs: timeoutMs + START_GRACE_MS,
      backstopMs: backstopMs + START_GRACE_MS,
    };
    this.#arm(this.#phase.limitMs);
    this.parser = new PhaseParser({
      nonce,
      onRunOutput,
      ...(maxResultsBytes === undefined ? {} : { maxResultsBytes }),
      onRun: () => {
        const start = this.#read() ?? (meter?.startsAtZero === true ? { waitedUs: 0, usedUs: 0 } : undefined);
        this.#run = { startedAt: performance.now(), start, limitMs: timeoutMs, backstopMs };
        const stamp = this.parser.cpuStamp;
        const sinceUs = stamp === undefined ? undefined : meter?.since?.(stamp);
        if (start !== undefined) this.#cpuFromUs = Math.max(0, start.usedUs - (sinceUs ?? 0));
        this.#phase = this.#run;
        this.#arm(timeoutMs);
        if (meter !== undefined) this.#poll = setInterval(() => this.#read(), METER_POLL_MS).unref();
      },
      onCommandEnd: () => this.#finish(),
    });
  }

  /**
   * The run's output ended: stops the clocks; returns the candidate's run time (0 when it never ran),
   * up to its deadline when a clock ended it. Node's wall clock starts when it reads the run marker, which
   * on a busy machine can come in one read with the run's end (a 20 ms run read 0 ms beside four CPU hogs):
   * a run that ended on its own took at least its CPU time (from the driver's stamp: Python's check-and-run
   * counts its interpreter's start, as `python3 FILE` would) at its full share, so that is the least it
   * reads. A run a clock ended reads its deadline: the limit decided it.
   */
  end(): number {
    const endedAt = this.#expiredAt ?? this.#ended?.at ?? performance.now();
    this.#finish();
    this.#stop();
    this.parser.end();
    if (this.#run === undefined) return 0;
    const cpuMs = this.#expiredAt === undefined ? (this.spent?.cpuMs ?? 0) : 0;
    return Math.round(Math.max(endedAt - this.#run.startedAt, cpuMs / this.#share));
  }

  /**
   * The candidate's CPU time from the start of its run (the driver's stamp, else the run marker) to its
   * end, and its wait from the run marker where the meter reads one; undefined without a meter's reading.
   */
  get spent(): CpuSpent | undefined {
    if (this.#run?.start === undefined || this.#final === undefined) return undefined;
    const cpuUs = Math.max(0, this.#final.usedUs - (this.#cpuFromUs ?? this.#run.start.usedUs));
    const cpuMs = Math.round(cpuUs / 1000);
    if (this.#meter?.readsWait === false) return { cpuMs };
    const spent = spentBetween(this.#run.start, this.#final);
    const waitedMs = madeToWaitMs(spent, this.#finalAt - this.#run.startedAt, this.#share);
    return { cpuMs, waitedMs: Math.round(waitedMs) };
  }

  /** Takes the reading that ends the candidate's time, once. */
  #finish(): void {
    if (this.#final !== undefined) return;
    this.#final = this.#read();
    this.#finalAt = performance.now();
  }

  /**
   * Reads the meter, keeping the reading; the last one when the counters are gone. The first reading of
   * the run that finds no task left ends the candidate's time (a poll late by the event loop charges it
   * the lateness, never gives it time).
   */
  #read(): CpuReading | undefined {
    const reading = this.#meter?.read();
    if (reading !== undefined) this.#last = reading;
    if (reading?.tasks === 0 && this.#run !== undefined && this.#ended === undefined) {
      const at = performance.now();
      this.#ended = { at, reading };
      if (this.#final === undefined) {
        this.#final = reading;
        this.#finalAt = at;
      }
    }
    return this.#last;
  }

  #arm(ms: number): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#step(), ms);
  }

  /**
   * At a deadline: the decision is the clock's that measures the run (Node's timer runs on the event
   * loop's own millisecond clock and can fire a fraction of a millisecond early by performance.now(),
   * which reported a 1 s timeout as 999 ms), on a fresh reading of the time the candidate waited.
   */
  #step(): void {
    const phase = this.#phase;
    let now = performance.now();
    let reading = this.#read();
    // Its last process ended before this deadline: the time it had is decided at its end, and only the
    // backstop is left for the engine to end the stream (past it, the engine stalled: our failure).
    const ended = phase === this.#run ? this.#ended : undefined;
    if (ended !== undefined) ({ at: now, reading } = ended);
    const wallMs = now - phase.startedAt;
    const step = nextStep({
      wallMs,
      waitedMs: madeToWaitMs(spentBetween(phase.start, reading), wallMs, this.#share),
      limitMs: phase.limitMs,
      backstopMs: phase.backstopMs,
    });
    if (ended !== undefined && step.kind === "wait") {
      const leftMs = phase.backstopMs - (performance.now() - phase.startedAt);
      if (leftMs > 0) return this.#arm(leftMs);
      this.stalled = true;
      this.#stop();
      return this.#onExpired();
    }
    if (step.kind === "wait") return this.#arm(step.forMs);
    if (phase !== this.#run) this.stalled = true;
    else if (step.kind === "backstop" && step.busy) this.busy = true;
    else this.timedOut = true;
    if (phase === this.#run) {
      this.#expiredAt = now;
      this.#final = reading;
      this.#finalAt = now;
    }
    this.#stop();
    this.#onExpired();
  }

  #stop(): void {
    clearTimeout(this.#timer);
    clearInterval(this.#poll);
  }
}
