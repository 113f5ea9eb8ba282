// The engine through the docker CLI, or podman's in its own dialect: `docker run` per candidate.
//
// Every run gets a fresh container, locked down by the policy's flags, fed its files as a tar on stdin;
// nothing of the host is mounted and nothing of the runner's environment goes in. The container is not
// `--rm`: its state is read after exit for the engine's own OOM verdict, then it is removed.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import type { MemorySample, RunFacts } from "../../../core/model.js";
import { cli, describeFailure } from "../../cli-command.js";
import type { RunHooks } from "../../engine.js";
import type { SandboxJob } from "../../job.js";
import { OOM_LOOK_TIMEOUT_MS, eventWindow, oomVerdict } from "../../late-oom.js";
import { MEMORY_SAMPLE_TIMEOUT_MS, memoryFromCli } from "../../memory-sample.js";
import { type Dialect, cliRunArgs, lockDown } from "../../policy.js";
import { KILL_GRACE_MS, OpeningEngine, type Opening, Removals, containerName, failedFacts, runFacts } from "../base.js";
import { readChild } from "../child-run.js";
import { containerMeter, engineIsLocal } from "../../cgroup-meter.js";

/** A pull may take long (a large image, a slow registry), but not for ever. */
const PULL_TIMEOUT_MS = 15 * 60_000;
/** How often an abort asks again for containers whose CLI has not ended yet. */
const ABORT_POLL_MS = 100;

export interface CliEngineOptions {
  /** The CLI to run: `docker` by default, or a compatible one such as `podman`. */
  binary?: string;
}

export class CliEngine extends OpeningEngine {
  readonly binary: string;
  readonly #dialect: Dialect;
  readonly #removals = new Removals((name) => this.#removeOne(name));
  /** The `run` CLI of every run in flight, by container name. */
  readonly #active = new Map<string, ChildProcess>();
  /** podman runs' working directories (see run()): an abort removes them, since the process exits next. */
  readonly #runDirs = new Set<string>();
  /** The engine runs on this machine, so its containers' cgroups can be read (clock.ts). */
  readonly #local = engineIsLocal();

  constructor(options: CliEngineOptions = {}) {
    super();
    this.binary = options.binary ?? "docker";
    this.#dialect = basename(this.binary) === "podman" ? "podman" : "docker";
  }

