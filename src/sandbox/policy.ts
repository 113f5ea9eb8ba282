// The lock-down of every sandbox, written once as data, then rendered: to `run` flags for the docker and
// podman CLIs (each its own dialect) and to the Engine API's create config. What the engine stores for
// each engine's containers is compared with this policy on the real engine (test/integration/engines.test.ts).
import { driverArgv, driverCommand } from "./driver.js";
import { type SandboxJob, withOwner } from "./job.js";

/** nobody:nogroup, which owns the work dir. */
const SANDBOX_ID = 65534;
export const SANDBOX_USER = `${SANDBOX_ID}:${SANDBOX_ID}`;
export const WORKDIR = "/work";
/**
 * HOME, outside the work dir: every program reads start-up files from it (Python's user site
 * `~/.local/lib/python3.X/site-packages` with its usercustomize and .pth files, node's `~/.node_modules`
 * and `~/.node_libraries`, npm's `~/.npmrc`, pip's and git's config, bash's `~/.bashrc`), so in the work
 * dir it would let a candidate's files run as the judge starts. /tmp is empty at the start and gone
 * after, as the work dir is; caches written there are not kept (a setup's neither).
 */
export const HOME = "/tmp";
/** Enough for POSIX semaphores (Python's multiprocessing); shared memory counts against the memory limit anyway. */
export const SHM_BYTES = 4 * 1024 * 1024;
export const OPEN_FILES = 256;
/**
 * podman otherwise raises nproc to its own default, which fails where root lacks CAP_SYS_RESOURCE;
 * nproc counts per user across containers, so it stays well above any run's pids limit.
 */
const PODMAN_NPROC = 4096;
/**
 * Host tasks gVisor needs per guest process, on top of a base for the sentry and the gofer: measured
 * with runsc's ptrace platform, a fork bomb held at 64 guest processes used up to 902 host tasks (14 per
 * process), at 128 up to 2007 (16 per process).
 */
const GVISOR_TASKS_PER_PROCESS = 24;
const GVISOR_TASKS_BASE = 256;

export interface Ulimit {
  name: "nofile" | "fsize" | "nproc";
  soft: number;
  hard: number;
}

export interface Tmpfs {
  path: string;
  bytes: number;
  exec: boolean;
  mode: string;
  /** Owned by the sandbox user (the work dir); root otherwise. */
  ownedBySandbox: boolean;
}

/** Everything that confines one sandbox. */
export interface LockDown {
  image: string;
  argv: string[];
  labels: Record<string, string>;
  user: string;
  workdir: string;
  /** The whole environment: nothing of the runner's goes in. */
  env: string[];
  /** docker-init (podman's catatonit) as PID 1: orphans reaped, a signal to PID 1 ends the code. */
  init: true;
  /**
   * No network, but for a `setup` that asked for one (`setup-network: bridge`), never a candidate's, and
   * for a run with `services`: the internal network made for that run alone (services.ts), no route out.
   */
  network: string;
  /** Memory and memory+swap alike: no swap. */
  memoryBytes: number;
  cpus: number;
  /** The pids cgroup: the candidate's limit, or under gVisor the headroom of gVisor's own kernel. */
  cgroupPids: number;
  ulimits: Ulimit[];
  /** Read-only but for a setup, whose work dir is committed into the run's image from the container's own layer. */
  readOnlyRoot: boolean;
  tmpfs: Tmpfs[];
  shmBytes: number;
  capDrop: "ALL";
  noNewPrivileges: true;
  /** The engine need not store the output: it is read through the attach. */
  logDriver: "none";
  runtime?: string;
}

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
export function processLimits(
  pidsLimit: number,
  runtime: string | undefined,
): { cgroupPids: number; guestNproc?: number } {
  if (!isGvisor(runtime)) return { cgroupPids: pidsLimit };
  return { cgroupPids: GVISOR_TASKS_BASE + pidsLimit * GVISOR_TASKS_PER_PROCESS, guestNproc: pidsLimit };
}

/**
 * How the base tree's `setup` runs (run-image.ts): the candidates' lock-down, but its work dir lives in
 * the container's own layer (committed into the run image afterwards, which a tmpfs would not be) and it
 * has the network it asked for. It never sees a candidate's code.
 */
export interface SetupPurpose {
  network: "none" | "bridge";
}

/**
 * The setup's mounts: its work dir in the container's layer (the one place that carries over), and the
 * image's other world-writable place, /var/tmp, a tmpfs like /tmp, so what the setup leaves there is not
 * committed into the run image. Running as nobody without capabilities, the setup can write nowhere else
 * in a usual image.
 */
