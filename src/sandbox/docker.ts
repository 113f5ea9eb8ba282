// The container engine through the docker CLI (or a compatible one, such as podman).
//
// Every run gets a fresh container, locked down by flags, fed its files as a tar on stdin; nothing of
// the host is mounted and nothing of the runner's environment goes in. The container is not
// `--rm`: its state is read after exit for the engine's own OOM verdict, then it is removed.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { constants, tmpdir } from "node:os";
import { basename, join } from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import type { CapturedStream, MemorySample, Phase, RunFacts } from "../model.js";
import { StreamCapture } from "./capture.js";
import { RunClock, START_GRACE_MS, driverArgv, driverInput, newNonce } from "./driver.js";
import type { ContainerEngine, SandboxJob } from "./engine.js";
import { OOM_LOOK_TIMEOUT_MS, eventWindow, oomVerdict } from "./late-oom.js";
import { MEMORY_SAMPLE_TIMEOUT_MS, memoryFromCli } from "./memory.js";
import { tarball } from "./tar.js";

// Exported for the engines that reach the Engine API directly (pool.ts, reuse.ts): one set of values.
/** nobody:nogroup, which owns the work dir. */
export const SANDBOX_USER = "65534:65534";
export const WORKDIR = "/work";
/** Enough for POSIX semaphores (Python's multiprocessing); shared memory counts against the memory limit anyway. */
export const SHM_BYTES = 4 * 1024 * 1024;
export const OPEN_FILES = 256;
const PODMAN_NPROC = 4096;
/** How long the CLI may take to end after `docker kill` before it is killed itself. */
export const KILL_GRACE_MS = 10_000;
/** Output kept from the CLI's own short commands (inspect, ps, pull). */
const CLI_OUTPUT_BYTES = 1024 * 1024;
/** The longest a short CLI command (inspect, kill, rm, ps) may take; a pull gets PULL_TIMEOUT_MS. */
const CLI_CALL_TIMEOUT_MS = 60_000;
const PULL_TIMEOUT_MS = 15 * 60_000;
/** How often an abort asks again for containers whose CLI has not ended yet. */
const ABORT_POLL_MS = 100;

export interface DockerEngineOptions {
  /** The CLI to run: `docker` by default, or a compatible one such as `podman`. */
  binary?: string;
}

/**
 * Host tasks gVisor needs per guest process, on top of a base for the sentry and the gofer: measured
 * with runsc's ptrace platform, a fork bomb held at 64 guest processes used up to 902 host tasks (14 per
 * process), at 128 up to 2007 (16 per process).
 */
const GVISOR_TASKS_PER_PROCESS = 24;
const GVISOR_TASKS_BASE = 256;

/** gVisor (`runsc`, or a runtime entry named after gVisor): its own kernel counts the candidate's processes. */
export function isGvisor(runtime: string | undefined): boolean {
  return runtime !== undefined && /runsc|gvisor/i.test(runtime);
}

/**
 * The process limit as the kernel that runs the candidate enforces it. Under runc that is the host's
 * pids cgroup. Under gVisor the same cgroup also holds gVisor's own kernel, whose threads and per-process
 * stubs outnumber the candidate's processes many times over: a fork bomb would exhaust the cgroup before
 * the candidate met its limit and end the sandbox with the sentry's crash (Go's exit code 2), or not,
 * depending on the machine's speed. So under gVisor `pids-limit` is the guest's RLIMIT_NPROC, which
 * gVisor's kernel enforces (fork fails with EAGAIN, as under runc), and the cgroup gets gVisor's headroom,
 * still bounded, so the host stays protected from gVisor itself.
 */
export function processLimits(pidsLimit: number, runtime: string | undefined): { cgroupPids: number; guestNproc?: number } {
  if (!isGvisor(runtime)) return { cgroupPids: pidsLimit };
  return { cgroupPids: GVISOR_TASKS_BASE + pidsLimit * GVISOR_TASKS_PER_PROCESS, guestNproc: pidsLimit };
}

/** Where the CLIs' `run` flags differ. */
export type Dialect = "docker" | "podman";