  protected async runOpened(job: SandboxJob, hooks: RunHooks, opening: Opening): Promise<RunFacts> {
    const name = containerName();
    hooks.onContainer?.(name);
    // Each run gets a directory of its own: for the container's id, which the CLI writes to a cidfile once
    // the engine made it and which names its cgroup (the clock reads it), and for podman's monitor: conmon
    // writes its OOM verdict as a file named `oom` in the working directory it inherits from the CLI, and
    // podman 4 never reads it (containers/conmon#504, containers/podman#13102), so it is read after the exit.
    let runDir: string | undefined;
    try {
      if (this.#dialect === "podman" || this.#local)
        this.#runDirs.add((runDir = await mkdtemp(join(tmpdir(), "sandbox-gate-run-"))));
      return await this.#run(name, job, opening, runDir);
    } catch (error) {
      this.#removals.remove(name);
      return failedFacts(`the sandbox failed: ${(error as Error).message}`);
    } finally {
      if (runDir !== undefined) await this.#removeRunDir(runDir);
    }
  }

  async #run(name: string, job: SandboxJob, opening: Opening, runDir?: string): Promise<RunFacts> {
    const args = cliRunArgs(lockDown(job), name, this.#dialect);
    const cidfile = runDir === undefined || !this.#local ? undefined : join(runDir, "cid");
    // After the verb: the CLI's own option, not the lock-down's.
    if (cidfile !== undefined) args.splice(1, 0, "--cidfile", cidfile);
    const child = spawn(this.binary, args, {
      stdio: ["pipe", "pipe", "pipe"],
      ...(this.#dialect === "podman" && runDir !== undefined && { cwd: runDir }),
    });
    this.#active.set(name, child);
    child.on("close", () => this.#active.delete(name));
    child.on("error", () => this.#active.delete(name));
    const { exit, outcome } = await readChild(child, job, opening, {
      kill: () => this.#kill(name, child),
      memory: () => this.#memory(name),
      ...(cidfile !== undefined && {
        meter: containerMeter(() => readCid(cidfile), { runtime: job.limits.runtime }),
      }),
    });
    // No CLI ran, so there is no container to remove.
    if (exit.error) return failedFacts(`cannot run ${this.binary}: ${exit.error.message}`);
    const state = await this.#state(name);
    const monitorOom = this.#dialect === "podman" && runDir !== undefined && existsSync(join(runDir, "oom"));
    const ending = {
      exitCode: exit.code,
      killedByUs: outcome.timedOut || outcome.stalled || outcome.busy || this.aborted,
      oomKilled: state.oomKilled === true || monitorOom,
    };
    const oomKilled = await oomVerdict(ending, () => cliOomEventSeen(this.binary, name));
    this.#removals.remove(name);
    return runFacts(this.binary, job, outcome, {
      exitCode: exit.code,
      oomKilled,
      aborted: this.aborted,
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
    await cli(this.binary, ["kill", name], { timeoutMs: KILL_GRACE_MS });
  }

  /** The container's memory as the CLI reports it, or undefined when it cannot say in time. */
  async #memory(name: string): Promise<MemorySample | undefined> {
    const result = await cli(this.binary, ["stats", "--no-stream", "--format", "{{.MemUsage}}", name], {
      timeoutMs: MEMORY_SAMPLE_TIMEOUT_MS,
    });
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

  async #removeOne(name: string): Promise<void> {
    // -v: an image's VOLUME gets an anonymous volume, which would outlive the container.
    const result = await cli(this.binary, ["rm", "-f", "-v", name]);
    if (result.code !== 0 && !/no such container/i.test(result.stderr)) throw new Error(describeFailure(result));
  }

  async close(): Promise<string[]> {
    return this.#removals.settle();
  }

  /**
   * Ends every run in flight and refuses new ones, for a cancelled job; returns the containers removed.
   * A container asked for before its CLI created it appears a moment later, so this asks again until
   * every CLI has ended (a CLI still there after KILL_GRACE_MS is killed).
   */
  async abort(): Promise<string[]> {
    this.aborted = true;
    const removed = new Set<string>();
    const deadline = performance.now() + KILL_GRACE_MS;
    while (this.#active.size > 0 && performance.now() < deadline) {
      const result = await cli(this.binary, ["rm", "-f", "-v", ...this.#active.keys()]);
      for (const name of result.stdout
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean))
        removed.add(name);
      await sleep(ABORT_POLL_MS);
    }
    for (const child of this.#active.values()) child.kill("SIGKILL");
    await Promise.all([...this.#runDirs].map((dir) => this.#removeRunDir(dir)));
    await this.close();
    return [...removed];
  }

  async #removeRunDir(dir: string): Promise<void> {
    this.#runDirs.delete(dir);
    await rm(dir, { recursive: true, force: true });
  }

  async hasImage(image: string): Promise<boolean> {
    const result = await cli(this.binary, ["image", "inspect", "--format", "{{.Id}}", "--", image]);
    if (result.code === 0) return true;
    if (/no such (image|object)|image not known/i.test(result.stderr)) return false;
    throw new Error(`cannot inspect image ${image}: ${describeFailure(result)}`);
  }

  async pull(image: string): Promise<void> {
    const result = await cli(this.binary, ["pull", "--quiet", "--", image], { timeoutMs: PULL_TIMEOUT_MS });
    if (result.code !== 0) throw new Error(`pull of ${image} failed: ${describeFailure(result)}`);
  }

  /**
   * Containers first (a run image cannot go while one runs from it, nor a network while one is on it),
   * then the run's images and its services' networks (sandbox/services.ts).
   */
  async removeLabelled(label: string): Promise<string[]> {
    const containers = await this.#removeListed(
      ["ps", "-a", "--filter", `label=${label}`, "--format", "{{.Names}}"],
      ["rm", "-f", "-v"],
      `containers labelled ${label}`,
    );
    const networks = await this.#removeListed(
      ["network", "ls", "--filter", `label=${label}`, "--format", "{{.Name}}"],
      ["network", "rm"],
      `networks labelled ${label}`,
    );
    const images = await this.#removeListed(
      ["images", "--filter", `label=${label}`, "--format", "{{.Repository}}:{{.Tag}}"],
      ["rmi", "-f"],
      `images labelled ${label}`,
    );
    return [...containers, ...networks, ...images];
  }

  async #removeListed(list: string[], remove: string[], what: string): Promise<string[]> {
    const listed = await cli(this.binary, list);
    if (listed.code !== 0) throw new Error(`cannot list ${what}: ${describeFailure(listed)}`);
    const names = listed.stdout
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
    if (names.length === 0) return [];
    const removed = await cli(this.binary, [...remove, ...names]);
    if (removed.code !== 0) throw new Error(`cannot remove ${names.join(", ")}: ${describeFailure(removed)}`);
    return names;
  }
}

/** Whether the engine's event log holds an `oom` event of the container (late-oom.ts says why). */
export async function cliOomEventSeen(binary: string, name: string): Promise<boolean> {
  const { since, until } = eventWindow();
  const args = ["events", "--since", since, "--until", until, "--filter", `container=${name}`, "--filter", "event=oom"];
  const result = await cli(binary, args, { timeoutMs: OOM_LOOK_TIMEOUT_MS });
  return result.code === 0 && result.stdout.trim() !== "";
}

/** The id the CLI wrote to its cidfile, once it has. */
function readCid(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}
