// The time a candidate had: its wall-clock time less the time the machine made it wait for a CPU. A busy
// runner stretches a candidate's wall clock without the candidate doing anything more; a limit on the wall
// clock alone then turns honest code into `timeout`. The kernel counts the waiting two ways, neither whole:
// - the cgroup's CPU pressure, "full": the time every runnable task of it waited (none ran). Others cause
//   it, never the candidate (its own quota's throttling is taken off), but the kernel averages it over the
//   CPUs weighted by the time the cgroup was busy on each, so a task that moves between CPUs reads low:
//   a third low for a one-second spin beside four hogs, measured on 2 cores, when read once at its end.
// - its tasks' run-queue delay (schedstat): exact for one task, but it also counts a task's wait behind
//   the candidate's own others, which the candidate could run up at will with threads.
// The time it was made to wait is the pressure, or the run-queue delay where that is more, but never more
// than its wall clock less its CPU time spread over the CPUs it may use: a candidate is always charged at
// least the time its CPU use took at its full share. Sleeping, waiting on I/O or a lock, and being throttled
// by its own `cpus` quota stay on its clock. Pure.

/** One reading of a candidate's cgroup, in microseconds since the cgroup began. */
export interface CpuReading {
  /** Time every runnable task of the candidate waited for a CPU (the CPU pressure's "full" total). */
  waitedUs: number;
  /** CPU time its tasks used. */
  usedUs: number;
  /** Its tasks' run-queue delays, summed over the tasks seen since the meter began; absent if unknown. */
  queuedUs?: number;
  /**
   * The tasks its cgroup holds now: 0 once every process of the candidate ended (its cgroup may be gone
   * with it); absent where the meter cannot tell. A process cannot leave its cgroup, so 0 is final.
   */
  tasks?: number;
}

/** Reads a candidate's cgroup; undefined when it cannot (no such cgroup, or one without the counters). */
export interface CpuMeter {
  read(): CpuReading | undefined;
  /** What the meter measures, for the docs and the report's notes: "cgroup pressure", "cpu time", … */
  readonly kind: string;
  /**
   * Its counters began with the sandbox, so a run whose first reading is not in yet (a remote engine's
   * answer lags) may start from zero: that charges the candidate's CPU time with the parse check's, never less.
   */
  readonly startsAtZero?: boolean;
  /**
   * The CPU time, in microseconds, the sandbox used from the reading its driver took inside it (`stamp`,
   * driver.ts's cpu marker) until now, by the same counter; undefined where the meter cannot vouch for the
   * stamp (another counter's, past the counter's value now, or a meter that reads none inside).
   */
  since?(stamp: string): number | undefined;
  /**
   * False where the meter cannot read the time the sandbox waited for a CPU (a remote engine's stats: the
   * wait is on another machine); its `waitedUs` is then 0, and the clock is the wall clock.
   */
  readonly readsWait?: false;
}

/** What a clock does next: wait so long again, or end the run. */
export type ClockStep =
  | { kind: "wait"; forMs: number }
  /** The candidate used up the time it had. */
  | { kind: "timeout" }
  /**
   * The wall-clock backstop: `busy` when the candidate spent most of it made to wait, which is the
   * machine's doing and our failure, not the candidate's `timeout`.
   */
  | { kind: "backstop"; busy: boolean };

/** The least the clock waits between two readings, so a near deadline is not polled in a tight loop. */
export const MIN_STEP_MS = 1;

/** The time a candidate had: wall-clock time less the time it was made to wait, never below zero. */
export function chargedMs(wallMs: number, waitedMs: number): number {
  return Math.max(0, wallMs - Math.max(0, waitedMs));
}

/**
 * The clock's next step at one reading: the backstop first (it bounds every run), then the candidate's own
 * limit on the time it had; otherwise wait until that limit could be reached at the earliest (if it is
 * never made to wait again) or the backstop, whichever is sooner.
 */
export function nextStep(at: { wallMs: number; waitedMs: number; limitMs: number; backstopMs: number }): ClockStep {
  const { wallMs, waitedMs, limitMs, backstopMs } = at;
  if (wallMs >= backstopMs) return { kind: "backstop", busy: waitedMs * 2 > wallMs };
  const had = chargedMs(wallMs, waitedMs);
  if (had >= limitMs) return { kind: "timeout" };
  return { kind: "wait", forMs: Math.max(MIN_STEP_MS, Math.min(limitMs - had, backstopMs - wallMs)) };
}

/** The wall-clock backstop when `wall-timeout` is not set: five times the limit, and a minute over it at least. */
export function defaultWallTimeoutMs(timeoutMs: number): number {
  return Math.max(5 * timeoutMs, timeoutMs + 60_000);
}

/** What two readings say was spent between them, in milliseconds. */
export interface Spent {
  /** The pressure's wait: every runnable task waited. */
  waitedMs: number;
  usedMs: number;
  /** The tasks' run-queue delays, summed; 0 where the meter cannot tell. */
  queuedMs: number;
}

/** The difference of two readings in milliseconds, each counter never below zero (a reset reads as none). */
export function spentBetween(from: CpuReading | undefined, to: CpuReading | undefined): Spent {
  if (from === undefined || to === undefined) return { waitedMs: 0, usedMs: 0, queuedMs: 0 };
  const queued = to.queuedUs === undefined || from.queuedUs === undefined ? 0 : to.queuedUs - from.queuedUs;
  return {
    waitedMs: Math.max(0, to.waitedUs - from.waitedUs) / 1000,
    usedMs: Math.max(0, to.usedUs - from.usedUs) / 1000,
    queuedMs: Math.max(0, queued) / 1000,
  };
}

/**
 * The time a candidate was made to wait for a CPU over `wallMs`, from what was spent in it and the CPUs it
 * may use (its `cpus` limit): the pressure's wait, or its tasks' run-queue delay where that is more, capped
 * at the wall clock less its CPU time at its full share, so waiting behind its own threads never counts.
 */
export function madeToWaitMs(spent: Spent, wallMs: number, cpus: number): number {
  const share = cpus > 0 ? cpus : 1;
  const queued = Math.min(spent.queuedMs, wallMs - spent.usedMs / share);
  return Math.max(0, spent.waitedMs, queued);
}
