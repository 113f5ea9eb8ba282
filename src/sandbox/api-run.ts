// What the Engine API engines share: the locked-down container config (the same flags as `runArgs`,
// as the API spells them; an integration test compares the two on the real engine), and the reading of
// one attached run: stdin in, stdout and stderr apart and capped, the phases, the clocks.
import type { Socket } from "node:net";
import type { MemorySample } from "../model.js";
import { StreamCapture } from "./capture.js";
import { type DockerEngine, KILL_GRACE_MS, OPEN_FILES, SANDBOX_USER, SHM_BYTES, type StreamOutcome, WORKDIR, processLimits } from "./docker.js";
import { RunClock, driverArgv } from "./driver.js";
import type { SandboxJob } from "./engine.js";
import { ApiError, type EngineApi, FrameReader, STDERR, STDOUT } from "./engine-api.js";
import { MEMORY_SAMPLE_TIMEOUT_MS, memoryFromStats } from "./memory.js";

/** The body of `POST /containers/create` for `job`: every lock-down flag of `runArgs`. */
export function containerConfig(job: SandboxJob): Record<string, unknown> {
  const { limits } = job;
  const size = limits.workdirBytes;
  const { cgroupPids, guestNproc } = processLimits(limits.pidsLimit, limits.runtime);
  return {
    Image: job.image,
    Cmd: driverArgv(job.command, job.check),
    Labels: job.labels,
    User: SANDBOX_USER,
    WorkingDir: WORKDIR,
    Env: [`HOME=${WORKDIR}`, "PYTHONDONTWRITEBYTECODE=1"],
    // `-i`: stdin open for the attach, closed for good once the attach closes it.
    AttachStdin: true,
    AttachStdout: true,
    AttachStderr: true,
    OpenStdin: true,
    StdinOnce: true,
    Tty: false,
    HostConfig: {
      Init: true,
      RestartPolicy: { Name: "no" },
      LogConfig: { Type: "none", Config: {} },
      NetworkMode: "none",
      // Equal to Memory: no swap.
      Memory: limits.memoryBytes,
      MemorySwap: limits.memoryBytes,
      NanoCpus: Math.round(limits.cpus * 1e9),
      PidsLimit: cgroupPids,
      Ulimits: [
        { Name: "nofile", Soft: OPEN_FILES, Hard: OPEN_FILES },
        { Name: "fsize", Soft: size, Hard: size },
        ...(guestNproc === undefined ? [] : [{ Name: "nproc", Soft: guestNproc, Hard: guestNproc }]),
      ],
      ReadonlyRootfs: true,
      Tmpfs: {
        [WORKDIR]: `rw,exec,nosuid,nodev,size=${size},uid=65534,gid=65534,mode=0700`,
        "/tmp": `rw,nosuid,nodev,size=${size},mode=1777`,
      },
      ShmSize: SHM_BYTES,
      CapDrop: ["ALL"],
      SecurityOpt: ["no-new-privileges"],
      ...(limits.runtime ? { Runtime: limits.runtime } : {}),
    },
  };
}

export interface AttachedRun {
  /** The hijacked attach or exec stream: stdin goes in, multiplexed stdout and stderr come out. */
  stream: Socket;
  /** The nonce line and the tar. */
  input: Buffer;
  job: SandboxJob;
  nonce: string;
  /** Kills what runs, by name; on timeout and when set-up stalls. */
  kill: () => Promise<void>;
  /** The container's memory, read on timeout before the kill (memory.ts says why). */
  memory: () => Promise<MemorySample | undefined>;
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
export function captureStream({ stream, input, job, nonce, kill, memory, exited }: AttachedRun): Promise<StreamOutcome> {
  const { limits } = job;
  const stdout = new StreamCapture(limits.maxOutputBytes);
  const stderr = new StreamCapture(limits.maxOutputBytes);
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
  const clock = new RunClock({ nonce, timeoutMs: limits.timeoutMs, onRunOutput: (chunk) => stderr.push(chunk), onExpired: stop });
  const { parser } = clock;
  const frames = new FrameReader((id, payload) => {
    if (id === STDOUT) stdout.push(payload);
    else if (id === STDERR) parser.push(payload);
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
      resolve({
        phase: parser.phase,
        text: parser.text,
        ...(parser.verdict !== undefined && { verdict: parser.verdict }),
        stdout: stdout.result(),
        stderr: stderr.result(),
        timedOut: clock.timedOut,
        stalled: clock.stalled,
        durationMs,
        ...(memoryAtTimeout && { memoryAtTimeout }),
      });
    });
    // Half-close: the engine closes the container's stdin, the output keeps coming.
    stream.end(input);
  });
}

/** The Engine API engines leave images (pulls with registry credentials, listing) and the cleanup by label to the CLI. */
export abstract class CliImages {
  constructor(private readonly cli: DockerEngine) {}

  hasImage(image: string): Promise<boolean> {
    return this.cli.hasImage(image);
  }

  pull(image: string): Promise<void> {
    return this.cli.pull(image);
  }

  removeLabelled(label: string): Promise<string[]> {
    return this.cli.removeLabelled(label);
  }
}

/** The container's memory through the Engine API (`one-shot`: no wait for a second CPU sample), or undefined. */
export async function apiMemory(api: EngineApi, name: string): Promise<MemorySample | undefined> {
  const signal = AbortSignal.timeout(MEMORY_SAMPLE_TIMEOUT_MS);
  const stats = await api.call("GET", `/containers/${name}/stats?stream=false&one-shot=true`, undefined, signal).catch(() => undefined);
  return memoryFromStats(stats);
}

/** Container removals off the critical path, each tracked until done; close() waits for them all. */
export class Removals {
  readonly #pending = new Set<Promise<void>>();
  readonly #failed: string[] = [];

  constructor(private readonly api: EngineApi) {}

  /** Removes `name` with its anonymous volumes; `gone` once it is (a container already gone counts). */
  remove(name: string, gone: () => void): void {
    const removal = this.api.call("DELETE", `/containers/${name}?force=1&v=1`).then(gone, (error: Error) => {
      if (error instanceof ApiError && error.status === 404) gone();
      else this.#failed.push(`${name}: ${error.message}`);
    });
    const tracked = removal.finally(() => this.#pending.delete(tracked));
    this.#pending.add(tracked);
  }

  /** Waits until no removal, nor any of `also` (work that may start more), is pending; returns the failures since the last call. */
  async settle(also: () => Promise<unknown>[] = () => []): Promise<string[]> {
    for (let more = [...this.#pending, ...also()]; more.length > 0; more = [...this.#pending, ...also()]) await Promise.all(more);
    return this.#failed.splice(0);
  }
}
