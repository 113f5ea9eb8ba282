// What every engine's run shares, whatever reaches the container: its opening (a refusal once aborted,
// the markers' nonce, the driver's input), its container's name, the facts it ends with (our failure
// told apart from the candidate's doing), and the removals that follow it, off the critical path; and,
// for the engines that leave them to the CLI engine, the images and the cleanup by label (CliImages).
import { randomBytes } from "node:crypto";
import { constants } from "node:os";
import type { CapturedStream, MemorySample, Phase, RunFacts } from "../../core/model.js";
import { tarPieces } from "../../core/tar/pack.js";
import { LogCapture, type StreamCapture } from "../capture.js";
import type { CpuSpent, RunClock } from "../clock.js";
import { type ResultsTar, START_GRACE_MS, driverInput, newNonce } from "../driver.js";
import type { ContainerEngine, RunHooks } from "../engine.js";
import type { SandboxJob } from "../job.js";

export const CANCELLED_BEFORE_START = "the run was cancelled before this candidate started";
const CANCELLED_WHILE_RUNNING = "the run was cancelled while this candidate ran";

/** How long what runs a container (a CLI, an attach) may take to end after the kill before it is cut. */
export const KILL_GRACE_MS = 10_000;

/** A fresh name for a container of ours. */
export function containerName(): string {
  return `sandbox-gate-${randomBytes(8).toString("hex")}`;
}

/**
 * How every engine's run begins: refused once the engine is aborted, or our failure when the files
 * cannot be packed, before anything reaches the engine; otherwise the engine's own part, `runOpened`.
 */
export abstract class OpeningEngine implements ContainerEngine {
  /** Set by `abort()`: no run starts after it. */
  protected aborted = false;

  async run(job: SandboxJob, hooks: RunHooks = {}): Promise<RunFacts> {
    const opening = openRun(job, hooks, this.aborted);
    if ("phase" in opening) return opening;
    const facts = await this.runOpened(job, hooks, opening);
    // An abort removes containers under runs, whatever state they were in (being created, started, run):
    // a failure on our side after it is the cancellation, never an engine fault.
    const ours = facts.sandboxError !== undefined && facts.sandboxError !== CANCELLED_BEFORE_START;
    return this.aborted && ours ? { ...facts, sandboxError: CANCELLED_WHILE_RUNNING } : facts;
  }

  protected abstract runOpened(job: SandboxJob, hooks: RunHooks, opening: Opening): Promise<RunFacts>;
  abstract hasImage(image: string): Promise<boolean>;
  abstract pull(image: string): Promise<void>;
  abstract removeLabelled(label: string): Promise<string[]>;
  abstract close(): Promise<string[]>;
  abstract abort(): Promise<string[]>;
}

/** The CLI engine as the others use it: its images and its cleanup by label. */
export type CliImageCalls = Pick<ContainerEngine, "hasImage" | "pull" | "removeLabelled">;

/**
 * The engines that run containers without the CLI (the Engine API's, the namespace engine) leave images
 * (pulls with the CLI's registry credentials, listing) and the cleanup by label to the CLI engine.
 */