export interface RunHooks {
  /** Called with the container's name before the container is created. */
  onContainer?: (name: string) => void;
  /** The markers' nonce; a fresh random one when absent (tests set one to look for it). */
  nonce?: string;
}

export class DockerEngine implements ContainerEngine {
  readonly binary: string;
  readonly #dialect: Dialect;
  readonly #removals = new Set<Promise<void>>();
  readonly #failedRemovals: string[] = [];
  /** The `run` CLI of every run in flight, by container name. */
  readonly #active = new Map<string, ChildProcess>();
  /** podman runs' working directories (see run()): an abort removes them, since the process exits next. */
  readonly #monitorDirs = new Set<string>();
  #aborted = false;

  constructor(options: DockerEngineOptions = {}) {
    this.binary = options.binary ?? "docker";
    this.#dialect = basename(this.binary) === "podman" ? "podman" : "docker";
  }

  async run(job: SandboxJob, hooks: RunHooks = {}): Promise<RunFacts> {
    if (this.#aborted) return failedFacts("the run was cancelled before this candidate started");
    const name = `sandbox-gate-${randomBytes(8).toString("hex")}`;
    hooks.onContainer?.(name);
    const nonce = hooks.nonce ?? newNonce();
    const input = jobInput(job, nonce);
    if (!Buffer.isBuffer(input)) return input;
    // conmon, podman's container monitor, writes its OOM verdict as a file named `oom` in the working
    // directory it inherits from the CLI, and podman 4 never reads it (containers/conmon#504,
    // containers/podman#13102): each podman run gets a directory of its own, read after the exit.
    let monitorDir: string | undefined;
    try {
      if (this.#dialect === "podman") this.#monitorDirs.add((monitorDir = await mkdtemp(join(tmpdir(), "sandbox-gate-podman-"))));
      return await this.#run(name, job, input, nonce, monitorDir);
    } catch (error) {
      this.#remove(name);
      return failedFacts(`the sandbox failed: ${(error as Error).message}`);
    } finally {
      if (monitorDir !== undefined) await this.#removeMonitorDir(monitorDir);
    }
  }

  async #run(name: string, job: SandboxJob, input: Buffer, nonce: string, monitorDir?: string): Promise<RunFacts> {
    const { limits } = job;
    const stdout = new StreamCapture(limits.maxOutputBytes);
    const stderr = new StreamCapture(limits.maxOutputBytes);

    const child = spawn(this.binary, runArgs(name, job, this.#dialect), { stdio: ["pipe", "pipe", "pipe"], ...(monitorDir === undefined ? {} : { cwd: monitorDir }) });
    this.#active.set(name, child);
    const ended = new Promise<{ code: number | null; error?: Error }>((resolve) => {
      child.on("error", (error) => resolve({ code: null, error }));
      child.on("close", (code) => resolve({ code }));
    }).finally(() => this.#active.delete(name));
    let memoryAtTimeout: MemorySample | undefined;
    const clock = new RunClock({
      nonce,
      timeoutMs: limits.timeoutMs,
      onRunOutput: (chunk) => stderr.push(chunk),
      onExpired: () =>
        void (async () => {
          // Read before the kill: once the container is gone, so is its memory count.
          if (clock.timedOut) memoryAtTimeout = await this.#memory(name);
          await this.#kill(name, child);
        })(),
    });
    const { parser } = clock;
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => parser.push(chunk));
    // The container may end before it has read its input; that shows in its exit, not here.
    child.stdin.on("error", () => {});
    child.stdin.end(input);

    const exit = await ended;
    const durationMs = clock.end();
    const { timedOut, stalled } = clock;
    // No CLI ran, so there is no container to remove.
    if (exit.error) return failedFacts(`cannot run ${this.binary}: ${exit.error.message}`);
    const state = await this.#state(name);
    const monitorOom = monitorDir !== undefined && existsSync(join(monitorDir, "oom"));
    const ending = { exitCode: exit.code, killedByUs: timedOut || stalled || this.#aborted, oomKilled: state.oomKilled === true || monitorOom };
    const oomKilled = await oomVerdict(ending, () => cliOomEventSeen(this.binary, name));
    this.#remove(name);
    const outcome: StreamOutcome = { phase: parser.phase, text: parser.text, ...(parser.verdict !== undefined && { verdict: parser.verdict }), stdout: stdout.result(), stderr: stderr.result(), timedOut, stalled, durationMs, ...(memoryAtTimeout && { memoryAtTimeout }) };
    return runFacts(this.binary, job, outcome, {
      exitCode: exit.code,
      oomKilled,
      aborted: this.#aborted,
      ...(state.error === undefined ? {} : { stateError: state.error }),
    });
  }

  /**
   * Kills by name: killing the CLI would leave the container running. The container may not exist yet,
   * or the engine may hang (gVisor's `runsc start` can wedge a container so that even `kill` never
   * returns): then the CLI itself has to go, KILL_GRACE_MS after the kill was asked for.
   */
  async #kill(name: string, child: ChildProcess): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const grace = setTimeout(() => child.kill("SIGKILL"), KILL_GRACE_MS);
    child.once("close", () => clearTimeout(grace));
    await cli(this.binary, ["kill", name], KILL_GRACE_MS);
  }

  /** The container's memory as the CLI reports it, or undefined when it cannot say in time. */
  async #memory(name: string): Promise<MemorySample | undefined> {
    const result = await cli(this.binary, ["stats", "--no-stream", "--format", "{{.MemUsage}}", name], MEMORY_SAMPLE_TIMEOUT_MS);
    return result.code === 0 ? memoryFromCli(result.stdout.trim()) : undefined;
  }

  /**
   * The engine's own verdict; exit code 137 alone cannot tell an OOM kill from any other SIGKILL.
   * `error` when the state cannot be read: the engine stopped, or the container was removed under us.
   */
  async #state(name: string): Promise<{ oomKilled?: boolean; error?: string }> {
    const result = await cli(this.binary, ["inspect", "--format", "{{json .State}}", name]);
    if (result.code !== 0) return { error: describeFailure(result) };
    try {
      return { oomKilled: (JSON.parse(result.stdout) as { OOMKilled?: unknown }).OOMKilled === true };
    } catch {
      return { error: `unreadable state: ${result.stdout.slice(0, 200)}` };
    }
  }

  /** Removes the container off the critical path; `close()` waits for it. */
  #remove(name: string): void {
    // -v: an image's VOLUME gets an anonymous volume, which would outlive the container.
    const removal = cli(this.binary, ["rm", "-f", "-v", name]).then((result) => {
      this.#removals.delete(removal);
      if (result.code !== 0 && !/no such container/i.test(result.stderr)) {
        this.#failedRemovals.push(`${name}: ${describeFailure(result)}`);
      }
    });
    this.#removals.add(removal);
  }

