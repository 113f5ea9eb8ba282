// `isolation: namespace`: a fresh sandbox per candidate, made by runc itself rather than by dockerd.
//
// Dockerd is half of a fresh container's cost, containerd and its shim a fifth. This engine pays them once
// per lock-down: it starts one template container of the image with the policy's own flags (policy.ts,
// so the lock-down is written once), a sleeper that never sees a candidate, and reads the OCI config
// docker generated for it: Docker's seccomp profile, no capabilities, no new privileges, the non-root
// user, the masked and read-only paths, the rlimits, the tmpfs work dir and /tmp, the memory (no swap),
// CPU and pids limits. That config is checked for all of it (namespace-config.ts), then each candidate
// gets a copy with the driver in the sleeper's place and its own cgroup, and runs under `runc run`, which
// makes fresh pid, mount, network (loopback only), IPC and UTS namespaces for it. The template's root
// (its overlay, mounted while it runs) is every candidate's read-only root; the template is removed at
// close(). The driver, its stdin and its markers are the other engines' (driver.ts).
//
// A candidate's end: runc run returns with the init's exit; pid 1 gone, the kernel kills the rest of its
// pid namespace; the kernel's OOM kills are counted in its memory cgroup, read before `runc delete
// --force` removes the cgroup, the state and whatever still runs in it. A timeout is `runc kill KILL`.
// Bundles and runc's state live under one root (/run/sandbox-gate), labelled by annotations, so a run's
// leftovers are found as the other engines' are, by label.
//
// It needs root on the docker host: runc makes the namespaces and cgroups, and reads containerd's state
// (docs/security.md). select.ts refuses it where that cannot be.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { MemorySample, RunFacts } from "../../core/model.js";
import { CliImages } from "../api/container.js";
import { type Held, hold, readChild, release } from "../child-run.js";
import { cli, describeFailure } from "../cli-command.js";
import type { RunHooks, SandboxJob } from "../engine.js";
import { type LockDown, cliRunArgs, lockDown } from "../policy.js";
import {
  CANCELLED_BEFORE_START,
  KILL_GRACE_MS,
  type Opening,
  Removals,
  containerName,
  failedFacts,
  runFacts,
  tracked,
} from "../run.js";
import type { CliEngine } from "./cli.js";
import { type OciConfig, candidateConfig, lockDownGap, seccompArch } from "./namespace-config.js";

/** Where bundles and runc's state live: one root for every run, so leftovers are found by label. */
export const NAMESPACE_ROOT = "/run/sandbox-gate";
/** The template's command: a sleeper, whose place the driver takes in each candidate's config. */
export const KEEPER_ARGV = ["sleep", "2147483647"] as const;
/**
 * Where containerd keeps the OCI config of docker's containers: dockerd's own containerd (docker 20.10)
 * or the system's (docker 23 and later).
 */
export const TASK_ROOTS = [
  "/run/docker/containerd/daemon/io.containerd.runtime.v2.task",
  "/run/containerd/io.containerd.runtime.v2.task",
];
const TASK_DIRS = TASK_ROOTS.map((root) => join(root, "moby"));
const CGROUP_ROOT = "/sys/fs/cgroup";
const NATIVE_ARCH = seccompArch(process.arch);

export interface NamespaceOptions {
  /** The runc binary. */
  runc?: string;
  /** Bundles and runc's state (NAMESPACE_ROOT by default). */
  root?: string;
  /** Sandboxes kept started ahead of need; the run's concurrency is a good value. */
  warm?: number;
}

interface Template {
  name: string;
  config?: OciConfig;
  error?: string;
}

/** A candidate's sandbox, started ahead: runc has made it and its driver waits for the nonce on stdin. */
interface Sandbox {
  id: string;
  held?: Held;
  /** Why it could not be started (no template, a bundle not written, runc not run). */
  error?: string;
}

export class NamespaceEngine extends CliImages {
  readonly #runc: string;
  readonly #root: string;
  readonly #state: string;
  readonly #bundles: string;
  readonly #warmTarget: number;
  /** Template containers by lock-down (environment and command aside). */
  readonly #templates = new Map<string, Promise<Template>>();
  /** Removals of templates that fell short of the lock-down: close() waits for them too. */
  readonly #dropped = new Set<Promise<unknown>>();
  /** Sandboxes started ahead, by the lock-down they were made for. */
  readonly #warm = new Map<string, Array<Promise<Sandbox>>>();
  /** Starts in flight, warm or not: close() waits for them so none finishes unseen. */
  readonly #starting = new Set<Promise<Sandbox>>();
  /** The `runc run` of every sandbox started and not yet ended, by container id. */
  readonly #active = new Map<string, ChildProcess>();
  /** Sandboxes not yet deleted: what abort() must end. */
  readonly #owned = new Set<string>();
  readonly #removals: Removals;