export abstract class CliImages extends OpeningEngine {
  constructor(private readonly cli: CliImageCalls) {
    super();
  }

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

/** What a run starts with: the nonce of its markers and the driver's stdin (the nonce line, then the tar). */
export interface Opening {
  nonce: string;
  input: Uint8Array[];
}

/**
 * The opening of a run, or the facts it ends with at once: refused after an abort, or our failure when
 * the files cannot be packed. Nothing has reached the engine either way.
 */
function openRun(job: SandboxJob, hooks: RunHooks, aborted: boolean): Opening | RunFacts {
  if (aborted) return failedFacts(CANCELLED_BEFORE_START);
  const nonce = hooks.nonce ?? newNonce();
  try {
    // Stamped now: newer than the base tree and than anything a setup built from it (a .pyc, a make target).
    const files = tarPieces(job.files, { mtime: Math.floor(Date.now() / 1000) });
    return { nonce, input: driverInput(nonce, files, job.deleted) };
  } catch (error) {
    return failedFacts(`the files cannot be sent into the sandbox: ${(error as Error).message}`);
  }
}

/** What a run's output told: the phase reached, our text, the candidate's streams, the clocks. */
export interface StreamOutcome {
  phase: Phase;
  /** Our text of the last phase before the run (set-up error, checker output). */
  text: string;
  /** The checker's verdict line, when it wrote one. */
  verdict?: string;
  stdout: CapturedStream;
  stderr: CapturedStream;
  timedOut: boolean;
  stalled: boolean;
  /** The backstop ended a run that was mostly made to wait for a CPU (clock.ts). */
  busy: boolean;
  /** The candidate's CPU time and wait, where the engine gave the clock a meter. */
  spent?: CpuSpent;
  /** From the run marker to the end of the stream (or the deadline); 0 when the run never began. */
  durationMs: number;
  /** Read when our timeout fired, before the kill. */
  memoryAtTimeout?: MemorySample;
  /** The results' tar the driver sent after the command, when the job asked for results. */
  results?: ResultsTar;
  /** The command's output as one log, when the job asked to keep it (`keepLog`). */
  log?: { bytes: Buffer; truncated: boolean };
}

/** The most of a run's test results brought back: JUnit files are small; a flood is cut, not kept. */
export const MAX_RESULTS_BYTES = 16 * 1024 * 1024;

/** The log the job asked to keep (`keepLog`), fed by the command's stdout and its stderr after the run marker. */
export function logCapture(job: SandboxJob): LogCapture | undefined {
  return job.keepLog === undefined ? undefined : new LogCapture(job.keepLog);
}

/** What the run's stream told once it ended: the driver's phases and text, the candidate's streams, the clocks. */
export function outcomeOf(
  clock: RunClock,
  streams: { stdout: StreamCapture; stderr: StreamCapture; log?: LogCapture | undefined },
  durationMs: number,
  memoryAtTimeout: MemorySample | undefined,
): StreamOutcome {
  const { parser } = clock;
  const { verdict, results } = parser;
  return {
    phase: parser.phase,
    text: parser.text,
    ...(verdict !== undefined && { verdict }),
    ...(results && { results }),
    ...(streams.log && { log: streams.log.result() }),
    stdout: streams.stdout.result(),
    stderr: streams.stderr.result(),
    timedOut: clock.timedOut,
    stalled: clock.stalled,
    busy: clock.busy,
    ...(clock.spent && { spent: clock.spent }),
    durationMs,
    ...(memoryAtTimeout && { memoryAtTimeout }),
  };
}

/** What the engine says of a run once it ended. */
export interface Ended {
  exitCode: number | null;
  oomKilled: boolean;
  /** The engine's runs were aborted (a cancelled job). */
  aborted: boolean;
  /** Why the container's state could not be read or vouched for after it ended, if it could not. */
  stateError?: string;
}

/**
 * The facts of a run: what its output carried, how the engine says it ended, and our failure if any.
 * `binary` names what ran the container in messages: the CLI's name, or "the container".
 */
export function runFacts(binary: string, job: SandboxJob, outcome: StreamOutcome, ended: Ended): RunFacts {
  const { exitCode, oomKilled } = ended;
  const sandboxError = sandboxErrorOf(binary, job, outcome, ended);
  return {
    phase: outcome.phase,
    exitCode,
    signal: signalOf(exitCode),
    timedOut: outcome.timedOut,
    oomKilled,
    ...(outcome.memoryAtTimeout === undefined ? {} : { memoryAtTimeout: outcome.memoryAtTimeout }),
    stdout: outcome.stdout,
    stderr: outcome.stderr,
    checkOutput: outcome.phase === "check" ? outcome.text : "",
    ...(outcome.phase === "check" && outcome.verdict !== undefined && { checkVerdict: outcome.verdict }),
    ...(outcome.results && { results: outcome.results }),
    ...(outcome.log && { log: outcome.log }),
    durationMs: outcome.durationMs,
    ...(outcome.spent && { cpuMs: outcome.spent.cpuMs }),
    ...(outcome.spent?.waitedMs !== undefined && { waitedMs: outcome.spent.waitedMs }),
    ...(sandboxError === undefined ? {} : { sandboxError }),
  };
}

/** Our side's failure, if any: the candidate is never blamed for what happened before its code ran. */
function sandboxErrorOf(
  binary: string,
  job: SandboxJob,
  { phase, text, stalled, busy, durationMs, spent }: StreamOutcome,
  { exitCode, aborted, stateError }: Ended,
): string | undefined {
  if (aborted) return CANCELLED_WHILE_RUNNING;
  if (busy) {
    const waited =
      spent?.waitedMs === undefined
        ? ""
        : `: it was made to wait ${seconds(spent.waitedMs)} of ${seconds(durationMs)} for a CPU`;
    return `the machine was too busy to judge it${waited}`;
  }
  // Stalled in the run: every process of the candidate had ended, and the engine never ended the run.
  if (stalled && phase === "run") {
    return `the engine did not end the run within the wall-clock backstop, although every process of the candidate had ended`;
  }
  if (stalled) {
    return `the container did not start within ${(job.limits.timeoutMs + START_GRACE_MS) / 1000} s (still in ${phase})`;
  }
  if (phase === "setup") {
    // With no word from inside, the engine's own failure (it may be gone) says more than an exit code.
    return `the sandbox did not start: ${engineMessage(text) || stateError || `${binary} exited with code ${exitCode}`}`;
  }
  // 126/127: the shell could not find or execute the checker, so the image lacks it.
  if (phase === "check" && (exitCode === 126 || exitCode === 127)) {
    return `the parse check ${job.check?.[0] ?? ""} cannot run in ${job.image}: ${engineMessage(text)}`;
  }
  // A failure we cannot vouch for: the engine may have killed the container (stopped, or removed it).
  if (exitCode !== 0 && stateError !== undefined) {
    return `the container's state could not be read after it ended with code ${exitCode}: ${stateError}`;
  }
  return undefined;
}

/** The first lines of an engine's complaint that say something (usage hints dropped). */
export function engineMessage(text: string): string {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !/^(See|Run) '.*--help'/.test(line))
    .slice(0, 3)
    .map((line) => (line.length > 500 ? `${line.slice(0, 500)}…` : line))
    .join("\n");
}

