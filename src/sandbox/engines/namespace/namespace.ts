// `isolation: namespace`: a fresh sandbox per candidate, made by bubblewrap rather than by dockerd or runc.
//
// Dockerd is half of a fresh container's cost, containerd and its shim a fifth, and runc's own start
// (two Go programs and a delete) is three times bubblewrap's. This engine pays docker once per lock-down:
// it starts one template container of the image with the policy's own flags (policy.ts, so the lock-down
// is written once), a sleeper that never sees a candidate, and reads the OCI config docker generated for
// it: Docker's seccomp profile, no capabilities, no new privileges, the non-root user, the masked paths,
// the rlimits, the tmpfs work dir and /tmp, the memory (no swap), CPU and pids limits. That config is
// checked for all of it (namespace-config.ts) and turned into a plan for the host's tools; its seccomp
// profile is compiled to BPF once (seccomp-bpf.ts). Each candidate then gets:
//   - a cgroup of its own, made and limited by the gate (memory without swap, pids, CPU), which the
//     maker (maker.ts: one root process that becomes bwrap) joins before anything else runs, so every
//     process of the sandbox is in it;
//   - a private mount namespace where the maker mounts what bwrap cannot: the template's root bound
//     where an unprivileged process can reach it, and docker's tmpfs mounts with docker's options (size,
//     owner, mode, noexec); they vanish with the namespace;
//   - the config's rlimits, then the config's user, never root again;
//   - bwrap, run as that user: fresh user, pid, mount, network (loopback only), IPC, UTS and cgroup
//     namespaces, the read-only root, /proc with docker's masked paths, a read-only /dev of docker's
//     devices, the tmpfs mounts, no capabilities, no further user namespaces, the seccomp filter.
// The template's root (its overlay, mounted while it runs) is every candidate's read-only root; the
// template is removed at close(). The driver, its stdin and its markers are the other engines' (driver.ts).
//
// A candidate's end: bwrap returns with the command's exit (128 + n for a signal); its pid 1 gone, the
// kernel kills the rest of its pid namespace; the kernel's OOM kills are counted in its memory cgroup,
// read before the gate kills whatever is left in the cgroup and removes it. A timeout kills bwrap, whose
// pid 1 dies with it (--die-with-parent), and sweeps the cgroup. Each sandbox's labels and cgroups are
// written under one root (/run/sandbox-gate), so a run's leftovers are found by label as the other
// engines' are.
//
// It needs root on the docker host (the cgroups, the mounts, the template's root) and unprivileged user
// namespaces for bwrap (docs/security.md). select.ts refuses it where that cannot be.
import { existsSync, mkdirSync, rmSync, rmdirSync, statSync, writeFileSync } from "node:fs";
import { chmod, mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { MemorySample, RunFacts } from "../../../core/model.js";
import { cli, describeFailure } from "../../cli-command.js";
import type { RunHooks } from "../../engine.js";
import type { SandboxJob } from "../../job.js";
import { type LockDown, cliRunArgs, lockDown } from "../../policy.js";
import {
  CANCELLED_BEFORE_START,
  type CliImageCalls,
  CliImages,
  KILL_GRACE_MS,
  type Opening,
  Removals,
  containerName,
  failedFacts,
  runFacts,
  tracked,
} from "../base.js";
import { cgroupMeter, localCgroupMounts } from "../../cgroup-meter.js";
import { type Held, hold, readChild, release } from "../child-run.js";
import {
  type CgroupLimits,
  type OciConfig,
  type SandboxPlan,
  lockDownGap,
  mergedEnv,
  sandboxPlan,
  sysMounts,
} from "./namespace-config.js";
import { type SandboxTools, findTools } from "./maker.js";
import { type SpawnedChild, Spawner } from "./spawner.js";
import { compileSeccomp } from "./seccomp-bpf.js";
import { type CheckerProcess, type WarmCheckOptions, type WarmChecker, WarmChecks } from "../../warm-check.js";

/** Where sandboxes' records, templates' files and the scratch mount points live: one root for every run. */
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
/** The controllers a sandbox's limits are written in (cgroup v1's hierarchies; v2 has one). */
const CONTROLLERS = ["memory", "pids", "cpu"] as const;

/** The maker's whole environment. */
const TOOLS_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

/** bwrap's argv for one sandbox: its options, the candidate's /sys, its environment, docker's init → the driver. */
function bwrapArgv(tools: SandboxTools, plan: SandboxPlan, cgroups: CgroupDirs, policy: LockDown): string[] {
  const env = mergedEnv(plan.env, policy.env).flatMap((v) => [
    "--setenv",
    v.slice(0, v.indexOf("=")),
    v.slice(v.indexOf("=") + 1),
  ]);
  return [
    tools.bwrap,
    ...plan.bwrap,
    ...(plan.sys ? sysMounts([...cgroups.controllers, ...cgroups.accounting]) : []),
    ...["--clearenv", ...env, "--seccomp", "3", "--"],
    ...plan.init,
    ...policy.argv,
  ];
}

export interface NamespaceOptions {
  /** Sandboxes' records, templates' files and scratch mount points (NAMESPACE_ROOT by default). */
  root?: string;
  /** Sandboxes kept started ahead of need; the run's concurrency is a good value. */
  warm?: number;
  /** The warm checker's limits (warm-check.ts), or false to run every job's check in its own sandbox. */
  warmCheck?: WarmCheckOptions | false;
}

interface Template {
  name: string;
  made?: { plan: SandboxPlan; files: { seccomp: string } };
  error?: string;
}

/** A candidate's sandbox, started ahead: bwrap has made it and its driver waits for the nonce on stdin. */
interface Sandbox {
  id: string;
  /** Its maker (then bwrap), as the spawner tells of it; `held` reads it as a child process. */
  child?: SpawnedChild;
  held?: Held;
  /** Why it could not be started (no template, no cgroup). */
  error?: string;
}

export class NamespaceEngine extends CliImages {
  readonly #root: string;
  readonly #sandboxes: string;
  readonly #tools: SandboxTools;
  readonly #warmTarget: number;
  /** Template containers by lock-down (environment and command aside). */
  readonly #templates = new Map<string, Promise<Template>>();
  /** Removals of templates that fell short of the lock-down: close() waits for them too. */
  readonly #dropped = new Set<Promise<unknown>>();
  /** Sandboxes started ahead, by the lock-down they were made for. */
  readonly #warm = new Map<string, Array<Promise<Sandbox>>>();
  /** Starts in flight, warm or not: close() waits for them so none finishes unseen. */
  readonly #starting = new Set<Promise<Sandbox>>();
  /** The maker (then bwrap) of every sandbox started and not yet ended, by sandbox id. */
  readonly #active = new Map<string, SpawnedChild>();
  /** Sandboxes not yet deleted: what abort() must end. */
  readonly #owned = new Set<string>();
  readonly #removals: Removals;
  /** Forks every sandbox's maker, so the gate's process never forks for a candidate (spawner.ts). */
  readonly #spawner: Spawner;
  /** Parse checks kept warm (warm-check.ts), each checker in a sandbox of its own. */
  readonly #checks: WarmChecks;

  constructor(cli: CliImageCalls, options: NamespaceOptions = {}) {
    super(cli);
    this.#root = options.root ?? NAMESPACE_ROOT;
    this.#sandboxes = join(this.#root, "sandboxes");
    const tools = findTools();
    if (typeof tools === "string") throw new Error(`isolation: namespace needs ${tools}, not found on PATH`);
    this.#tools = tools;
    this.#warmTarget = Math.max(0, options.warm ?? 0);
    this.#removals = new Removals((id) => deleteSandbox(this.#sandboxes, id));
    this.#spawner = new Spawner(tools.perl, this.#sandboxes);
    // A checker's sandbox costs about what the interpreter it saves a job does: worth it from the second job.
    const warmCheck = options.warmCheck === false ? false : { startAfter: 1, ...options.warmCheck };
    this.#checks = new WarmChecks((policy) => this.#checkerProcess(policy), warmCheck);
  }

  protected async runOpened(given: SandboxJob, hooks: RunHooks, opening: Opening): Promise<RunFacts> {
    const job = await this.#checks.checked(given);
    const policy = lockDown(job);
    let sandbox = await this.#take(policy);
    // One that ended while it waited (bwrap failed, the driver was killed) serves nobody: one fresh try.
    if (sandbox.child?.ended) {
      this.#discard(sandbox);
      sandbox = await this.#start(policy);
    }
    hooks.onContainer?.(sandbox.id);
    if (sandbox.held === undefined || sandbox.child === undefined) {
      this.#remove(sandbox.id);
      return failedFacts(`the sandbox did not start: ${sandbox.error}`);
    }
    if (this.aborted) {
      this.#discard(sandbox);
      return failedFacts(CANCELLED_BEFORE_START);
    }
    try {
      return await this.#read(sandbox.id, sandbox.child, sandbox.held, job, opening);
    } catch (error) {
      return failedFacts(`the sandbox failed: ${(error as Error).message}`);
    } finally {
      this.#remove(sandbox.id);
    }
  }

  async #read(id: string, child: SpawnedChild, held: Held, job: SandboxJob, opening: Opening): Promise<RunFacts> {
    const { exit, outcome } = await readChild(held, job, opening, {
      kill: () => this.#kill(id, child),
      memory: () => cgroupMemory(id),
      meter: cgroupMeter(localCgroupMounts(), id, "/proc", { stamps: true }),
    });
    if (exit.error) return failedFacts(`cannot run ${this.#tools.perl}: ${exit.error.message}`);
    const ooms = await oomKills(id);
    return runFacts("bwrap", job, outcome, {
      exitCode: exit.code,
      oomKilled: (ooms.count ?? 0) > 0,
      aborted: this.aborted,
      ...(ooms.error === undefined ? {} : { stateError: ooms.error }),
    });
  }

  /** A checker's sandbox, started as a candidate's is; removed once it ends. */
  async #checkerProcess(policy: LockDown): Promise<CheckerProcess | undefined> {
    if (this.aborted) return undefined;
    const sandbox = await this.#start(policy);
    const { id, child, held } = sandbox;
    if (!child || !held) {
      this.#remove(id);
      return undefined;
    }
    const exited = held.exited.then(() => this.#remove(id));
    return {
      stdin: child.stdin,
      stdout: child.stdout,
      stderr: child.stderr,
      exited,
      kill: () => void this.#kill(id, child).catch(() => child.kill("SIGKILL")),
    };
  }

  /** The warm checkers' counts (warm-check.ts): for the bench and the tests. */
  get warmCheckCounts(): WarmChecker["counts"] {
    return this.#checks.counts;
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

  /** Makes a sandbox's cgroup and starts its maker: its driver then waits for the candidate's input. */
  #start(policy: LockDown): Promise<Sandbox> {
    const id = containerName();
    this.#owned.add(id);
    const starting = (async (): Promise<Sandbox> => {
      const template = await this.#template(policy);
      if (template.made === undefined) return { id, error: template.error! };
      const { plan, files } = template.made;
      const cgroups = cgroupDirs(id);
      try {
        const record = { labels: policy.labels, cgroups: { dirs: cgroups.dirs } };
        writeFileSync(join(this.#sandboxes, `${id}.json`), JSON.stringify(record), { mode: 0o600 });
        makeCgroups(cgroups, plan.limits);
      } catch (error) {
        return { id, error: `its cgroup cannot be made: ${(error as Error).message}` };
      }
      let child: SpawnedChild;
      try {
        child = await this.#spawner.start(
          id,
          files.seccomp,
          {
            cgroupProcs: cgroups.procs,
            mounts: plan.mounts,
            rlimits: plan.rlimits,
            user: plan.user,
            command: bwrapArgv(this.#tools, plan, cgroups, policy),
          },
          // The candidate's environment is set by bwrap, as the candidate's user: the root maker and bwrap
          // get a bare PATH, so no variable of the image's or the job's (LD_PRELOAD, say) reaches them.
          { PATH: TOOLS_PATH },
        );
      } catch (error) {
        return { id, error: `its maker could not be started: ${(error as Error).message}` };
      }
      this.#active.set(id, child);
      child.once("exit", () => this.#active.delete(id));
      child.once("error", () => this.#active.delete(id));
      // Streams, events and kill() as a ChildProcess's: what child-run.ts reads.
      const sandbox = { id, child, held: hold(child as unknown as Parameters<typeof hold>[0]) };
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

  /**
   * Kills everything in the sandbox's cgroup but bwrap itself, which then exits as the command did (137),
   * as a killed container does; bwrap too after KILL_GRACE_MS if it has not.
   */
  async #kill(id: string, child: SpawnedChild): Promise<void> {
    if (child.ended) return;
    const grace = setTimeout(() => child.kill("SIGKILL"), KILL_GRACE_MS);
    child.once("close", () => clearTimeout(grace));
    await killCgroup(cgroupDirs(id), child.pid);
  }

  /** The running template of this lock-down, or a new one; a failed one is forgotten, so the next candidate tries again. */
  #template(policy: LockDown): Promise<Template> {
    const key = JSON.stringify({ ...policy, argv: [], env: [] });
    let template = this.#templates.get(key);
    if (!template) {
      template = makeTemplate(policy, this.#root);
      this.#templates.set(key, template);
      void template.then((made) => {
        if (made.made === undefined) {
          this.#templates.delete(key);
          if (!made.name) return;
          void tracked(
            this.#dropped,
            removeTemplate(this.#root, made.name).catch(() => {}),
          );
        }
      });
    }
    return template;
  }

  /** Ends the sandboxes kept ahead, waits for every removal, then removes the templates; returns the removals that failed. */
  async close(): Promise<string[]> {
    // Its stdin closed, a checker exits: its sandbox is then removed as a candidate's is.
    await this.#checks.close();
    const warm = [...this.#warm.values()].flat();
    this.#warm.clear();
    for (const sandbox of await Promise.all(warm)) this.#discard(sandbox);
    // A discarded sandbox is deleted once its bwrap ends: wait for those ends too.
    const ending = () => [
      ...this.#starting,
      ...this.#dropped,
      ...[...this.#active.values()].map((child) => exitOf(child)),
    ];
    const failed = await this.#removals.settle(ending);
    // Every maker has ended: the spawner's work is done (a later run starts another).
    this.#spawner.close();
    const templates = await Promise.all(this.#templates.values());
    this.#templates.clear();
    for (const { name } of templates)
      await removeTemplate(this.#root, name).catch((error: Error) => failed.push(`${name}: ${error.message}`));
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

  /** The run's templates (docker labels) and its candidates' leftovers (their records' labels). */
  override async removeLabelled(label: string): Promise<string[]> {
    const sandboxes = await removeNamespaceLabelled(label, { root: this.#root });
    return [...(await super.removeLabelled(label)), ...sandboxes];
  }
}

/**
 * Starts the template container, reads the config docker made for it, checks it against the lock-down,
 * and writes what every sandbox of it is made with: its compiled seccomp filter (the plan stays in memory).
 */
async function makeTemplate(policy: LockDown, root: string): Promise<Template> {
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
  try {
    const scratch = join(root, "scratch");
    const plan = sandboxPlan(config, KEEPER_ARGV, scratch, hostKind);
    const seccomp = compileSeccomp(config.linux.seccomp as Parameters<typeof compileSeccomp>[0], process.arch);
    const dir = join(root, "templates", name);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    // Its labels, so the post step of a gate killed outright finds its files as it finds its container.
    await writeFile(join(dir, "labels.json"), JSON.stringify(policy.labels), { mode: 0o600 });
    await mkdir(join(root, "sandboxes"), { recursive: true, mode: 0o700 });
    await mkdir(scratch, { recursive: true, mode: 0o755 });
    // bwrap runs as the candidate's user: it must pass through root to the scratch mount points (it can list nothing).
    await chmod(root, 0o711);
    for (const point of plan.mountPoints) await makeMountPoint(point);
    const files = { seccomp: join(dir, "seccomp.bpf") };
    await writeFile(files.seccomp, seccomp, { mode: 0o600 });
    return { name, made: { plan, files } };
  } catch (error) {
    return {
      name,
      error: `docker's config for the template cannot be made into a sandbox: ${(error as Error).message}`,
    };
  }
}

/** A mount point under the scratch directory, of its kind (nothing is ever mounted on it outside a sandbox). */
async function makeMountPoint({ path, file }: { path: string; file: boolean }): Promise<void> {
  const kind = hostKind(path);
  if (kind === (file ? "file" : "dir")) return;
  if (kind !== undefined) await rm(path, { recursive: true, force: true });
  if (file) await writeFile(path, "", { mode: 0o644 });
  else await mkdir(path, { mode: 0o755 });
}

/** A path's kind on the host (a /proc path's too: the candidate's fresh /proc has the host's layout). */
function hostKind(path: string): "file" | "dir" | undefined {
  try {
    return statSync(path).isDirectory() ? "dir" : "file";
  } catch {
    return undefined;
  }
}

/** Resolves once `child` has exited or is lost (at once when it already has). */
function exitOf(child: SpawnedChild): Promise<void> {
  if (child.ended) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    // Its spawner gone before it said how the maker ended: nothing more will be heard of it.
    child.once("error", () => resolve());
  });
}

/** Removes a template: its container, then its files (its labels and the compiled filter). */
async function removeTemplate(root: string, name: string): Promise<void> {
  const result = await cli("docker", ["rm", "-f", "-v", name]);
  if (result.code !== 0 && !/no such container/i.test(result.stderr)) throw new Error(describeFailure(result));
  await rm(join(root, "templates", name), { recursive: true, force: true });
}

/** A sandbox's cgroup: its directory in each controller (v1), or its one directory (v2), and their cgroup.procs. */
interface CgroupDirs {
  dirs: string[];
  procs: string[];
  controllers: Array<{ controller?: string; dir: string }>;
  /**
   * A v1 host's unified directory, which limits nothing but counts the candidate's CPU: its /sys shows it
   * where the host's does (/sys/fs/cgroup/unified), so the driver's CPU stamp reads the meter's counter.
   */
  accounting: Array<{ controller: string; dir: string }>;
}

function cgroupDirs(id: string): CgroupDirs {
  const v2 = existsSync(join(CGROUP_ROOT, "cgroup.controllers"));
  const controllers = v2
    ? [{ dir: join(CGROUP_ROOT, id) }]
    : CONTROLLERS.map((controller) => ({ controller, dir: cgroupDir(controller, id) }));
  // Beside v1's controllers, the unified hierarchy (where it is mounted) counts the candidate's CPU
  // pressure and time: the clock's meter reads it (clock.ts). It limits nothing.
  const { unified } = localCgroupMounts();
  const accounting = !v2 && unified !== undefined ? [{ controller: "unified", dir: join(unified, id) }] : [];
  const dirs = [...controllers, ...accounting].map((c) => c.dir);
  return { dirs, procs: dirs.map((dir) => join(dir, "cgroup.procs")), controllers, accounting };
}

/** Makes the cgroup and writes its limits: memory without swap, pids, the CPU quota. */
// The cgroup's files are the kernel's, written and removed synchronously in microseconds: calling them
// directly spares a thread-pool round trip each, a dozen per candidate.
function makeCgroups({ dirs }: CgroupDirs, limits: CgroupLimits): void {
  for (const dir of dirs) mkdirSync(dir);
  const write = (file: string, value: string, optional = false) => {
    if (optional && !existsSync(file)) return;
    writeFileSync(file, value);
  };
  if (dirs.length === 1) {
    const [dir] = dirs as [string];
    write(join(dir, "memory.max"), String(limits.memoryBytes));
    write(join(dir, "memory.swap.max"), String(limits.memorySwapBytes - limits.memoryBytes), true);
    write(join(dir, "pids.max"), String(limits.pids));
    if (limits.cpu) write(join(dir, "cpu.max"), `${limits.cpu.quota} ${limits.cpu.period}`);
    return;
  }
  const [memory, pids, cpu] = dirs as [string, string, string];
  write(join(memory, "memory.limit_in_bytes"), String(limits.memoryBytes));
  // Without swap accounting there is no swap to limit (docker says the same and goes on).
  write(join(memory, "memory.memsw.limit_in_bytes"), String(limits.memorySwapBytes), true);
  write(join(pids, "pids.max"), String(limits.pids));
  if (limits.cpu) {
    write(join(cpu, "cpu.cfs_period_us"), String(limits.cpu.period));
    write(join(cpu, "cpu.cfs_quota_us"), String(limits.cpu.quota));
  }
}

/** SIGKILLs every process in the cgroup but `spare` (v2's cgroup.kill where there is one and none is spared). */
async function killCgroup({ dirs }: CgroupDirs, spare?: number): Promise<void> {
  for (const dir of dirs) {
    if (spare === undefined && existsSync(join(dir, "cgroup.kill"))) {
      await writeFile(join(dir, "cgroup.kill"), "1").catch(() => {});
      continue;
    }
    const pids = await readFile(join(dir, "cgroup.procs"), "utf8").catch(() => "");
    for (const pid of pids.split("\n").filter((pid) => pid && Number(pid) !== spare)) {
      try {
        process.kill(Number(pid), "SIGKILL");
      } catch {
        // Gone already.
      }
    }
  }
}

/** Removes the cgroup, killing what is left in it; a directory still busy after the kill is retried for a while (its dead are being reaped). */
async function removeCgroups(cgroups: CgroupDirs): Promise<void> {
  for (const dir of cgroups.dirs) {
    for (let attempt = 0; ; attempt++) {
      try {
        rmdirSync(dir);
        break;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT") break;
        if (code !== "EBUSY" || attempt >= 200) throw error;
        await killCgroup(cgroups);
        await sleep(10);
      }
    }
  }
}

/** Deletes a sandbox: whatever still runs in its cgroup, the cgroup, its record. */
async function deleteSandbox(sandboxes: string, id: string): Promise<void> {
  await removeCgroups(cgroupDirs(id));
  rmSync(join(sandboxes, `${id}.json`), { force: true });
  // Its stdio's FIFOs, where a spawner that died left them (spawner.ts unlinks them once opened).
  for (const end of ["in", "out", "err"]) rmSync(join(sandboxes, `${id}.${end}`), { force: true });
}

/** Removes every sandbox under `root` whose record carries `label` (`key=value`); returns their ids. */
export async function removeNamespaceLabelled(
  label: string,
  { root = NAMESPACE_ROOT }: Pick<NamespaceOptions, "root"> = {},
): Promise<string[]> {
  const sandboxes = join(root, "sandboxes");
  if (!existsSync(sandboxes)) return [];
  const [key, value] = [label.slice(0, label.indexOf("=")), label.slice(label.indexOf("=") + 1)];
  const ids: string[] = [];
  for (const file of await readdir(sandboxes)) {
    if (!file.endsWith(".json")) continue;
    const id = file.slice(0, -".json".length);
    const record = JSON.parse(await readFile(join(sandboxes, file), "utf8").catch(() => "{}")) as {
      labels?: Record<string, string>;
    };
    if (record.labels?.[key] !== value) continue;
    await killCgroup(cgroupDirs(id));
    await deleteSandbox(sandboxes, id);
    ids.push(id);
  }
  // Templates' files (their containers go by docker's label, through the CLI).
  const templates = join(root, "templates");
  for (const name of existsSync(templates) ? await readdir(templates) : []) {
    const labels = JSON.parse(await readFile(join(templates, name, "labels.json"), "utf8").catch(() => "{}")) as Record<
      string,
      string
    >;
    if (labels[key] === value) await rm(join(templates, name), { recursive: true, force: true });
  }
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
