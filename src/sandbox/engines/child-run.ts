// The reading of one run through a child process whose stdio is the sandbox's (`docker run -i`, `podman
// run -i`, bwrap): the driver's input in, stdout and stderr apart and capped, the phases, the clocks,
// and the kill when a clock runs out.
import type { ChildProcess } from "node:child_process";
import type { MemorySample } from "../../core/model.js";
import { StreamCapture } from "../capture.js";
import type { CpuMeter } from "../charged-time.js";
import { RunClock } from "../clock.js";
import type { SandboxJob } from "../job.js";
import { writeInput } from "../driver.js";
import { MAX_RESULTS_BYTES, type Opening, type StreamOutcome, logCapture, outcomeOf } from "./base.js";

export interface ChildRun {
  /** The child's exit code (a shell's 128 + n for a signal), or null with `error` when it could not be run. */
  exit: { code: number | null; error?: Error };
  outcome: StreamOutcome;
}

export interface ChildControl {
  /** Ends what runs: on timeout, and when set-up stalls. */
  kill: () => Promise<void>;
  /** The sandbox's memory, read on timeout before the kill (memory.ts says why). */
  memory: () => Promise<MemorySample | undefined>;
  /** The sandbox's CPU counters, where the engine can read them: the clock counts the time it had. */
  meter?: CpuMeter;
}

type Piped = ChildProcess & { stdin: NonNullable<ChildProcess["stdin"]> };

/** A child whose output waits, unread, for its run: a sandbox started ahead of its candidate. */
export interface Held {
  child: Piped;
  /** Its exit, once its streams are read to their end. */
  exited: Promise<ChildRun["exit"]>;
}

/** Holds a just-spawned child's output and exit until `readChild` takes them. */
export function hold(child: Piped): Held {
  child.stdout?.pause();
  child.stderr?.pause();
  const exited = new Promise<ChildRun["exit"]>((resolve) => {
    child.on("error", (error) => resolve({ code: null, error }));
    child.on("close", (code) => resolve({ code }));
  });
  return { child, exited };
}

/** Lets a held child's output flow away unread, so it can end: a sandbox no candidate will take. */
export function release({ child }: Held): void {
  child.stdin.on("error", () => {});
  child.stdin.end();
  child.stdout?.resume();
  child.stderr?.resume();
}

/** Feeds the input to `child`, reads its streams to its end, kills it by `control` when a clock runs out. */
export async function readChild(
  started: Piped | Held,
  job: SandboxJob,
  { nonce, input }: Opening,
  control: ChildControl,
): Promise<ChildRun> {
  const { child, exited } = "exited" in started ? started : hold(started);
  const { limits } = job;
  const stdout = new StreamCapture(limits.maxOutputBytes);
  const stderr = new StreamCapture(limits.maxOutputBytes);
  // Only the command's output: stdout carries nothing of ours, stderr only after the run marker.
  const log = logCapture(job);
  let memoryAtTimeout: MemorySample | undefined;
  const clock = new RunClock({
    nonce,
    timeoutMs: limits.timeoutMs,
    ...(limits.wallTimeoutMs !== undefined && { wallTimeoutMs: limits.wallTimeoutMs }),
    ...(control.meter && { meter: control.meter }),
    cpus: limits.cpus,
    onRunOutput: (chunk) => {
      stderr.push(chunk);
      log?.push("stderr", chunk);
    },
    ...(job.results && { maxResultsBytes: MAX_RESULTS_BYTES }),
    onExpired: () =>
      void (async () => {
        // Read before the kill: once the sandbox is gone, so is its memory count.
        if (clock.timedOut) memoryAtTimeout = await control.memory();
        await control.kill();
      })(),
  });
  const { parser } = clock;
  child.stdout
    ?.on("data", (chunk: Buffer) => {
      stdout.push(chunk);
      log?.push("stdout", chunk);
    })
    .resume();
  child.stderr?.on("data", (chunk: Buffer) => parser.push(chunk)).resume();
  // The sandbox may end before it has read its input; that shows in its exit, not here.
  child.stdin.on("error", () => {});
  writeInput(child.stdin, input);
  const exit = await exited;
  const durationMs = clock.end();
  return { exit, outcome: outcomeOf(clock, { stdout, stderr, log }, durationMs, memoryAtTimeout) };
}