  /**
   * Waits until the containers of finished runs are removed; call it before the process exits.
   * Returns the removals that failed since the last call (`name: reason`), for the caller to report.
   */
  async close(): Promise<string[]> {
    while (this.#removals.size > 0) await Promise.all([...this.#removals]);
    return this.#failedRemovals.splice(0);
  }

  /**
   * Ends every run in flight and refuses new ones, for a cancelled job; returns the containers removed.
   * A container asked for before its CLI created it appears a moment later, so this asks again until
   * every CLI has ended (a CLI still there after KILL_GRACE_MS is killed).
   */
  async abort(): Promise<string[]> {
    this.#aborted = true;
    const removed = new Set<string>();
    const deadline = performance.now() + KILL_GRACE_MS;
    while (this.#active.size > 0 && performance.now() < deadline) {
      const result = await cli(this.binary, ["rm", "-f", "-v", ...this.#active.keys()]);
      for (const name of result.stdout.split("\n").map((line) => line.trim()).filter(Boolean)) removed.add(name);
      await sleep(ABORT_POLL_MS);
    }
    for (const child of this.#active.values()) child.kill("SIGKILL");
    await Promise.all([...this.#monitorDirs].map((dir) => this.#removeMonitorDir(dir)));
    await this.close();
    return [...removed];
  }

  async #removeMonitorDir(dir: string): Promise<void> {
    this.#monitorDirs.delete(dir);
    await rm(dir, { recursive: true, force: true });
  }

  async hasImage(image: string): Promise<boolean> {
    const result = await cli(this.binary, ["image", "inspect", "--format", "{{.Id}}", "--", image]);
    if (result.code === 0) return true;
    if (/no such (image|object)|image not known/i.test(result.stderr)) return false;
    throw new Error(`cannot inspect image ${image}: ${describeFailure(result)}`);
  }

  async pull(image: string): Promise<void> {
    const result = await cli(this.binary, ["pull", "--quiet", "--", image], PULL_TIMEOUT_MS);
    if (result.code !== 0) throw new Error(`pull of ${image} failed: ${describeFailure(result)}`);
  }

  async removeLabelled(label: string): Promise<string[]> {
    const listed = await cli(this.binary, ["ps", "-a", "--filter", `label=${label}`, "--format", "{{.Names}}"]);
    if (listed.code !== 0) throw new Error(`cannot list containers labelled ${label}: ${describeFailure(listed)}`);
    const names = listed.stdout.split("\n").map((line) => line.trim()).filter(Boolean);
    if (names.length === 0) return [];
    const removed = await cli(this.binary, ["rm", "-f", "-v", ...names]);
    if (removed.code !== 0) throw new Error(`cannot remove ${names.join(", ")}: ${describeFailure(removed)}`);
    return names;
  }
}

/**
 * On SIGTERM or SIGINT (a cancelled job, Ctrl-C): end the engine's runs, remove every container
 * labelled `label` (`key=value`), then exit with 128 + the signal's number. A second signal exits at once.
 */
export function exitOnSignals(engine: Pick<DockerEngine, "abort" | "removeLabelled">, label: string, log: (line: string) => void): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    const code = 128 + constants.signals[signal];
    if (stopping) process.exit(code);
    stopping = true;
    log(`sandbox-gate: ${signal}: removing this run's containers`);
    void (async () => {
      const removed = new Set(await engine.abort());
      // A CLI killed by the abort may have left a container created too late to be asked for.
      try {
        for (const name of await engine.removeLabelled(label)) removed.add(name);
      } catch (error) {
        log(`sandbox-gate: ${(error as Error).message}`);
      }
      log(`sandbox-gate: removed ${removed.size} container(s)`);
      process.exit(code);
    })();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

/** The `run` argv: every lock-down flag, then the image and the driver. */
export function runArgs(name: string, job: SandboxJob, dialect: Dialect = "docker"): string[] {
  const { limits } = job;
  const size = String(limits.workdirBytes);
  const memory = String(limits.memoryBytes);
  const { cgroupPids, guestNproc } = processLimits(limits.pidsLimit, limits.runtime);
  // podman otherwise raises nproc to its own default, which fails where root lacks CAP_SYS_RESOURCE;
  // nproc counts per user across containers, so it stays well above any run's pids limit.
  const nproc = guestNproc ?? (dialect === "podman" ? PODMAN_NPROC : undefined);
  return [
    "run",
    "--name", name,
    ...Object.entries(job.labels).flatMap(([key, value]) => ["--label", `${key}=${value}`]),
    "-i",
    "--init",
    "--pull", "never",
    // Output is read through the attach; the daemon need not store it.
    "--log-driver", "none",
    "--network", "none",
    // Equal to --memory: no swap.
    "--memory", memory,
    "--memory-swap", memory,
    "--cpus", String(limits.cpus),
    "--pids-limit", String(cgroupPids),
    "--ulimit", `nofile=${OPEN_FILES}:${OPEN_FILES}`,
    "--ulimit", `fsize=${size}`,
    ...(nproc === undefined ? [] : ["--ulimit", `nproc=${nproc}:${nproc}`]),
    "--read-only",
    // podman's --read-only also mounts writable tmpfs on /run, /tmp and /var/tmp unless told not to.
    ...(dialect === "podman" ? ["--read-only-tmpfs=false"] : []),
    // podman refuses tmpfs's own uid=/gid= options; its U chowns the mount to --user instead.
    "--tmpfs", `${WORKDIR}:rw,exec,nosuid,nodev,size=${size},${dialect === "podman" ? "U" : "uid=65534,gid=65534"},mode=0700`,
    "--tmpfs", `/tmp:rw,nosuid,nodev,size=${size},mode=1777`,
    "--shm-size", String(SHM_BYTES),
    "--cap-drop", "ALL",
    "--security-opt", "no-new-privileges",
    "--user", SANDBOX_USER,
    "--workdir", WORKDIR,
    "--env", `HOME=${WORKDIR}`,
    "--env", "PYTHONDONTWRITEBYTECODE=1",
    ...(limits.runtime ? ["--runtime", limits.runtime] : []),
    // Ends the options, so an image name can never be read as one.
    "--",
    job.image,
    ...driverArgv(job.command, job.check),
  ];
}

/** The signal behind an exit code above 128 (139 → SIGSEGV), as shells and init report it. */
export function signalOf(exitCode: number | null): string | null {
  if (exitCode === null || exitCode <= 128) return null;
  const number = exitCode - 128;
  return Object.entries(constants.signals).find(([, value]) => value === number)?.[0] ?? null;
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
  /** From the run marker to the end of the stream (or the deadline); 0 when the run never began. */
  durationMs: number;
  /** Read when our timeout fired, before the kill. */
  memoryAtTimeout?: MemorySample;
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
    durationMs: outcome.durationMs,
    ...(sandboxError === undefined ? {} : { sandboxError }),
  };
}

/** Our side's failure, if any: the candidate is never blamed for what happened before its code ran. */
function sandboxErrorOf(binary: string, job: SandboxJob, { phase, text, stalled }: StreamOutcome, { exitCode, aborted, stateError }: Ended): string | undefined {
  if (aborted) return "the run was cancelled while this candidate ran";
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
function engineMessage(text: string): string {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !/^(See|Run) '.*--help'/.test(line))
    .slice(0, 3)
    .map((line) => (line.length > 500 ? `${line.slice(0, 500)}…` : line))
    .join("\n");
}

/** Whether the engine's event log holds an `oom` event of the container (late-oom.ts says why). */
export async function cliOomEventSeen(binary: string, name: string): Promise<boolean> {
  const { since, until } = eventWindow();
  const args = ["events", "--since", since, "--until", until, "--filter", `container=${name}`, "--filter", "event=oom"];
  const result = await cli(binary, args, OOM_LOOK_TIMEOUT_MS);
  return result.code === 0 && result.stdout.trim() !== "";
}

/** The driver's stdin for `job` (nonce line, then the tar), or our failure when the files cannot be packed. */
export function jobInput(job: SandboxJob, nonce: string): Buffer | RunFacts {
  try {
    return driverInput(nonce, tarball(job.files));
  } catch (error) {
    return failedFacts(`the files cannot be sent into the sandbox: ${(error as Error).message}`);
  }
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

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  error?: Error;
}

/**
 * One short CLI command, argv only, killed after `timeoutMs`; never rejects. An engine that hangs on one
 * container (seen with gVisor: `inspect` and `rm -f` of a wedged container never return) must not hang
 * the run: a command past its time is a failure like any other.
 */
function cli(binary: string, args: string[], timeoutMs = CLI_CALL_TIMEOUT_MS): Promise<CliResult> {
  return new Promise((resolve) => {
    const stdout = new StreamCapture(CLI_OUTPUT_BYTES);
    const stderr = new StreamCapture(CLI_OUTPUT_BYTES);
    const child = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"], timeout: timeoutMs, killSignal: "SIGKILL" });
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    const result = (code: number | null, error?: Error): CliResult => ({
      code,
      stdout: stdout.result().text,
      stderr: stderr.result().text,
      ...(error ? { error } : {}),
    });
    child.on("error", (error) => resolve(result(null, error)));
    child.on("close", (code, signal) => {
      const late = code === null && signal === "SIGKILL" ? new Error(`${binary} ${args[0]} did not answer within ${timeoutMs / 1000} s`) : undefined;
      resolve(result(code, late));
    });
  });
}

function describeFailure(result: CliResult): string {
  return engineMessage(result.stderr) || result.error?.message || `exit code ${result.code}`;
}