  constructor(cli: CliEngine, options: NamespaceOptions = {}) {
    super(cli);
    this.#runc = options.runc ?? "runc";
    this.#root = options.root ?? NAMESPACE_ROOT;
    this.#state = join(this.#root, "runc");
    this.#bundles = join(this.#root, "bundles");
    this.#warmTarget = Math.max(0, options.warm ?? 0);
    this.#removals = new Removals((id) => deleteSandbox(this.#runc, this.#state, this.#bundles, id));
  }

  protected async runOpened(job: SandboxJob, hooks: RunHooks, opening: Opening): Promise<RunFacts> {
    const policy = lockDown(job);
    let sandbox = await this.#take(policy);
    // One that ended while it waited (runc failed, the driver was killed) serves nobody: one fresh try.
    if (sandbox.held && sandbox.held.child.exitCode !== null) {
      this.#discard(sandbox);
      sandbox = await this.#start(policy);
    }
    hooks.onContainer?.(sandbox.id);
    if (sandbox.held === undefined) {
      this.#remove(sandbox.id);
      return failedFacts(`the sandbox did not start: ${sandbox.error}`);
    }
    if (this.aborted) {
      this.#discard(sandbox);
      return failedFacts(CANCELLED_BEFORE_START);
    }
    try {
      return await this.#read(sandbox.id, sandbox.held, job, opening);
    } catch (error) {
      return failedFacts(`the sandbox failed: ${(error as Error).message}`);
    } finally {
      this.#remove(sandbox.id);
    }
  }