function setupTmpfs(tmpfs: readonly Tmpfs[], workdir: string): Tmpfs[] {
  const scratch = tmpfs.find((mount) => mount.path === "/tmp")!;
  return [...tmpfs.filter((mount) => mount.path !== workdir), { ...scratch, path: "/var/tmp" }];
}

export function lockDown(job: SandboxJob, setup?: SetupPurpose): LockDown {
  const { limits } = job;
  const size = limits.workdirBytes;
  const { cgroupPids, guestNproc } = processLimits(limits.pidsLimit, limits.runtime);
  // The work dir is WORKDIR unless the image's environment expects the repository elsewhere (engine.ts).
  const workdir = job.workdir ?? WORKDIR;
  const tmpfs: Tmpfs[] = [
    { path: workdir, bytes: size, exec: true, mode: "0700", ownedBySandbox: true },
    { path: "/tmp", bytes: size, exec: false, mode: "1777", ownedBySandbox: false },
  ];
  return {
    image: job.image,
    argv: driverArgv(driverCommand(job), job.check, job.tree, job.results, undefined, job.guard),
    labels: withOwner(job.labels),
    user: SANDBOX_USER,
    workdir,
    // The user site off as well: wherever HOME is, no Python process of the judge reads one. Python's
    // bytecode cache stays on: the sandbox is the candidate's alone and gone after it, a cache the run writes
    // is compiled from the files that run, and a suite that starts Python again (a subprocess, a worker)
    // imports the project from it rather than compiling it anew. A forged cache the candidate ships is
    // protect's (compiled code); PYTHONDONTWRITEBYTECODE never stopped its code writing one at run time.
    env: [`HOME=${HOME}`, "PYTHONNOUSERSITE=1", `SANDBOX_GATE_ATTEMPT=${job.attempt ?? 1}`],
    init: true,
    network: setup?.network ?? job.network ?? "none",
    memoryBytes: limits.memoryBytes,
    cpus: limits.cpus,
    cgroupPids,
    ulimits: [
      { name: "nofile", soft: OPEN_FILES, hard: OPEN_FILES },
      { name: "fsize", soft: size, hard: size },
      ...(guestNproc === undefined ? [] : [{ name: "nproc" as const, soft: guestNproc, hard: guestNproc }]),
    ],
    readOnlyRoot: setup === undefined,
    tmpfs: setup === undefined ? tmpfs : setupTmpfs(tmpfs, workdir),
    shmBytes: SHM_BYTES,
    capDrop: "ALL",
    noNewPrivileges: true,
    logDriver: "none",
    ...(limits.runtime ? { runtime: limits.runtime } : {}),
  };
}

/** Where the CLIs' `run` flags differ. */
export type Dialect = "docker" | "podman";

/** tmpfs mount options; podman refuses tmpfs's own uid=/gid= options, its `U` chowns the mount to --user. */
function tmpfsOptions(mount: Tmpfs, dialect: Dialect): string {
  const owner = mount.ownedBySandbox ? [dialect === "podman" ? "U" : `uid=${SANDBOX_ID},gid=${SANDBOX_ID}`] : [];
  return [
    "rw",
    ...(mount.exec ? ["exec"] : []),
    "nosuid",
    "nodev",
    `size=${mount.bytes}`,
    ...owner,
    `mode=${mount.mode}`,
  ].join(",");
}

/** The ulimits as a dialect sets them: the policy's, and podman's nproc unless the policy has one. */
export function ulimitsFor(policy: LockDown, dialect: Dialect): Ulimit[] {
  const hasNproc = policy.ulimits.some((u) => u.name === "nproc");
  return dialect === "podman" && !hasNproc
    ? [...policy.ulimits, { name: "nproc", soft: PODMAN_NPROC, hard: PODMAN_NPROC }]
    : policy.ulimits;
}

/**
 * The `run` argv for container `name` (or `create`'s, for a setup that is started later and reads no
 * stdin): every flag of the policy, then the image and the driver.
 */