/** The signal behind an exit code above 128 (139 → SIGSEGV), as shells and init report it. */
export function signalOf(exitCode: number | null): string | null {
  if (exitCode === null || exitCode <= 128) return null;
  const number = exitCode - 128;
  return Object.entries(constants.signals).find(([, value]) => value === number)?.[0] ?? null;
}

/** The facts of a run that never reached the engine. */
export function failedFacts(sandboxError: string): RunFacts {
  const empty = (): CapturedStream => ({ text: "", truncated: false, bytes: 0 });
  return {
    phase: "setup",
    exitCode: null,
    signal: null,
    timedOut: false,
    oomKilled: false,
    stdout: empty(),
    stderr: empty(),
    checkOutput: "",
    durationMs: 0,
    sandboxError,
  };
}

/** `work`, kept in `inFlight` until it settles: an engine's close() waits for what is under way. */
export function tracked<T>(inFlight: Set<Promise<T>>, work: Promise<T>): Promise<T> {
  const held = work.finally(() => inFlight.delete(held));
  inFlight.add(held);
  return held;
}

/** Container removals off the critical path, each tracked until done; `settle()` waits for them all. */
/** How long a refused removal waits before its one more try. */
export const REMOVAL_RETRY_MS = 250;

export class Removals {
  readonly #pending = new Set<Promise<void>>();
  readonly #failed: string[] = [];

  /** `removeOne` resolves once the container is gone (one already gone included), rejects with the reason otherwise. */
  constructor(private readonly removeOne: (name: string) => Promise<void>) {}

  /**
   * Removes `name` (with its anonymous volumes); `gone` once it is; a refusal is reported by `settle()`.
   * A refusal is tried once more after REMOVAL_RETRY_MS: dockerd refuses a forced removal that meets the
   * container's own exit ("Could not kill running container …, cannot remove - Container … is not running")
   * and leaves it "Removal In Progress" until asked again (seen in a suite run, docker 28.2).
   */
  remove(name: string, gone: () => void = () => {}): void {
    const once = () => this.removeOne(name);
    const removal = once()
      .catch(() => new Promise((resolve) => setTimeout(resolve, REMOVAL_RETRY_MS)).then(once))
      .then(gone, (error: Error) => void this.#failed.push(`${name}: ${error.message}`));
    void tracked(this.#pending, removal);
  }

  /** Waits until no removal, nor any of `also` (work that may start more), is pending; returns the failures since the last call. */
  async settle(also: () => Promise<unknown>[] = () => []): Promise<string[]> {
    for (let more = [...this.#pending, ...also()]; more.length > 0; more = [...this.#pending, ...also()])
      await Promise.all(more);
    return this.#failed.splice(0);
  }
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