  async #read(id: string, held: Held, job: SandboxJob, opening: Opening): Promise<RunFacts> {
    const { exit, outcome } = await readChild(held, job, opening, {
      kill: () => this.#kill(id, held.child),
      memory: () => cgroupMemory(id),
    });
    if (exit.error) return failedFacts(`cannot run ${this.#runc}: ${exit.error.message}`);
    const ooms = await oomKills(id);
    return runFacts(this.#runc, job, outcome, {
      exitCode: exit.code,
      oomKilled: (ooms.count ?? 0) > 0,
      aborted: this.aborted,
      ...(ooms.error === undefined ? {} : { stateError: ooms.error }),
    });
  }

  /** A sandbox started ahead for the same lock-down, or a new one; then one more is started for the next candidate. */
  #take(policy: LockDown): Promise<Sandbox> {
    const key = JSON.stringify(policy);
    for (const [other, queue] of this.#warm) {
      if (other === key) continue;
      for (const stale of queue.splice(0)) void stale.then((sandbox) => this.#discard(sandbox));
      this.#warm.delete(other);
    }
    const queue = this.#warm.get(key) ?? [];
    this.#warm.set(key, queue);
    const warm = queue.shift();
    while (!this.aborted && queue.length < this.#warmTarget) queue.push(this.#start(policy));
    return warm ?? this.#start(policy);
  }

  /** Writes a sandbox's bundle and starts `runc run` on it: its driver then waits for the candidate's input. */
  #start(policy: LockDown): Promise<Sandbox> {
    const id = containerName();
    this.#owned.add(id);
    const starting = (async (): Promise<Sandbox> => {
      const template = await this.#template(policy);
      if (template.config === undefined) return { id, error: template.error! };
      try {
        const bundle = join(this.#bundles, id);
        const config = candidateConfig(template.config, {
          argv: policy.argv,
          env: policy.env,
          keeperArgv: KEEPER_ARGV,
          cgroupsPath: `/${id}`,
          annotations: policy.labels,
          ...(NATIVE_ARCH && { nativeArch: NATIVE_ARCH }),
        });
        await mkdir(bundle, { recursive: true, mode: 0o700 });
        await writeFile(join(bundle, "config.json"), JSON.stringify(config), { mode: 0o600 });
      } catch (error) {
        return { id, error: `its bundle cannot be written: ${(error as Error).message}` };
      }
      // --keep: the cgroup (and its OOM count) outlives the init until the delete.
      const child = spawn(
        this.#runc,
        ["--root", this.#state, "run", "--keep", "--bundle", join(this.#bundles, id), id],
        {
          stdio: ["pipe", "pipe", "pipe"],
        },
      );
      this.#active.set(id, child);
      child.once("exit", () => this.#active.delete(id));
      child.once("error", () => this.#active.delete(id));
      const sandbox = { id, held: hold(child) };
      // Started after an abort asked for it: nobody will take it.
      if (this.aborted) this.#discard(sandbox);
      return sandbox;
    })();
    return tracked(this.#starting, starting);
  }

  /** A sandbox no candidate will use: its driver's stdin closed (it exits), then it is deleted. */
  #discard(sandbox: Sandbox): void {
    if (!sandbox.held) return this.#remove(sandbox.id);
    release(sandbox.held);
    void sandbox.held.exited.then(() => this.#remove(sandbox.id));
  }

  /** Deletes a sandbox off the critical path; close() waits for it. */
  #remove(id: string): void {
    this.#removals.remove(id, () => this.#owned.delete(id));
  }

  /** Kills the candidate's init (its pid namespace goes with it); runc itself after KILL_GRACE_MS if it hangs. */
  async #kill(id: string, child: ChildProcess): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const grace = setTimeout(() => child.kill("SIGKILL"), KILL_GRACE_MS);
    child.once("close", () => clearTimeout(grace));
    await cli(this.#runc, ["--root", this.#state, "kill", id, "KILL"], { timeoutMs: KILL_GRACE_MS });
  }

  /** The running template of this lock-down, or a new one; a failed one is forgotten, so the next candidate tries again. */
  #template(policy: LockDown): Promise<Template> {
    const key = JSON.stringify({ ...policy, argv: [], env: [] });
    let template = this.#templates.get(key);
    if (!template) {
      template = makeTemplate(policy);
      this.#templates.set(key, template);
      void template.then((made) => {
        if (made.config === undefined) {
          this.#templates.delete(key);
          if (!made.name) return;
          void tracked(
            this.#dropped,
            removeContainer(made.name).catch(() => {}),
          );
        }
      });
    }
    return template;
  }

  /** Ends the sandboxes kept ahead, waits for every removal, then removes the templates; returns the removals that failed. */
  async close(): Promise<string[]> {
    const warm = [...this.#warm.values()].flat();
    this.#warm.clear();
    for (const sandbox of await Promise.all(warm)) this.#discard(sandbox);
    // A discarded sandbox is deleted once its runc ends: wait for those ends too.
    const ending = () => [
      ...this.#starting,
      ...this.#dropped,
      ...[...this.#active.values()].map((child) => exitOf(child)),
    ];
    const failed = await this.#removals.settle(ending);
    const templates = await Promise.all(this.#templates.values());
    this.#templates.clear();
    for (const { name } of templates)
      await removeContainer(name).catch((error: Error) => failed.push(`${name}: ${error.message}`));
    return failed;
  }

  /** Refuses new runs, kills every sandbox (running or kept ahead) and removes everything; returns the containers removed. */
  async abort(): Promise<string[]> {
    this.aborted = true;
    const ids = [...this.#owned];
    await Promise.all([...this.#active].map(([id, child]) => this.#kill(id, child)));
    const templates = (await Promise.all(this.#templates.values())).map((t) => t.name);
    await this.close();
    return [...ids, ...templates];
  }

  /** The run's templates (docker labels) and its candidates' leftovers (runc annotations). */
  override async removeLabelled(label: string): Promise<string[]> {
    const sandboxes = await removeRuncLabelled(label, { runc: this.#runc, root: this.#root });
    return [...(await super.removeLabelled(label)), ...sandboxes];
  }
}

/** Starts the template container and reads the config docker made for it, checked against the lock-down. */
async function makeTemplate(policy: LockDown): Promise<Template> {
  const name = containerName();
  const created = await cli("docker", cliRunArgs({ ...policy, argv: [...KEEPER_ARGV] }, name, "docker", "create"));
  if (created.code !== 0)
    return { name: "", error: `cannot create the template container: ${describeFailure(created)}` };
  const started = await cli("docker", ["start", name]);
  if (started.code !== 0) return { name, error: `cannot start the template container: ${describeFailure(started)}` };
  const id = created.stdout.trim();
  const file = TASK_DIRS.map((dir) => join(dir, id, "config.json")).find((path) => existsSync(path));
  if (!file) return { name, error: `the OCI config of the template container is not under ${TASK_DIRS.join(" or ")}` };
  const config = JSON.parse(await readFile(file, "utf8")) as OciConfig;
  const gap = lockDownGap(config, KEEPER_ARGV, { memoryBytes: policy.memoryBytes, pids: policy.cgroupPids });
  if (gap !== undefined)
    return { name, error: `docker's config for the template falls short of the lock-down: ${gap}` };
  return { name, config };
}

/** Resolves once `child` has exited (at once when it already has). */
function exitOf(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

async function removeContainer(name: string): Promise<void> {
  const result = await cli("docker", ["rm", "-f", "-v", name]);
  if (result.code !== 0 && !/no such container/i.test(result.stderr)) throw new Error(describeFailure(result));
}

/** Deletes a candidate's container (killing what is left in its cgroup, removing the cgroup) and its bundle. */
async function deleteSandbox(runc: string, state: string, bundles: string, id: string): Promise<void> {
  const result = await cli(runc, ["--root", state, "delete", "--force", id]);
  if (result.code !== 0 && !/does not exist/i.test(result.stderr)) throw new Error(describeFailure(result));
  await rm(join(bundles, id), { recursive: true, force: true });
}

/** Removes every candidate sandbox under `root` whose annotations carry `label` (`key=value`); returns their ids. */
export async function removeRuncLabelled(
  label: string,
  { runc = "runc", root = NAMESPACE_ROOT }: NamespaceOptions = {},
): Promise<string[]> {
  const state = join(root, "runc");
  if (!existsSync(state)) return [];
  const listed = await cli(runc, ["--root", state, "list", "--format", "json"]);
  if (listed.code !== 0) throw new Error(`cannot list runc's sandboxes: ${describeFailure(listed)}`);
  const [key, value] = [label.slice(0, label.indexOf("=")), label.slice(label.indexOf("=") + 1)];
  const all = (JSON.parse(listed.stdout || "null") ?? []) as Array<{
    id: string;
    annotations?: Record<string, string>;
  }>;
  const ids = all.filter((c) => c.annotations?.[key] === value).map((c) => c.id);
  for (const id of ids) await deleteSandbox(runc, state, join(root, "bundles"), id);
  return ids;
}

/** A controller's directory of the candidate's cgroup: cgroup v1's per-controller hierarchy, or v2's one. */
function cgroupDir(controller: string, id: string): string {
  const v1 = join(CGROUP_ROOT, controller);
  return existsSync(v1) ? join(v1, id) : join(CGROUP_ROOT, id);
}

/** The kernel's OOM kills in the candidate's memory cgroup (v1 memory.oom_control, v2 memory.events). */
async function oomKills(id: string): Promise<{ count?: number; error?: string }> {
  const dir = cgroupDir("memory", id);
  const file = existsSync(join(dir, "memory.oom_control")) ? "memory.oom_control" : "memory.events";
  try {
    const count = oomKillCount(await readFile(join(dir, file), "utf8"));
    return count === undefined ? { error: `${file} of the candidate's cgroup has no oom_kill count` } : { count };
  } catch (error) {
    return { error: `the candidate's memory cgroup cannot be read: ${(error as Error).message}` };
  }
}

/** `oom_kill N` from memory.oom_control (v1) or memory.events (v2). */
export function oomKillCount(text: string): number | undefined {
  const m = /^oom_kill (\d+)$/m.exec(text);
  return m ? Number(m[1]) : undefined;
}

/** The candidate's memory as docker counts it (the inactive page cache left out), or undefined when unreadable. */
async function cgroupMemory(id: string): Promise<MemorySample | undefined> {
  const dir = cgroupDir("memory", id);
  const v1 = existsSync(join(dir, "memory.usage_in_bytes"));
  const read = (file: string) => readFile(join(dir, file), "utf8").catch(() => "");
  const [usage, limit, stat] = await Promise.all(
    v1
      ? [read("memory.usage_in_bytes"), read("memory.limit_in_bytes"), read("memory.stat")]
      : [read("memory.current"), read("memory.max"), read("memory.stat")],
  );
  return memorySample(usage, limit, stat);
}

/** The cgroup's files → a sample, as the docker CLI computes it. */
export function memorySample(usage: string, limit: string, stat: string): MemorySample | undefined {
  const used = Number(usage.trim());
  const max = Number(limit.trim());
  if (!usage.trim() || !Number.isFinite(used) || !Number.isFinite(max) || max <= 0) return undefined;
  const cache = Number(/^(?:total_inactive_file|inactive_file) (\d+)$/m.exec(stat)?.[1] ?? 0);
  return { usedBytes: used - (cache < used ? cache : 0), limitBytes: max };
}