export function cliRunArgs(policy: LockDown, name: string, dialect: Dialect, verb: "run" | "create" = "run"): string[] {
  return [
    verb,
    ...["--name", name],
    ...Object.entries(policy.labels).flatMap(([key, value]) => ["--label", `${key}=${value}`]),
    // stdin stays open for the nonce and the tar.
    ...(verb === "run" ? ["-i"] : []),
    ...(policy.init ? ["--init"] : []),
    // Images are made ready before the first run (image.ts); a run never pulls.
    ...["--pull", "never"],
    ...["--log-driver", policy.logDriver],
    ...["--network", policy.network],
    ...["--memory", String(policy.memoryBytes)],
    ...["--memory-swap", String(policy.memoryBytes)],
    ...["--cpus", String(policy.cpus)],
    ...["--pids-limit", String(policy.cgroupPids)],
    ...ulimitsFor(policy, dialect).flatMap((u) => ["--ulimit", `${u.name}=${u.soft}:${u.hard}`]),
    ...(policy.readOnlyRoot ? ["--read-only"] : []),
    // podman's --read-only also mounts writable tmpfs on /run, /tmp and /var/tmp unless told not to.
    ...(policy.readOnlyRoot && dialect === "podman" ? ["--read-only-tmpfs=false"] : []),
    ...policy.tmpfs.flatMap((mount) => ["--tmpfs", `${mount.path}:${tmpfsOptions(mount, dialect)}`]),
    ...["--shm-size", String(policy.shmBytes)],
    ...["--cap-drop", policy.capDrop],
    ...["--security-opt", "no-new-privileges"],
    ...["--user", policy.user],
    ...["--workdir", policy.workdir],
    ...policy.env.flatMap((variable) => ["--env", variable]),
    ...(policy.runtime ? ["--runtime", policy.runtime] : []),
    // Ends the options, so an image name can never be read as one.
    "--",
    policy.image,
    ...policy.argv,
  ];
}

/**
 * The name service files docker wrote for one container of the run that has no network (`/etc/hosts`,
 * `/etc/resolv.conf`, `/etc/hostname`, as paths on the engine's host), and that container's host name, which
 * its hosts file names.
 */
export interface NameFiles {
  hostname: string;
  hosts: string;
  resolvConf: string;
  hostnameFile: string;
}

/** Where a container without a network, made by `policy`, gets its name files: none for docker's own set-up. */
export type NameFilesOf = (policy: LockDown) => Promise<NameFiles | undefined>;

/**
 * What a container without a network gets in place of docker's network set-up, given the name files of
 * one container made the usual way. docker gives every container with a network namespace of its own a
 * prestart hook (`libnetwork-setkey`: dockerd's own binary started once more, in every container's start),
 * which for `none` only writes the name service files: ≈ 0.3 CPU-s a container on a host with page-table
 * isolation, the largest single cost of a fresh container there (measured: 1.13 vs 0.85 CPU-s a create,
 * start, wait and remove). With the network disabled docker adds no hook; the container still has a network
 * namespace of its own, with the loopback runc brings up and nothing else, and the same name files, bound
 * read-only. Its host name is the one those files name, so the candidate's own name resolves as under `none`.
 */
function withoutNetworkHook(names: NameFiles): { config: Record<string, unknown>; mounts: unknown[] } {
  const bind = (source: string, target: string) => ({ Type: "bind", Source: source, Target: target, ReadOnly: true });
  return {
    config: { NetworkDisabled: true, Hostname: names.hostname },
    mounts: [
      bind(names.hosts, "/etc/hosts"),
      bind(names.resolvConf, "/etc/resolv.conf"),
      bind(names.hostnameFile, "/etc/hostname"),
    ],
  };
}

/**
 * The body of `POST /containers/create`: the same policy as the Engine API spells it. With `names`, a
 * container without a network is made without docker's network hook (withoutNetworkHook).
 */
export function apiCreateConfig(policy: LockDown, names?: NameFiles): Record<string, unknown> {
  const hookless = names && policy.network === "none" ? withoutNetworkHook(names) : undefined;
  return {
    Image: policy.image,
    Cmd: policy.argv,
    Labels: policy.labels,
    User: policy.user,
    WorkingDir: policy.workdir,
    Env: policy.env,
    // `-i`: stdin open for the attach, closed for good once the attach closes it.
    AttachStdin: true,
    AttachStdout: true,
    AttachStderr: true,
    OpenStdin: true,
    StdinOnce: true,
    Tty: false,
    ...hookless?.config,
    HostConfig: {
      Init: policy.init,
      RestartPolicy: { Name: "no" },
      LogConfig: { Type: policy.logDriver, Config: {} },
      NetworkMode: policy.network,
      Memory: policy.memoryBytes,
      MemorySwap: policy.memoryBytes,
      NanoCpus: Math.round(policy.cpus * 1e9),
      PidsLimit: policy.cgroupPids,
      Ulimits: policy.ulimits.map((u) => ({ Name: u.name, Soft: u.soft, Hard: u.hard })),
      ReadonlyRootfs: policy.readOnlyRoot,
      Tmpfs: Object.fromEntries(policy.tmpfs.map((mount) => [mount.path, tmpfsOptions(mount, "docker")])),
      ShmSize: policy.shmBytes,
      CapDrop: [policy.capDrop],
      SecurityOpt: ["no-new-privileges"],
      ...(hookless ? { Mounts: hookless.mounts } : {}),
      ...(policy.runtime ? { Runtime: policy.runtime } : {}),
    },
  };
}
