// The reading of one run attached through the Engine API, a container's or an exec's: stdin in, stdout
// and stderr apart and capped, the phases, the clocks, and the kill when a clock runs out.
import type { Socket } from "node:net";
import type { MemorySample } from "../../../core/model.js";
import { StreamCapture } from "../../capture.js";
import type { CpuMeter } from "../../charged-time.js";
import { RunClock } from "../../clock.js";
import type { SandboxJob } from "../../job.js";
import { writeInput } from "../../driver.js";
import { KILL_GRACE_MS, MAX_RESULTS_BYTES, type StreamOutcome, logCapture, outcomeOf } from "../base.js";
import { FrameReader, STDERR, STDOUT } from "./engine-api.js";

export interface AttachedRun {
  /** The hijacked attach or exec stream: stdin goes in, multiplexed stdout and stderr come out. */
  stream: Socket;
  /** The nonce line and the tar. */
  input: Uint8Array[];
  job: SandboxJob;
  nonce: string;
  /** Kills what runs, by name; on timeout and when set-up stalls. */
  kill: () => Promise<void>;
  /** The container's memory, read on timeout before the kill (memory.ts says why). */
  memory: () => Promise<MemorySample | undefined>;
  /** The container's CPU counters, where the engine can read them: the clock counts the time it had. */
  meter?: CpuMeter;
  /**
   * Resolves when the process has ended, for a stream that is not bound to it (an exec): the run ends
   * with the process, not with its stdio, which a child it left behind may hold open, or which it may
   * have closed early. Absent for a container, whose init holds its stdio until the container ends.
   */
  exited?: Promise<unknown>;
}

/** How long output may still arrive after an exec's process ended before its stream is cut. */
const EXIT_GRACE_MS = 200;

/**
 * Feeds the input, reads the stream to its end. The candidate's clock starts at the driver's run
 * marker; before it, only the start-up backstop runs. A stream that does not end after a kill is cut.
 */
export function captureStream({
  stream,
  input,
  job,
  nonce,
  kill,
  memory,
  meter,
  exited,
}: AttachedRun): Promise<StreamOutcome> {
  const { limits } = job;
  const stdout = new StreamCapture(limits.maxOutputBytes);
  const stderr = new StreamCapture(limits.maxOutputBytes);
  // Only the command's output: stdout carries nothing of ours, stderr only after the run marker.
  const log = logCapture(job);
  let cut: NodeJS.Timeout | undefined;
  let forceEnd = (): void => {};
  // After a kill, the run ends within the grace whatever the stream and the exit say.
  const forced = new Promise<void>((resolve) => (forceEnd = resolve));
  let memoryAtTimeout: MemorySample | undefined;
  const stop = (): void => {
    void (async () => {
      // Read before the kill: once the container is gone, so is its memory count.
      if (clock.timedOut) memoryAtTimeout = await memory();
      await kill();
    })();
    cut ??= setTimeout(() => {
      stream.destroy();
      forceEnd();
    }, KILL_GRACE_MS);
  };
  const clock = new RunClock({
    nonce,
    timeoutMs: limits.timeoutMs,
    ...(limits.wallTimeoutMs !== undefined && { wallTimeoutMs: limits.wallTimeoutMs }),
    ...(meter && { meter }),
    cpus: limits.cpus,
    onRunOutput: (chunk) => {
      stderr.push(chunk);
      log?.push("stderr", chunk);
    },
    ...(job.results && { maxResultsBytes: MAX_RESULTS_BYTES }),
    onExpired: stop,
  });
  const { parser } = clock;
  const frames = new FrameReader((id, payload) => {
    if (id === STDOUT) {
      stdout.push(payload);
      log?.push("stdout", payload);
    } else if (id === STDERR) parser.push(payload);
  });
  // A warm container's attach may have closed while it waited (the engine died): its close is past.
  const closed = stream.closed ? Promise.resolve() : new Promise<void>((resolve) => stream.once("close", resolve));
  void exited?.then(() => {
    const grace = setTimeout(() => stream.destroy(), EXIT_GRACE_MS);
    void closed.then(() => clearTimeout(grace));
  });
  return new Promise((resolve) => {
    stream.on("data", (chunk: Buffer) => frames.push(chunk));
    // A write after the container closed its stdin fails; that shows in its exit, not here.
    stream.on("error", () => {});
    void Promise.all([closed, exited && Promise.race([exited, forced])]).then(() => {
      const durationMs = clock.end();
      clearTimeout(cut);
      resolve(outcomeOf(clock, { stdout, stderr, log }, durationMs, memoryAtTimeout));
    });
    // Half-close: the engine closes the container's stdin, the output keeps coming.
    writeInput(stream, input);
  });
}
