// The time a candidate had: its wall-clock time less the time the machine made it wait for a CPU. A busy
// runner stretches a candidate's wall clock without the candidate doing anything more; a limit on the wall
// clock alone then turns honest code into `timeout`. The kernel counts the waiting per cgroup: the CPU
// pressure's "full" total is the time every runnable task of the cgroup was waiting for a CPU (none ran),
// which is exactly the time the candidate could not make progress because of others. Sleeping, waiting on
// I/O or a lock, and being throttled by its own `cpus` quota are not in it: they stay on its clock. Pure.

/** One reading of a candidate's cgroup, in microseconds since the cgroup began. */
export interface CpuReading {
  /** Time every runnable task of the candidate waited for a CPU (the CPU pressure's "full" total). */
  waitedUs: number;
  /** CPU time its tasks used. */
  usedUs: number;
}

/** Reads a candidate's cgroup; undefined when it cannot (no such cgroup, or one without the counters). */
export interface CpuMeter {
  read(): CpuReading | undefined;
  /** What the meter measures, for the docs and the report's notes: "cgroup pressure", "cpu time", … */
  readonly kind: string;
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

/** The difference of two readings in milliseconds, each counter never below zero (a reset reads as none). */
export function spentBetween(
  from: CpuReading | undefined,
  to: CpuReading | undefined,
): { waitedMs: number; usedMs: number } {
  if (from === undefined || to === undefined) return { waitedMs: 0, usedMs: 0 };
  return {
    waitedMs: Math.max(0, to.waitedUs - from.waitedUs) / 1000,
    usedMs: Math.max(0, to.usedUs - from.usedUs) / 1000,
  };
}
